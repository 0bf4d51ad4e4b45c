import bamboo.Bamboo;
import mpi.*;

/**
 * Blocking receives inside a receive block: the send block (written first) posts non-blocking sends to
 * both neighbours, the receive block then receives with blocking Recv into the ghost cells, and the
 * compute block waits for the sends and relaxes. Block order in the source is send, receive, compute.
 */
@Bamboo
public class RecvInRegion {
    static final long P = 1_000_003L;
    static final int N = 39;
    static final int ITERS = 9;
    static final int TAG = 240;
    static final int TAG_RESULT = 241;

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
        for (int i = 1; i <= n; i++) u[i] = (lo + i) * 23L % 89;
        Request toLeft = null;
        Request toRight = null;
        for (int iter = 0; iter < ITERS; iter++) {
            olap: {
                send: {
                    if (left >= 0) toLeft = MPI.COMM_WORLD.Isend(u, 1, 1, MPI.LONG, left, TAG);
                    if (right >= 0) toRight = MPI.COMM_WORLD.Isend(u, n, 1, MPI.LONG, right, TAG);
                }
                receive: {
                    if (left >= 0) MPI.COMM_WORLD.Recv(u, 0, 1, MPI.LONG, left, TAG);
                    if (right >= 0) MPI.COMM_WORLD.Recv(u, n + 1, 1, MPI.LONG, right, TAG);
                }
                compute: {
                    if (left >= 0) toLeft.Wait();
                    if (right >= 0) toRight.Wait();
                    for (int i = 1; i <= n; i++) v[i] = (3 * u[i - 1] + u[i] + 4 * u[i + 1] + 1) % P;
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
                MPI.COMM_WORLD.Recv(global, lo(src, size), lo(src + 1, size) - lo(src, size), MPI.LONG, src, TAG_RESULT);
            }
            long[] s = new long[N + 2];
            long[] t = new long[N + 2];
            for (int i = 1; i <= N; i++) s[i] = i * 23L % 89;
            for (int iter = 0; iter < ITERS; iter++) {
                for (int i = 1; i <= N; i++) t[i] = (3 * s[i - 1] + s[i] + 4 * s[i + 1] + 1) % P;
                long[] x = s;
                s = t;
                t = x;
            }
            long sum = 0;
            for (long x : global) sum += x;
            boolean ok = java.util.Arrays.equals(global, java.util.Arrays.copyOfRange(s, 1, N + 1));
            System.out.println("recv-in-region n=" + N + " checksum=" + sum + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }
}
