import bamboo.Bamboo;
import mpi.*;

/**
 * Persistent requests: the halo's receives and sends are set up once with Recv_init and Send_init, and
 * every iteration's region starts them (Prequest.Startall in the receive block, Start in the send block)
 * and waits for them. The buffers are fixed, so the ghost values are copied in and out around the region.
 */
@Bamboo
public class PersistentRequests {
    static final long P = 1_000_003L;
    static final int N = 41;
    static final int ITERS = 9;
    static final int TAG = 370;
    static final int TAG_RESULT = 371;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int lo = lo(rank, size);
        int n = lo(rank + 1, size) - lo;
        int left = rank > 0 ? rank - 1 : -1;
        int right = rank < size - 1 ? rank + 1 : -1;
        int neighbours = (left >= 0 ? 1 : 0) + (right >= 0 ? 1 : 0);
        long[] u = new long[n + 2];
        long[] v = new long[n + 2];
        for (int i = 1; i <= n; i++) u[i] = (lo + i) * 19L % 61;
        long[] ghosts = new long[2];
        long[] edges = new long[2];
        Prequest[] recvs = new Prequest[neighbours];
        Prequest[] sends = new Prequest[neighbours];
        int m = 0;
        if (left >= 0) {
            recvs[m] = MPI.COMM_WORLD.Recv_init(ghosts, 0, 1, MPI.LONG, left, TAG);
            sends[m++] = MPI.COMM_WORLD.Send_init(edges, 0, 1, MPI.LONG, left, TAG);
        }
        if (right >= 0) {
            recvs[m] = MPI.COMM_WORLD.Recv_init(ghosts, 1, 1, MPI.LONG, right, TAG);
            sends[m++] = MPI.COMM_WORLD.Send_init(edges, 1, 1, MPI.LONG, right, TAG);
        }
        for (int iter = 0; iter < ITERS; iter++) {
            olap: {
                receive: {
                    Prequest.Startall(recvs);
                }
                send: {
                    edges[0] = u[1];
                    edges[1] = u[n];
                    for (int k = 0; k < neighbours; k++) sends[k].Start();
                }
                compute: {
                    Request.Waitall(recvs);
                    Request.Waitall(sends);
                    u[0] = left >= 0 ? ghosts[0] : 0;
                    u[n + 1] = right >= 0 ? ghosts[1] : 0;
                    for (int i = 1; i <= n; i++) v[i] = (4 * u[i - 1] + u[i] + 6 * u[i + 1] + 2) % P;
                    long[] t = u;
                    u = v;
                    v = t;
                }
            }
        }
        for (int k = 0; k < neighbours; k++) {
            recvs[k].Free();
            sends[k].Free();
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
            for (int i = 1; i <= N; i++) s[i] = i * 19L % 61;
            for (int iter = 0; iter < ITERS; iter++) {
                for (int i = 1; i <= N; i++) t[i] = (4 * s[i - 1] + s[i] + 6 * s[i + 1] + 2) % P;
                long[] x = s;
                s = t;
                t = x;
            }
            long sum = 0;
            for (long x : global) sum += x;
            boolean ok = java.util.Arrays.equals(global, java.util.Arrays.copyOfRange(s, 1, N + 1));
            System.out.println("persistent-requests n=" + N + " checksum=" + sum + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }
}
