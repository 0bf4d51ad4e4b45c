import bamboo.Bamboo;
import bamboo.TaskHints;
import mpi.*;

/**
 * Scheduling hints: ranks at the ends of the line (which other ranks wait on least) run at a low
 * priority, inner ranks at a high one; in the second half of the run the priority turns negative, so a
 * translated task yields at the end of every region, and every third iteration asks to yield after the
 * region explicitly. Untranslated the hints do nothing; either way the result must be the same.
 */
@Bamboo
public class Priorities {
    static final long P = 1_000_003L;
    static final int N = 40;
    static final int ITERS = 10;
    static final int TAG = 280;
    static final int TAG_RESULT = 281;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int lo = lo(rank, size);
        int n = lo(rank + 1, size) - lo;
        int left = rank > 0 ? rank - 1 : -1;
        int right = rank < size - 1 ? rank + 1 : -1;
        TaskHints.priority(left < 0 || right < 0 ? 1 : 5);
        long[] u = new long[n + 2];
        long[] v = new long[n + 2];
        for (int i = 1; i <= n; i++) u[i] = (lo + i) * 43L % 53;
        Request[] reqs = new Request[4];
        for (int iter = 0; iter < ITERS; iter++) {
            if (iter == ITERS / 2) TaskHints.priority(-1 - rank % 3);
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
                    for (int i = 1; i <= n; i++) v[i] = (u[i - 1] + 9 * u[i] + 4 * u[i + 1] + iter) % P;
                    long[] t = u;
                    u = v;
                    v = t;
                    if (iter % 3 == 0) TaskHints.yieldAfterRegion();
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
            long[] s = new long[N + 2];
            long[] t = new long[N + 2];
            for (int i = 1; i <= N; i++) s[i] = i * 43L % 53;
            for (int iter = 0; iter < ITERS; iter++) {
                for (int i = 1; i <= N; i++) t[i] = (s[i - 1] + 9 * s[i] + 4 * s[i + 1] + iter) % P;
                long[] x = s;
                s = t;
                t = x;
            }
            long sum = 0;
            for (long x : global) sum += x;
            boolean ok = java.util.Arrays.equals(global, java.util.Arrays.copyOfRange(s, 1, N + 1));
            System.out.println("priorities n=" + N + " checksum=" + sum + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }
}
