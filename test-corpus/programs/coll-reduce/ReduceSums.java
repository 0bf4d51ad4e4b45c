import bamboo.Bamboo;
import mpi.*;

/**
 * Reduce to two different roots: inside the compute block of a halo region every rank reduces its
 * block's (sum, sum of squares) with SUM to rank 0; every other iteration, outside the region, the
 * block maxima are reduced with MAX to the last rank. Each root checks what it got against the
 * sequential computation and prints one line (both lines are independent of the rank count).
 */
@Bamboo
public class ReduceSums {
    static final long P = 10_007L;
    static final int N = 42;
    static final int ITERS = 6;
    static final int TAG = 150;

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
        for (int i = 1; i <= n; i++) u[i] = (lo + i) * 53L % 71;
        int neighbours = (left >= 0 ? 1 : 0) + (right >= 0 ? 1 : 0);
        Request[] reqs = new Request[2 * neighbours];
        long[] local = new long[2];
        long[] global = new long[2];
        int[] localMax = new int[1];
        int[] globalMax = new int[1];
        long sumTrace = 0;
        long maxTrace = 0;
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
                    local[0] = 0;
                    local[1] = 0;
                    for (int i = 1; i <= n; i++) {
                        local[0] += u[i];
                        local[1] += u[i] * u[i];
                    }
                    MPI.COMM_WORLD.Reduce(local, 0, global, 0, 2, MPI.LONG, MPI.SUM, 0);
                    if (rank == 0) sumTrace = sumTrace * 31 + global[0] + 7 * global[1];
                }
            }
            if (iter % 2 == 0) {
                localMax[0] = Integer.MIN_VALUE;
                for (int i = 1; i <= n; i++) localMax[0] = Math.max(localMax[0], (int) u[i]);
                MPI.COMM_WORLD.Reduce(localMax, 0, globalMax, 0, 1, MPI.INT, MPI.MAX, size - 1);
                if (rank == size - 1) maxTrace = maxTrace * 31 + globalMax[0];
            }
        }
        if (rank == 0 || rank == size - 1) {
            long[] s = new long[N + 2];
            long[] t = new long[N + 2];
            for (int i = 1; i <= N; i++) s[i] = i * 53L % 71;
            long seqSum = 0;
            long seqMax = 0;
            for (int iter = 0; iter < ITERS; iter++) {
                relax(s, t, N);
                long[] x = s;
                s = t;
                t = x;
                long a = 0;
                long b = 0;
                long m = Long.MIN_VALUE;
                for (int i = 1; i <= N; i++) {
                    a += s[i];
                    b += s[i] * s[i];
                    m = Math.max(m, s[i]);
                }
                seqSum = seqSum * 31 + a + 7 * b;
                if (iter % 2 == 0) seqMax = seqMax * 31 + m;
            }
            if (rank == 0) System.out.println("coll-reduce sum-trace=" + sumTrace + (sumTrace == seqSum ? " OK" : " FAIL"));
            if (rank == size - 1) System.out.println("coll-reduce max-trace=" + maxTrace + (maxTrace == seqMax ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }

    static void relax(long[] u, long[] v, int n) {
        for (int i = 1; i <= n; i++) v[i] = (u[i - 1] + 3 * u[i] + u[i + 1] + 2) % P;
    }
}
