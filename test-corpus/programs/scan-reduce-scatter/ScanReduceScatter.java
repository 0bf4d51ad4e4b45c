import bamboo.Bamboo;
import mpi.*;

/**
 * Scan and Reduce_scatter: an inclusive prefix sum of each rank's block sums (so every rank knows where its
 * block starts in a global numbering), a Scan with a non-commutative user Op (2 x 2 matrix product modulo a
 * prime, combined in rank order), and Reduce_scatter with uneven counts (rank r keeps r % 3 + 1 items of
 * the element-wise sum). A halo region between the collectives keeps them among ordinary messages. Every
 * rank checks its own results; rank 0 collects the verdicts and prints size-independent values.
 */
@Bamboo
public class ScanReduceScatter {
    static final long P = 10_007L;
    static final int N = 40;
    static final int TAG = 420;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int lo = lo(rank, size);
        int hi = lo(rank + 1, size);
        int bad = 0;

        // Prefix sums of block sums.
        long[] blockSum = {0};
        for (int i = lo; i < hi; i++) blockSum[0] += value(i);
        long[] prefix = new long[1];
        MPI.COMM_WORLD.Scan(blockSum, 0, prefix, 0, 1, MPI.LONG, MPI.SUM);
        long expectedPrefix = 0;
        for (int i = 0; i < hi; i++) expectedPrefix += value(i);
        if (prefix[0] != expectedPrefix) bad++;

        // A halo region: the last element of each block goes right, after the prefix is known.
        long[] edge = {prefix[0]};
        long[] fromLeft = {0};
        olap: {
            receive: { if (rank > 0) MPI.COMM_WORLD.Recv(fromLeft, 0, 1, MPI.LONG, rank - 1, TAG); }
            send: { if (rank < size - 1) MPI.COMM_WORLD.Send(edge, 0, 1, MPI.LONG, rank + 1, TAG); }
            compute: { if (prefix[0] - fromLeft[0] != blockSum[0]) bad++; }
        }

        // A non-commutative Scan: the running matrix product in rank order.
        Op product = new Op(new MatrixProduct(), false);
        long[] block = {1, 0, 0, 1};
        for (int i = lo; i < hi; i++) block = multiply(block, matrix(i));
        long[] running = new long[4];
        MPI.COMM_WORLD.Scan(block, 0, running, 0, 4, MPI.LONG, product);
        long[] expectedRunning = {1, 0, 0, 1};
        for (int i = 0; i < hi; i++) expectedRunning = multiply(expectedRunning, matrix(i));
        if (!java.util.Arrays.equals(running, expectedRunning)) bad++;

        // Reduce_scatter with uneven counts.
        int[] counts = new int[size];
        int total = 0;
        for (int r = 0; r < size; r++) {
            counts[r] = r % 3 + 1;
            total += counts[r];
        }
        long[] contribution = new long[total];
        for (int j = 0; j < total; j++) contribution[j] = (rank + 1L) * (j + 3) % 101;
        long[] mine = new long[counts[rank]];
        MPI.COMM_WORLD.Reduce_scatter(contribution, 0, mine, 0, counts, MPI.LONG, MPI.SUM);
        int first = 0;
        for (int r = 0; r < rank; r++) first += counts[r];
        for (int k = 0; k < counts[rank]; k++) {
            long expected = 0;
            for (int r = 0; r < size; r++) expected += (r + 1L) * (first + k + 3) % 101;
            if (mine[k] != expected) bad++;
        }
        // Reduce_scatter with the non-commutative product, one matrix per rank.
        int[] fours = new int[size];
        java.util.Arrays.fill(fours, 4);
        long[] mats = new long[4 * size];
        for (int r = 0; r < size; r++) System.arraycopy(matrix(rank + r), 0, mats, 4 * r, 4);
        long[] myProduct = new long[4];
        MPI.COMM_WORLD.Reduce_scatter(mats, 0, myProduct, 0, fours, MPI.LONG, product);
        long[] expectedProduct = {1, 0, 0, 1};
        for (int r = 0; r < size; r++) expectedProduct = multiply(expectedProduct, matrix(r + rank));
        if (!java.util.Arrays.equals(myProduct, expectedProduct)) bad++;

        int[] verdict = {bad};
        int[] problems = new int[1];
        MPI.COMM_WORLD.Reduce(verdict, 0, problems, 0, 1, MPI.INT, MPI.SUM, 0);
        long[] last = new long[4];
        if (rank == size - 1) System.arraycopy(running, 0, last, 0, 4);
        MPI.COMM_WORLD.Bcast(last, 0, 4, MPI.LONG, size - 1);
        if (rank == 0) {
            System.out.println("scan-reduce-scatter total=" + totalOf() + " product="
                    + java.util.Arrays.toString(last) + (problems[0] == 0 ? " OK" : " FAIL problems=" + problems[0]));
        }
        product.Free();
        MPI.Finalize();
    }

    static long totalOf() {
        long t = 0;
        for (int i = 0; i < N; i++) t += value(i);
        return t;
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }

    static long value(int i) {
        return (i * 29L + 7) % 61;
    }

    static long[] matrix(int i) {
        return new long[] {i % 5 + 1, i % 3, (i * 7) % 4, i % 2 + 1};
    }

    static long[] multiply(long[] a, long[] b) {
        return new long[] {
            (a[0] * b[0] + a[1] * b[2]) % P, (a[0] * b[1] + a[1] * b[3]) % P,
            (a[2] * b[0] + a[3] * b[2]) % P, (a[2] * b[1] + a[3] * b[3]) % P};
    }

    /** inout = in * inout: in holds the lower ranks' product. */
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
