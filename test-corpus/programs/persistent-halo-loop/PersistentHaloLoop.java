import bamboo.Bamboo;
import mpi.*;

/**
 * A radius-2 stencil whose width-2 halo travels through persistent requests set up once for a
 * neighbour list: the olap label stands on the iteration loop, the receive block starts the receives
 * one by one in a loop over the neighbours, the send block packs the edges and starts every send with
 * Startall (Ssend_init to the left, Send_init to the right), and the compute block waits for both
 * arrays before it unpacks the ghosts. Buffers are fixed, so each iteration reuses the same requests.
 */
@Bamboo
public class PersistentHaloLoop {
    static final long P = 1_000_003L;
    static final int N = 53;
    static final int ITERS = 7;
    static final int TAG_RIGHTWARD = 610;
    static final int TAG_LEFTWARD = 611;
    static final int TAG_RESULT = 612;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int lo = lo(rank, size);
        int n = lo(rank + 1, size) - lo;
        int[] nbrs = new int[2];
        int nb = 0;
        if (rank > 0) nbrs[nb++] = rank - 1;
        if (rank < size - 1) nbrs[nb++] = rank + 1;
        long[] u = new long[n + 4];
        long[] v = new long[n + 4];
        for (int i = 0; i < n; i++) u[i + 2] = (lo + i) * 23L % 97;
        long[] out = new long[2 * nb];
        long[] in = new long[2 * nb];
        Prequest[] recvs = new Prequest[nb];
        Prequest[] sends = new Prequest[nb];
        for (int k = 0; k < nb; k++) {
            boolean right = nbrs[k] > rank;
            // what comes from the right neighbour travels leftward, and the other way round
            recvs[k] = MPI.COMM_WORLD.Recv_init(in, 2 * k, 2, MPI.LONG, nbrs[k], right ? TAG_LEFTWARD : TAG_RIGHTWARD);
            if (right) {
                sends[k] = MPI.COMM_WORLD.Send_init(out, 2 * k, 2, MPI.LONG, nbrs[k], TAG_RIGHTWARD);
            } else {
                sends[k] = MPI.COMM_WORLD.Ssend_init(out, 2 * k, 2, MPI.LONG, nbrs[k], TAG_LEFTWARD);
            }
        }
        olap: for (int iter = 0; iter < ITERS; iter++) {
            receive: {
                for (int k = 0; k < nb; k++) {
                    recvs[k].Start();
                }
            }
            send: {
                for (int k = 0; k < nb; k++) {
                    boolean right = nbrs[k] > rank;
                    out[2 * k] = right ? u[n] : u[2];
                    out[2 * k + 1] = right ? u[n + 1] : u[3];
                }
                Prequest.Startall(sends);
            }
            compute: {
                Request.Waitall(recvs);
                u[0] = 0;
                u[1] = 0;
                u[n + 2] = 0;
                u[n + 3] = 0;
                for (int k = 0; k < nb; k++) {
                    if (nbrs[k] > rank) {
                        u[n + 2] = in[2 * k];
                        u[n + 3] = in[2 * k + 1];
                    } else {
                        u[0] = in[2 * k];
                        u[1] = in[2 * k + 1];
                    }
                }
                for (int i = 2; i < n + 2; i++) {
                    v[i] = (u[i - 2] + 3 * u[i - 1] + 5 * u[i] + 7 * u[i + 1] + 11 * u[i + 2] + 1) % P;
                }
                Request.Waitall(sends);
                long[] t = u;
                u = v;
                v = t;
            }
        }
        for (int k = 0; k < nb; k++) {
            recvs[k].Free();
            sends[k].Free();
        }
        if (rank != 0) {
            MPI.COMM_WORLD.Send(u, 2, n, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[] global = new long[N];
            System.arraycopy(u, 2, global, 0, n);
            for (int src = 1; src < size; src++) {
                MPI.COMM_WORLD.Recv(global, lo(src, size), lo(src + 1, size) - lo(src, size), MPI.LONG, src, TAG_RESULT);
            }
            long[] s = new long[N + 4];
            long[] t = new long[N + 4];
            for (int i = 0; i < N; i++) s[i + 2] = i * 23L % 97;
            for (int iter = 0; iter < ITERS; iter++) {
                for (int i = 2; i < N + 2; i++) {
                    t[i] = (s[i - 2] + 3 * s[i - 1] + 5 * s[i] + 7 * s[i + 1] + 11 * s[i + 2] + 1) % P;
                }
                long[] x = s;
                s = t;
                t = x;
            }
            long sum = 0;
            for (long x : global) sum += x;
            boolean ok = java.util.Arrays.equals(global, java.util.Arrays.copyOfRange(s, 2, N + 2));
            System.out.println("persistent-halo-loop n=" + N + " checksum=" + sum + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }
}
