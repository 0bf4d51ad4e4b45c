import bamboo.Bamboo;
import mpi.*;

/**
 * Irregular exchange: each rank's neighbour list is computed from its rank (r+-1 and r+-3 when they
 * exist), and the length of each message depends on the sender, the receiver and the iteration. Receives
 * loop over the neighbour list and land in slices of one buffer. Rank 0 collects every rank's state and
 * replays the whole exchange sequentially.
 */
@Bamboo
public class DataDependentCounts {
    static final long P = 1_000_003L;
    static final int W = 4;
    static final int ITERS = 6;
    static final int TAG = 70;
    static final int TAG_RESULT = 71;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int[] nbr = neighbours(rank, size);
        int deg = nbr.length;
        long[] x = new long[W];
        for (int j = 0; j < W; j++) x[j] = rank * 10L + j;
        long[] out = new long[W];
        long[] in = new long[W * Math.max(deg, 1)];
        Request[] reqs = new Request[2 * deg];
        for (int iter = 0; iter < ITERS; iter++) {
            int nr = 0;
            olap: {
                receive: {
                    for (int k = 0; k < deg; k++) {
                        int count = count(nbr[k], rank, iter);
                        reqs[nr++] = MPI.COMM_WORLD.Irecv(in, W * k, count, MPI.LONG, nbr[k], TAG);
                    }
                }
                send: {
                    for (int j = 0; j < W; j++) out[j] = (x[j] * (rank + 2)) % P;
                    for (int k = 0; k < deg; k++) {
                        reqs[nr++] = MPI.COMM_WORLD.Isend(out, 0, count(rank, nbr[k], iter), MPI.LONG, nbr[k], TAG);
                    }
                }
                compute: {
                    Request.Waitall(reqs);
                    for (int k = 0; k < deg; k++) {
                        int count = count(nbr[k], rank, iter);
                        for (int j = 0; j < count; j++) x[j] = (x[j] + in[W * k + j]) % P;
                    }
                }
            }
        }
        if (rank != 0) {
            MPI.COMM_WORLD.Send(x, 0, W, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[] all = new long[W * size];
            System.arraycopy(x, 0, all, 0, W);
            for (int src = 1; src < size; src++) MPI.COMM_WORLD.Recv(all, W * src, W, MPI.LONG, src, TAG_RESULT);
            boolean ok = java.util.Arrays.equals(all, sequential(size));
            System.out.println("data-dependent-counts iterations=" + ITERS + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int[] neighbours(int rank, int size) {
        int[] candidates = {rank - 3, rank - 1, rank + 1, rank + 3};
        int m = 0;
        for (int c : candidates) if (c >= 0 && c < size) m++;
        int[] nbr = new int[m];
        m = 0;
        for (int c : candidates) if (c >= 0 && c < size) nbr[m++] = c;
        return nbr;
    }

    static int count(int from, int to, int iter) {
        return 1 + (from * 7 + to * 3 + iter) % W;
    }

    static long[] sequential(int size) {
        long[][] x = new long[size][W];
        for (int r = 0; r < size; r++)
            for (int j = 0; j < W; j++) x[r][j] = r * 10L + j;
        for (int iter = 0; iter < ITERS; iter++) {
            long[][] out = new long[size][W];
            for (int r = 0; r < size; r++)
                for (int j = 0; j < W; j++) out[r][j] = (x[r][j] * (r + 2)) % P;
            for (int r = 0; r < size; r++) {
                for (int s : neighbours(r, size)) {
                    int count = count(s, r, iter);
                    for (int j = 0; j < count; j++) x[r][j] = (x[r][j] + out[s][j]) % P;
                }
            }
        }
        long[] all = new long[W * size];
        for (int r = 0; r < size; r++) System.arraycopy(x[r], 0, all, W * r, W);
        return all;
    }
}
