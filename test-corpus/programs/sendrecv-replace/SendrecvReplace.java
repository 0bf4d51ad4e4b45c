import bamboo.Bamboo;
import mpi.*;

/**
 * Sendrecv and Sendrecv_replace: a circulating vector is shifted around the ring with Sendrecv_replace
 * (in place) outside any region, while a halo region exchanges ghost cells with guarded neighbours, and
 * the ring's checksum is passed on with a Sendrecv. The circulated vector visits every rank, so its
 * final contents and the rank-0 output do not depend on the rank count.
 */
@Bamboo
public class SendrecvReplace {
    static final long P = 1_000_003L;
    static final int N = 30;
    static final int K = 5;
    static final int TAG = 380;
    static final int TAG_RING = 381;
    static final int TAG_SUM = 382;
    static final int TAG_RESULT = 383;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int lo = lo(rank, size);
        int n = lo(rank + 1, size) - lo;
        int left = rank > 0 ? rank - 1 : -1;
        int right = rank < size - 1 ? rank + 1 : -1;
        int prev = (rank - 1 + size) % size;
        int next = (rank + 1) % size;
        long[] u = new long[n + 2];
        long[] v = new long[n + 2];
        for (int i = 1; i <= n; i++) u[i] = (lo + i) * 13L % 41;
        long[] token = new long[K];
        for (int k = 0; k < K; k++) token[k] = rank == 0 ? k + 1 : 0;
        Request[] reqs = new Request[4];
        for (int step = 0; step < size; step++) {
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
                    for (int i = 1; i <= n; i++) v[i] = (u[i - 1] + 2 * u[i] + 2 * u[i + 1]) % P;
                    long[] t = u;
                    u = v;
                    v = t;
                }
            }
            // The token holds one value per slot; each rank folds its block sum into the slot of this step.
            long blockSum = 0;
            for (int i = 1; i <= n; i++) blockSum += u[i];
            token[step % K] = (token[step % K] * 7 + blockSum + lo) % P;
            MPI.COMM_WORLD.Sendrecv_replace(token, 0, K, MPI.LONG, next, TAG_RING, prev, TAG_RING);
        }
        long[] mySum = {0};
        for (long t : token) mySum[0] += t;
        long[] prevSum = new long[1];
        MPI.COMM_WORLD.Sendrecv(mySum, 0, 1, MPI.LONG, next, TAG_SUM, prevSum, 0, 1, MPI.LONG, prev, TAG_SUM);
        boolean consistent = prevSum[0] == expectedTokenSum(size, prev);
        long[] result = {consistent ? 0 : 1};
        if (rank != 0) {
            MPI.COMM_WORLD.Send(result, 0, 1, MPI.LONG, 0, TAG_RESULT);
            MPI.COMM_WORLD.Send(u, 1, n, MPI.LONG, 0, TAG_RESULT);
        } else {
            long bad = result[0];
            long[] global = new long[N];
            System.arraycopy(u, 1, global, 0, n);
            for (int src = 1; src < size; src++) {
                MPI.COMM_WORLD.Recv(result, 0, 1, MPI.LONG, src, TAG_RESULT);
                bad += result[0];
                MPI.COMM_WORLD.Recv(global, lo(src, size), lo(src + 1, size) - lo(src, size), MPI.LONG, src, TAG_RESULT);
            }
            long[] s = new long[N + 2];
            long[] t = new long[N + 2];
            for (int i = 1; i <= N; i++) s[i] = i * 13L % 41;
            for (int step = 0; step < size; step++) {
                for (int i = 1; i <= N; i++) t[i] = (s[i - 1] + 2 * s[i] + 2 * s[i + 1]) % P;
                long[] x = s;
                s = t;
                t = x;
            }
            boolean ok = bad == 0 && java.util.Arrays.equals(global, java.util.Arrays.copyOfRange(s, 1, N + 1));
            System.out.println("sendrecv-replace" + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }

    /** The token sum rank {@code owner} ends with, replayed sequentially for the whole ring. */
    static long expectedTokenSum(int size, int owner) {
        long[][] tokens = new long[size][K];
        for (int k = 0; k < K; k++) tokens[0][k] = k + 1;
        long[][] u = new long[size][];
        long[][] v = new long[size][];
        for (int r = 0; r < size; r++) {
            int n = lo(r + 1, size) - lo(r, size);
            u[r] = new long[n + 2];
            v[r] = new long[n + 2];
            for (int i = 1; i <= n; i++) u[r][i] = (lo(r, size) + i) * 13L % 41;
        }
        for (int step = 0; step < size; step++) {
            for (int r = 0; r < size; r++) {
                int n = u[r].length - 2;
                u[r][0] = r > 0 ? u[r - 1][u[r - 1].length - 2] : 0;
                u[r][n + 1] = r < size - 1 ? u[r + 1][1] : 0;
            }
            for (int r = 0; r < size; r++) {
                int n = u[r].length - 2;
                for (int i = 1; i <= n; i++) v[r][i] = (u[r][i - 1] + 2 * u[r][i] + 2 * u[r][i + 1]) % P;
                long[] t = u[r];
                u[r] = v[r];
                v[r] = t;
            }
            long[][] shifted = new long[size][];
            for (int r = 0; r < size; r++) {
                long blockSum = 0;
                for (int i = 1; i < u[r].length - 1; i++) blockSum += u[r][i];
                tokens[r][step % K] = (tokens[r][step % K] * 7 + blockSum + lo(r, size)) % P;
            }
            for (int r = 0; r < size; r++) shifted[(r + 1) % size] = tokens[r];
            tokens = shifted;
        }
        long sum = 0;
        for (long t : tokens[owner]) sum += t;
        return sum;
    }
}
