import bamboo.Bamboo;
import mpi.*;

/**
 * The vector collectives and prefix reductions with uneven counts: Scatterv hands out the blocks of the
 * global vector, a halo region relaxes them, Allgatherv and Gatherv (to the last rank) put the vector
 * back together, Scan gives each rank the prefix sum of the block sums, Reduce_scatter sums everyone's
 * contribution vectors and deals out the blocks, and Alltoallv exchanges data-dependent amounts between
 * every pair. Every rank checks everything; rank 0 prints the checksum (independent of the size).
 */
@Bamboo
public class VCollectives {
    static final long P = 1_000_003L;
    static final int N = 30;
    static final int ITERS = 5;
    static final int TAG = 320;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int[] counts = new int[size];
        int[] displs = new int[size];
        for (int r = 0; r < size; r++) {
            displs[r] = lo(r, size);
            counts[r] = lo(r + 1, size) - displs[r];
        }
        int lo = displs[rank];
        int n = counts[rank];
        long bad = 0;

        long[] initial = new long[N];
        if (rank == 0) for (int i = 0; i < N; i++) initial[i] = (i * 11L + 3) % 19;
        long[] u = new long[n + 2];
        long[] v = new long[n + 2];
        MPI.COMM_WORLD.Scatterv(initial, 0, counts, displs, MPI.LONG, u, 1, n, MPI.LONG, 0);

        int left = rank > 0 ? rank - 1 : -1;
        int right = rank < size - 1 ? rank + 1 : -1;
        Request[] reqs = new Request[4];
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
                    for (int i = 1; i <= n; i++) v[i] = (u[i - 1] + 3 * u[i] + 5 * u[i + 1]) % P;
                    long[] t = u;
                    u = v;
                    v = t;
                }
            }
        }
        long[] expected = sequential();

        long[] everything = new long[N];
        MPI.COMM_WORLD.Allgatherv(u, 1, n, MPI.LONG, everything, 0, counts, displs, MPI.LONG);
        if (!java.util.Arrays.equals(everything, expected)) bad++;

        long[] atLast = new long[N];
        MPI.COMM_WORLD.Gatherv(u, 1, n, MPI.LONG, atLast, 0, counts, displs, MPI.LONG, size - 1);
        if (rank == size - 1 && !java.util.Arrays.equals(atLast, expected)) bad++;

        long[] blockSum = {0};
        for (int i = 1; i <= n; i++) blockSum[0] += u[i];
        long[] prefix = new long[1];
        MPI.COMM_WORLD.Scan(blockSum, 0, prefix, 0, 1, MPI.LONG, MPI.SUM);
        long expectedPrefix = 0;
        for (int i = 0; i < lo + n; i++) expectedPrefix += expected[i];
        if (prefix[0] != expectedPrefix) bad++;

        long[] contribution = new long[N];
        for (int i = 0; i < N; i++) contribution[i] = (rank + 1L) * (i + 1) % 7;
        long[] myPart = new long[Math.max(n, 1)];
        MPI.COMM_WORLD.Reduce_scatter(contribution, 0, myPart, 0, counts, MPI.LONG, MPI.SUM);
        for (int i = 0; i < n; i++) {
            long e = 0;
            for (int r = 0; r < size; r++) e += (r + 1L) * (lo + i + 1) % 7;
            if (myPart[i] != e) bad++;
        }

        int[] sendCounts = new int[size];
        int[] sendDispls = new int[size];
        int[] recvCounts = new int[size];
        int[] recvDispls = new int[size];
        int sTotal = 0;
        int rTotal = 0;
        for (int d = 0; d < size; d++) {
            sendCounts[d] = pairCount(rank, d);
            sendDispls[d] = sTotal;
            sTotal += sendCounts[d];
            recvCounts[d] = pairCount(d, rank);
            recvDispls[d] = rTotal;
            rTotal += recvCounts[d];
        }
        int[] out = new int[sTotal];
        for (int d = 0; d < size; d++)
            for (int k = 0; k < sendCounts[d]; k++) out[sendDispls[d] + k] = rank * 10_000 + d * 100 + k;
        int[] in = new int[rTotal];
        MPI.COMM_WORLD.Alltoallv(out, 0, sendCounts, sendDispls, MPI.INT, in, 0, recvCounts, recvDispls, MPI.INT);
        for (int s = 0; s < size; s++)
            for (int k = 0; k < recvCounts[s]; k++) if (in[recvDispls[s] + k] != s * 10_000 + rank * 100 + k) bad++;

        long[] mine = {bad};
        long[] total = new long[1];
        MPI.COMM_WORLD.Reduce(mine, 0, total, 0, 1, MPI.LONG, MPI.SUM, 0);
        if (rank == 0) {
            long sum = 0;
            for (long x : everything) sum += x;
            System.out.println("v-collectives n=" + N + " checksum=" + sum + (total[0] == 0 ? " OK" : " FAIL problems=" + total[0]));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }

    static int pairCount(int from, int to) {
        return (from * 3 + to) % 4;
    }

    static long[] sequential() {
        long[] s = new long[N + 2];
        long[] t = new long[N + 2];
        for (int i = 1; i <= N; i++) s[i] = ((i - 1) * 11L + 3) % 19;
        for (int iter = 0; iter < ITERS; iter++) {
            for (int i = 1; i <= N; i++) t[i] = (s[i - 1] + 3 * s[i] + 5 * s[i + 1]) % P;
            long[] x = s;
            s = t;
            t = x;
        }
        return java.util.Arrays.copyOfRange(s, 1, N + 1);
    }
}
