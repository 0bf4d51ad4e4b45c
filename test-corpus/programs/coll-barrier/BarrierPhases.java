import bamboo.Bamboo;
import mpi.*;

/**
 * Barrier inside an annotated program: a 1-D halo region whose compute block ends with a Barrier on
 * every third iteration, and a Barrier between the iteration phase and the collection of the result.
 */
@Bamboo
public class BarrierPhases {
    static final long P = 1_000_003L;
    static final int N = 40;
    static final int ITERS = 9;
    static final int TAG = 130;
    static final int TAG_RESULT = 131;

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
        for (int i = 1; i <= n; i++) u[i] = (lo + i) * 3L % 29;
        int neighbours = (left >= 0 ? 1 : 0) + (right >= 0 ? 1 : 0);
        Request[] reqs = new Request[2 * neighbours];
        MPI.COMM_WORLD.Barrier();
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
                    if (iter % 3 == 0) MPI.COMM_WORLD.Barrier();
                }
            }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank != 0) {
            MPI.COMM_WORLD.Send(u, 1, n, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[] global = new long[N];
            System.arraycopy(u, 1, global, 0, n);
            for (int src = 1; src < size; src++) {
                MPI.COMM_WORLD.Recv(global, lo(src, size), lo(src + 1, size) - lo(src, size), MPI.LONG, src, TAG_RESULT);
            }
            long[] s = new long[N + 2];
            long[] t = new long[N + 2];
            for (int i = 1; i <= N; i++) s[i] = i * 3L % 29;
            for (int iter = 0; iter < ITERS; iter++) {
                relax(s, t, N, 0);
                long[] x = s;
                s = t;
                t = x;
            }
            long sum = 0;
            for (long x : global) sum += x;
            boolean ok = java.util.Arrays.equals(global, java.util.Arrays.copyOfRange(s, 1, N + 1));
            System.out.println("coll-barrier n=" + N + " checksum=" + sum + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }

    static void relax(long[] u, long[] v, int n, int lo) {
        for (int i = 1; i <= n; i++) v[i] = (u[i - 1] + u[i] * 6 + u[i + 1] * 2 + lo + i) % P;
    }
}
