import bamboo.Bamboo;
import mpi.*;

/**
 * Gather: a 1-D halo iteration on uneven blocks, then every rank's block, padded to a common chunk
 * length, is gathered to rank 0 (which prints the checksum), and the block maxima are gathered to the
 * middle rank (which checks them). The gather to rank 0 happens inside a compute block.
 */
@Bamboo
public class GatherBlocks {
    static final long P = 1_000_003L;
    static final int N = 38;
    static final int ITERS = 7;
    static final int TAG = 170;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int lo = lo(rank, size);
        int n = lo(rank + 1, size) - lo;
        int chunk = (N + size - 1) / size;
        int left = rank > 0 ? rank - 1 : -1;
        int right = rank < size - 1 ? rank + 1 : -1;
        long[] u = new long[n + 2];
        long[] v = new long[n + 2];
        for (int i = 1; i <= n; i++) u[i] = (lo + i) * 29L % 43;
        int neighbours = (left >= 0 ? 1 : 0) + (right >= 0 ? 1 : 0);
        Request[] reqs = new Request[2 * neighbours];
        long[] padded = new long[chunk];
        long[] all = new long[chunk * size];
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
                    relax(u, v, n);
                    long[] t = u;
                    u = v;
                    v = t;
                    if (iter == ITERS - 1) {
                        System.arraycopy(u, 1, padded, 0, n);
                        MPI.COMM_WORLD.Gather(padded, 0, chunk, MPI.LONG, all, 0, chunk, MPI.LONG, 0);
                    }
                }
            }
        }
        int[] myMax = {0};
        for (int i = 1; i <= n; i++) myMax[0] = Math.max(myMax[0], (int) u[i]);
        int[] maxima = new int[size];
        int middle = size / 2;
        MPI.COMM_WORLD.Gather(myMax, 0, 1, MPI.INT, maxima, 0, 1, MPI.INT, middle);
        long[] expected = sequential();
        if (rank == 0) {
            long[] global = new long[N];
            for (int r = 0; r < size; r++) System.arraycopy(all, r * chunk, global, lo(r, size), lo(r + 1, size) - lo(r, size));
            long s = 0;
            for (long x : global) s += x;
            System.out.println("coll-gather n=" + N + " checksum=" + s + (java.util.Arrays.equals(global, expected) ? " OK" : " FAIL"));
        }
        if (rank == middle) {
            boolean ok = true;
            for (int r = 0; r < size; r++) {
                int m = 0;
                for (int i = lo(r, size); i < lo(r + 1, size); i++) m = Math.max(m, (int) expected[i]);
                ok &= m == maxima[r];
            }
            System.out.println("coll-gather maxima" + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }

    static void relax(long[] u, long[] v, int n) {
        for (int i = 1; i <= n; i++) v[i] = (u[i - 1] * 4 + u[i] + u[i + 1] * 9 + 5) % P;
    }

    static long[] sequential() {
        long[] u = new long[N + 2];
        long[] v = new long[N + 2];
        for (int i = 1; i <= N; i++) u[i] = i * 29L % 43;
        for (int iter = 0; iter < ITERS; iter++) {
            relax(u, v, N);
            long[] t = u;
            u = v;
            v = t;
        }
        return java.util.Arrays.copyOfRange(u, 1, N + 1);
    }
}
