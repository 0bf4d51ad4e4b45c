import bamboo.Bamboo;
import mpi.*;

/**
 * Iterate until converged: each cell takes the maximum of itself and its neighbours (a halo exchange
 * region), the number of cells that changed is summed with Allreduce, and the loop is left with break as
 * soon as nothing changed. The iteration count and the final values do not depend on the rank count.
 */
@Bamboo
public class EarlyExit {
    static final int N = 60;
    static final int MAX_ITERS = 1000;
    static final int TAG = 100;
    static final int TAG_RESULT = 101;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int lo = lo(rank, size);
        int n = lo(rank + 1, size) - lo;
        int left = rank > 0 ? rank - 1 : -1;
        int right = rank < size - 1 ? rank + 1 : -1;
        int[] u = new int[n + 2];
        int[] v = new int[n + 2];
        for (int i = 1; i <= n; i++) u[i] = initial(lo + i - 1);
        int neighbours = (left >= 0 ? 1 : 0) + (right >= 0 ? 1 : 0);
        Request[] reqs = new Request[2 * neighbours];
        int[] changed = new int[1];
        int[] totalChanged = new int[1];
        int iterations = 0;
        for (int iter = 0; iter < MAX_ITERS; iter++) {
            int nr = 0;
            olap: {
                receive: {
                    if (left >= 0) reqs[nr++] = MPI.COMM_WORLD.Irecv(u, 0, 1, MPI.INT, left, TAG);
                    if (right >= 0) reqs[nr++] = MPI.COMM_WORLD.Irecv(u, n + 1, 1, MPI.INT, right, TAG);
                }
                send: {
                    if (left >= 0) reqs[nr++] = MPI.COMM_WORLD.Isend(u, 1, 1, MPI.INT, left, TAG);
                    if (right >= 0) reqs[nr++] = MPI.COMM_WORLD.Isend(u, n, 1, MPI.INT, right, TAG);
                }
                compute: {
                    Request.Waitall(reqs);
                    changed[0] = propagate(u, v, n);
                    int[] t = u;
                    u = v;
                    v = t;
                }
            }
            iterations = iter + 1;
            MPI.COMM_WORLD.Allreduce(changed, 0, totalChanged, 0, 1, MPI.INT, MPI.SUM);
            if (totalChanged[0] == 0) {
                break;
            }
        }
        if (rank != 0) {
            MPI.COMM_WORLD.Send(u, 1, n, MPI.INT, 0, TAG_RESULT);
        } else {
            int[] global = new int[N];
            System.arraycopy(u, 1, global, 0, n);
            for (int src = 1; src < size; src++) {
                MPI.COMM_WORLD.Recv(global, lo(src, size), lo(src + 1, size) - lo(src, size), MPI.INT, src, TAG_RESULT);
            }
            int[] seq = new int[N + 2];
            int[] tmp = new int[N + 2];
            for (int i = 1; i <= N; i++) seq[i] = initial(i - 1);
            int seqIterations = 0;
            for (int iter = 0; iter < MAX_ITERS; iter++) {
                int c = propagate(seq, tmp, N);
                int[] t = seq;
                seq = tmp;
                tmp = t;
                seqIterations = iter + 1;
                if (c == 0) break;
            }
            boolean ok = iterations == seqIterations && java.util.Arrays.equals(global, java.util.Arrays.copyOfRange(seq, 1, N + 1));
            long s = 0;
            for (int x : global) s += x;
            System.out.println("early-exit n=" + N + " iterations=" + iterations + " checksum=" + s + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }

    static int initial(int gi) {
        return (int) ((gi * 7919L + 3) % 1000);
    }

    /** v = max over the three-cell neighbourhood; returns how many cells changed. */
    static int propagate(int[] u, int[] v, int n) {
        int changed = 0;
        for (int i = 1; i <= n; i++) {
            v[i] = Math.max(u[i], Math.max(u[i - 1], u[i + 1]));
            if (v[i] != u[i]) changed++;
        }
        return changed;
    }
}
