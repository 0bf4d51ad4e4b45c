import bamboo.Bamboo;
import mpi.*;

/**
 * Object payloads and reduction operations beyond SUM: a region passes Object[] messages (strings,
 * boxed numbers, arrays; by serialisation) around the ring; MAXLOC on INT2 and MINLOC on DOUBLE2 find the
 * extreme values of the global array and where they are; a user-defined, non-commutative Op (2 x 2
 * matrix product modulo a prime) reduces every rank's block product in rank order; MPI.OBJECT Bcast
 * spreads a parameter table. The printed values do not depend on the rank count.
 */
@Bamboo
public class ObjectsAndOps {
    static final long P = 10_007L;
    static final int N = 24;
    static final int ITERS = 4;
    static final int TAG = 330;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int lo = lo(rank, size);
        int hi = lo(rank + 1, size);
        int bad = 0;

        Object[] table = new Object[2];
        if (rank == 0) {
            table[0] = "parameters";
            table[1] = new int[] {3, 1, 4, 1, 5};
        }
        MPI.COMM_WORLD.Bcast(table, 0, 2, MPI.OBJECT, 0);
        if (!"parameters".equals(table[0]) || !java.util.Arrays.equals((int[]) table[1], new int[] {3, 1, 4, 1, 5})) bad++;

        int left = (rank - 1 + size) % size;
        int right = (rank + 1) % size;
        Object[] out = new Object[3];
        Object[] in = new Object[3];
        Request[] reqs = new Request[2];
        for (int iter = 0; iter < ITERS; iter++) {
            olap: {
                receive: {
                    reqs[0] = MPI.COMM_WORLD.Irecv(in, 0, 3, MPI.OBJECT, left, TAG);
                }
                send: {
                    out[0] = "from " + rank + " at " + iter;
                    out[1] = Long.valueOf(rank * 100L + iter);
                    out[2] = new long[] {rank, iter, rank * iter};
                    reqs[1] = MPI.COMM_WORLD.Isend(out, 0, 3, MPI.OBJECT, right, TAG);
                }
                compute: {
                    Request.Waitall(reqs);
                    if (!("from " + left + " at " + iter).equals(in[0])) bad++;
                    if (!Long.valueOf(left * 100L + iter).equals(in[1])) bad++;
                    if (!java.util.Arrays.equals((long[]) in[2], new long[] {left, iter, (long) left * iter})) bad++;
                }
            }
        }

        int[] maxloc = {Integer.MIN_VALUE, -1};
        double[] minloc = {Double.MAX_VALUE, -1};
        for (int i = lo; i < hi; i++) {
            if (value(i) > maxloc[0]) {
                maxloc[0] = value(i);
                maxloc[1] = i;
            }
            if (value(i) * 0.5 < minloc[0]) {
                minloc[0] = value(i) * 0.5;
                minloc[1] = i;
            }
        }
        int[] gmax = new int[2];
        double[] gmin = new double[2];
        MPI.COMM_WORLD.Allreduce(maxloc, 0, gmax, 0, 1, MPI.INT2, MPI.MAXLOC);
        MPI.COMM_WORLD.Allreduce(minloc, 0, gmin, 0, 1, MPI.DOUBLE2, MPI.MINLOC);
        int[] emax = {Integer.MIN_VALUE, -1};
        double[] emin = {Double.MAX_VALUE, -1};
        for (int i = 0; i < N; i++) {
            if (value(i) > emax[0]) {
                emax[0] = value(i);
                emax[1] = i;
            }
            if (value(i) * 0.5 < emin[0]) {
                emin[0] = value(i) * 0.5;
                emin[1] = i;
            }
        }
        if (!java.util.Arrays.equals(gmax, emax) || !java.util.Arrays.equals(gmin, emin)) bad++;

        Op product = new Op(new MatrixProduct(), false);
        long[] block = identity();
        for (int i = lo; i < hi; i++) block = multiply(block, matrix(i));
        long[] total = new long[4];
        MPI.COMM_WORLD.Reduce(block, 0, total, 0, 4, MPI.LONG, product, 0);

        int[] mine = {bad};
        int[] problems = new int[1];
        MPI.COMM_WORLD.Reduce(mine, 0, problems, 0, 1, MPI.INT, MPI.SUM, 0);
        if (rank == 0) {
            long[] expected = identity();
            for (int i = 0; i < N; i++) expected = multiply(expected, matrix(i));
            boolean ok = problems[0] == 0 && java.util.Arrays.equals(total, expected);
            System.out.println("objects-ops max=" + gmax[0] + "@" + gmax[1] + " min=" + gmin[0] + "@" + (int) gmin[1]
                    + " product=" + java.util.Arrays.toString(total) + (ok ? " OK" : " FAIL problems=" + problems[0]));
        }
        product.Free();
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }

    static int value(int i) {
        return (i * 37 + 11) % 53 - 20;
    }

    static long[] identity() {
        return new long[] {1, 0, 0, 1};
    }

    static long[] matrix(int i) {
        return new long[] {i % 5 + 1, i % 3, (i * 7) % 4, i % 2 + 1};
    }

    /** a * b for row-major 2 x 2 matrices, modulo P. */
    static long[] multiply(long[] a, long[] b) {
        return new long[] {
            (a[0] * b[0] + a[1] * b[2]) % P, (a[0] * b[1] + a[1] * b[3]) % P,
            (a[2] * b[0] + a[3] * b[2]) % P, (a[2] * b[1] + a[3] * b[3]) % P};
    }

    /** inout = in * inout, where in holds the lower ranks' product: the order the blocks come in. */
    static final class MatrixProduct extends User_function {
        @Override
        public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype) {
            long[] in = (long[]) invec;
            long[] inout = (long[]) inoutvec;
            for (int m = 0; m < count / 4; m++) {
                long[] a = java.util.Arrays.copyOfRange(in, inoffset + 4 * m, inoffset + 4 * m + 4);
                long[] b = java.util.Arrays.copyOfRange(inout, inoutoffset + 4 * m, inoutoffset + 4 * m + 4);
                System.arraycopy(multiply(a, b), 0, inout, inoutoffset + 4 * m, 4);
            }
        }
    }
}
