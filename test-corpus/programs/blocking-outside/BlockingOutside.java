import bamboo.Bamboo;
import mpi.*;

/**
 * Blocking communication outside any region, each of which is an evaluation point of its own: rank 0
 * distributes the initial blocks with Ssend (the others Recv them), every third iteration the ranks
 * shift their block sums around a ring with a blocking Sendrecv outside the halo region, and rank 0
 * collects the result with blocking receives.
 */
@Bamboo
public class BlockingOutside {
    static final long P = 1_000_003L;
    static final int N = 36;
    static final int ITERS = 9;
    static final int TAG_INIT = 120;
    static final int TAG = 121;
    static final int TAG_SHIFT = 122;
    static final int TAG_RESULT = 123;

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
        if (rank == 0) {
            long[] global = new long[N];
            for (int i = 0; i < N; i++) global[i] = (i * 7L + 1) % 23;
            System.arraycopy(global, 0, u, 1, n);
            for (int dest = 1; dest < size; dest++) {
                MPI.COMM_WORLD.Ssend(global, lo(dest, size), lo(dest + 1, size) - lo(dest, size), MPI.LONG, dest, TAG_INIT);
            }
        } else {
            MPI.COMM_WORLD.Recv(u, 1, n, MPI.LONG, 0, TAG_INIT);
        }
        int neighbours = (left >= 0 ? 1 : 0) + (right >= 0 ? 1 : 0);
        Request[] reqs = new Request[2 * neighbours];
        long[] mySum = new long[1];
        long[] leftSum = new long[1];
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
                }
            }
            if (iter % 3 == 2) {
                mySum[0] = blockSum(u, n);
                MPI.COMM_WORLD.Sendrecv(mySum, 0, 1, MPI.LONG, (rank + 1) % size, TAG_SHIFT,
                        leftSum, 0, 1, MPI.LONG, (rank - 1 + size) % size, TAG_SHIFT);
                u[1] = (u[1] + leftSum[0]) % P;
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
            boolean ok = java.util.Arrays.equals(global, sequential(size));
            System.out.println("blocking-outside iterations=" + ITERS + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }

    static void relax(long[] u, long[] v, int n) {
        for (int i = 1; i <= n; i++) v[i] = (5 * u[i - 1] + u[i] + 2 * u[i + 1] + i) % P;
    }

    static long blockSum(long[] u, int n) {
        long s = 0;
        for (int i = 1; i <= n; i++) s += u[i];
        return s % P;
    }

    static long[] sequential(int size) {
        long[][] u = new long[size][];
        long[][] v = new long[size][];
        for (int r = 0; r < size; r++) {
            int n = lo(r + 1, size) - lo(r, size);
            u[r] = new long[n + 2];
            v[r] = new long[n + 2];
            for (int i = 1; i <= n; i++) u[r][i] = ((lo(r, size) + i - 1) * 7L + 1) % 23;
        }
        for (int iter = 0; iter < ITERS; iter++) {
            for (int r = 0; r < size; r++) {
                int n = u[r].length - 2;
                u[r][0] = r > 0 ? u[r - 1][u[r - 1].length - 2] : 0;
                u[r][n + 1] = r < size - 1 ? u[r + 1][1] : 0;
            }
            for (int r = 0; r < size; r++) {
                relax(u[r], v[r], u[r].length - 2);
                long[] t = u[r];
                u[r] = v[r];
                v[r] = t;
            }
            if (iter % 3 == 2) {
                long[] sums = new long[size];
                for (int r = 0; r < size; r++) sums[r] = blockSum(u[r], u[r].length - 2);
                for (int r = 0; r < size; r++) u[r][1] = (u[r][1] + sums[(r - 1 + size) % size]) % P;
            }
        }
        long[] g = new long[N];
        for (int r = 0; r < size; r++) System.arraycopy(u[r], 1, g, lo(r, size), u[r].length - 2);
        return g;
    }
}
