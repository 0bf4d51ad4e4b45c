import bamboo.Bamboo;
import mpi.*;

/**
 * The kernel is an object: a Stencil holds its block, ghost cells, neighbours and requests in fields,
 * and its instance methods do the communication (the halo region lives in exchangeAndRelax, the
 * collection of the result in gatherTo0). main only builds the object and drives it.
 */
@Bamboo
public class KernelObject {
    static final long P = 1_000_003L;
    static final int N = 46;
    static final int ITERS = 10;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Stencil s = new Stencil(MPI.COMM_WORLD.Rank(), MPI.COMM_WORLD.Size());
        for (int iter = 0; iter < ITERS; iter++) {
            s.exchangeAndRelax(iter);
        }
        long[] global = s.gatherTo0();
        if (global != null) {
            long sum = 0;
            for (long x : global) sum += x;
            boolean ok = java.util.Arrays.equals(global, Stencil.sequential());
            System.out.println("kernel-object n=" + N + " checksum=" + sum + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }

    /** One rank's part of the problem and the operations on it. */
    static final class Stencil {
        static final int TAG = 260;
        static final int TAG_RESULT = 261;

        private final int rank;
        private final int size;
        private final int lo;
        private final int n;
        private final int left;
        private final int right;
        private long[] u;
        private long[] v;
        private final Request[] reqs;

        Stencil(int rank, int size) {
            this.rank = rank;
            this.size = size;
            this.lo = lo(rank, size);
            this.n = lo(rank + 1, size) - lo;
            this.left = rank > 0 ? rank - 1 : -1;
            this.right = rank < size - 1 ? rank + 1 : -1;
            this.u = new long[n + 2];
            this.v = new long[n + 2];
            for (int i = 1; i <= n; i++) u[i] = initial(lo + i - 1);
            this.reqs = new Request[4];
        }

        void exchangeAndRelax(int iter) throws MPIException {
            int nr = 0;
            java.util.Arrays.fill(reqs, null);
            olap: {
                receive: {
                    if (left >= 0) reqs[nr++] = MPI.COMM_WORLD.Irecv(u, 0, 1, MPI.LONG, left, TAG);
                    if (right >= 0) reqs[nr++] = MPI.COMM_WORLD.Irecv(u, n + 1, 1, MPI.LONG, right, TAG);
                }
                send: {
                    if (left >= 0) reqs[nr++] = MPI.COMM_WORLD.Isend(u, 1, 1, MPI.LONG, left, TAG);
                    if (right >= 0) reqs[nr++] = MPI.COMM_WORLD.Isend(u, n, 1, MPI.LONG, right, TAG);
                }
                compute: {
                    Request.Waitall(reqs);
                    relax(u, v, n, iter);
                    long[] t = u;
                    u = v;
                    v = t;
                }
            }
        }

        /** The whole array on rank 0, null elsewhere. */
        long[] gatherTo0() throws MPIException {
            if (rank != 0) {
                MPI.COMM_WORLD.Send(u, 1, n, MPI.LONG, 0, TAG_RESULT);
                return null;
            }
            long[] global = new long[N];
            System.arraycopy(u, 1, global, 0, n);
            for (int src = 1; src < size; src++) {
                MPI.COMM_WORLD.Recv(global, lo(src, size), lo(src + 1, size) - lo(src, size), MPI.LONG, src, TAG_RESULT);
            }
            return global;
        }

        static long initial(int gi) {
            return (gi * 97L + 5) % 61;
        }

        static void relax(long[] u, long[] v, int n, int iter) {
            for (int i = 1; i <= n; i++) v[i] = (2 * u[i - 1] + 7 * u[i] + u[i + 1] + iter) % P;
        }

        static long[] sequential() {
            long[] u = new long[N + 2];
            long[] v = new long[N + 2];
            for (int i = 1; i <= N; i++) u[i] = initial(i - 1);
            for (int iter = 0; iter < ITERS; iter++) {
                relax(u, v, N, iter);
                long[] t = u;
                u = v;
                v = t;
            }
            return java.util.Arrays.copyOfRange(u, 1, N + 1);
        }
    }
}
