import bamboo.Bamboo;
import mpi.*;

/**
 * 1-D three-point stencil on a block-distributed array with one ghost cell per side. The ranks at the
 * ends of the line have no neighbour there (guarded receives and sends); the global boundary is a fixed
 * zero. Integer arithmetic modulo a prime, so the checksum is exact and the same for every rank count.
 */
@Bamboo
public class Halo1D {
    static final long P = 1_000_003L;
    static final int N = 64;
    static final int ITERS = 12;
    static final int TAG = 7;
    static final int TAG_RESULT = 8;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int lo = lo(rank, size);
        int n = lo(rank + 1, size) - lo;
        int left = rank > 0 ? rank - 1 : -1;
        int right = rank < size - 1 ? rank + 1 : -1;
        long[] u = new long[n + 2];
        long[] v = new long[n + 2];
        for (int i = 1; i <= n; i++) {
            u[i] = initial(lo + i - 1);
        }
        int neighbours = (left >= 0 ? 1 : 0) + (right >= 0 ? 1 : 0);
        Request[] reqs = new Request[2 * neighbours];
        for (int iter = 0; iter < ITERS; iter++) {
            int nr = 0;
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
                    relax(u, v, n, lo);
                    long[] t = u;
                    u = v;
                    v = t;
                }
            }
        }
        if (rank != 0) {
            MPI.COMM_WORLD.Send(u, 1, n, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[] global = new long[N];
            System.arraycopy(u, 1, global, 0, n);
            for (int src = 1; src < size; src++) {
                int srcLo = lo(src, size);
                MPI.COMM_WORLD.Recv(global, srcLo, lo(src + 1, size) - srcLo, MPI.LONG, src, TAG_RESULT);
            }
            long[] expected = sequential();
            boolean ok = java.util.Arrays.equals(global, expected);
            System.out.println("halo1d n=" + N + " iterations=" + ITERS + " checksum=" + sum(global)
                    + (ok ? " OK" : " FAIL expected checksum=" + sum(expected)));
        }
        MPI.Finalize();
    }

    static int lo(int rank, int size) {
        return (int) ((long) rank * N / size);
    }

    static long initial(int gi) {
        return (gi * 7919L + 17) % 1000;
    }

    /** v[i] from u[i-1], u[i], u[i+1] for the n interior cells; the global index mixes in the position. */
    static void relax(long[] u, long[] v, int n, int lo) {
        for (int i = 1; i <= n; i++) {
            v[i] = (u[i - 1] + 2 * u[i] + 3 * u[i + 1] + lo + i - 1) % P;
        }
    }

    static long sum(long[] a) {
        long s = 0;
        for (long x : a) {
            s += x;
        }
        return s;
    }

    static long[] sequential() {
        long[] u = new long[N + 2];
        long[] v = new long[N + 2];
        for (int i = 1; i <= N; i++) {
            u[i] = initial(i - 1);
        }
        for (int iter = 0; iter < ITERS; iter++) {
            relax(u, v, N, 0);
            long[] t = u;
            u = v;
            v = t;
        }
        return java.util.Arrays.copyOfRange(u, 1, N + 1);
    }
}
