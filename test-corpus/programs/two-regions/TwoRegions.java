import bamboo.Bamboo;
import mpi.*;

/**
 * Two regions in every iteration of one loop: the first exchanges the ghost cells of u and computes w
 * from u, the second exchanges the ghost cells of w and computes u from w (a staggered-grid update).
 * The second region's sends depend on the first region's compute of the same iteration.
 */
@Bamboo
public class TwoRegions {
    static final long P = 1_000_003L;
    static final int N = 50;
    static final int ITERS = 8;
    static final int TAG_U = 90;
    static final int TAG_W = 91;
    static final int TAG_RESULT = 92;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int lo = lo(rank, size);
        int n = lo(rank + 1, size) - lo;
        int left = rank > 0 ? rank - 1 : -1;
        int right = rank < size - 1 ? rank + 1 : -1;
        long[] u = new long[n + 2];
        long[] w = new long[n + 2];
        for (int i = 1; i <= n; i++) u[i] = (lo + i) * 11L % 97;
        int neighbours = (left >= 0 ? 1 : 0) + (right >= 0 ? 1 : 0);
        Request[] ra = new Request[2 * neighbours];
        Request[] rb = new Request[2 * neighbours];
        for (int iter = 0; iter < ITERS; iter++) {
            int na = 0;
            olap: {
                receive: {
                    if (left >= 0) ra[na++] = MPI.COMM_WORLD.Irecv(u, 0, 1, MPI.LONG, left, TAG_U);
                    if (right >= 0) ra[na++] = MPI.COMM_WORLD.Irecv(u, n + 1, 1, MPI.LONG, right, TAG_U);
                }
                send: {
                    if (left >= 0) ra[na++] = MPI.COMM_WORLD.Isend(u, 1, 1, MPI.LONG, left, TAG_U);
                    if (right >= 0) ra[na++] = MPI.COMM_WORLD.Isend(u, n, 1, MPI.LONG, right, TAG_U);
                }
                compute: {
                    Request.Waitall(ra);
                    stepW(u, w, n, iter);
                }
            }
            int nb = 0;
            olap: {
                receive: {
                    if (left >= 0) rb[nb++] = MPI.COMM_WORLD.Irecv(w, 0, 1, MPI.LONG, left, TAG_W);
                    if (right >= 0) rb[nb++] = MPI.COMM_WORLD.Irecv(w, n + 1, 1, MPI.LONG, right, TAG_W);
                }
                send: {
                    if (left >= 0) rb[nb++] = MPI.COMM_WORLD.Isend(w, 1, 1, MPI.LONG, left, TAG_W);
                    if (right >= 0) rb[nb++] = MPI.COMM_WORLD.Isend(w, n, 1, MPI.LONG, right, TAG_W);
                }
                compute: {
                    Request.Waitall(rb);
                    stepU(u, w, n);
                }
            }
        }
        if (rank != 0) {
            MPI.COMM_WORLD.Send(u, 1, n, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[] global = new long[N];
            System.arraycopy(u, 1, global, 0, n);
            for (int src = 1; src < size; src++) {
                MPI.COMM_WORLD.Recv(global, lo(src, size), lo(src + 1, size) - lo(src, size), MPI.LONG, src, TAG_RESULT);
            }
            long[] expected = sequential();
            long s = 0;
            for (long x : global) s += x;
            System.out.println("two-regions n=" + N + " iterations=" + ITERS + " checksum=" + s
                    + (java.util.Arrays.equals(global, expected) ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }

    static void stepW(long[] u, long[] w, int n, int iter) {
        for (int i = 1; i <= n; i++) w[i] = (u[i - 1] + 4 * u[i] + 9 * u[i + 1] + iter) % P;
    }

    static void stepU(long[] u, long[] w, int n) {
        for (int i = 1; i <= n; i++) u[i] = (2 * w[i - 1] + w[i + 1] + u[i]) % P;
    }

    static long[] sequential() {
        long[] u = new long[N + 2];
        long[] w = new long[N + 2];
        for (int i = 1; i <= N; i++) u[i] = i * 11L % 97;
        for (int iter = 0; iter < ITERS; iter++) {
            stepW(u, w, N, iter);
            stepU(u, w, N);
        }
        return java.util.Arrays.copyOfRange(u, 1, N + 1);
    }
}
