import bamboo.Bamboo;
import mpi.*;

/**
 * Bcast from two roots: the last rank builds the stencil coefficients and broadcasts them, rank 0 builds
 * the initial global array and broadcasts it; every rank keeps its block. Inside the compute block of the
 * halo region, the owner of the first cell broadcasts it every other iteration (root 0), and everyone
 * folds it into a running trace that must equal the sequential one.
 */
@Bamboo
public class BcastParams {
    static final long P = 1_000_003L;
    static final int N = 33;
    static final int ITERS = 8;
    static final int TAG = 140;
    static final int TAG_RESULT = 141;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        long[] coef = new long[3];
        if (rank == size - 1) {
            coef[0] = 2;
            coef[1] = 5;
            coef[2] = 3;
        }
        MPI.COMM_WORLD.Bcast(coef, 0, 3, MPI.LONG, size - 1);
        long[] global = new long[N];
        if (rank == 0) {
            for (int i = 0; i < N; i++) global[i] = (i * 19L + 4) % 31;
        }
        MPI.COMM_WORLD.Bcast(global, 0, N, MPI.LONG, 0);
        int lo = lo(rank, size);
        int n = lo(rank + 1, size) - lo;
        int left = rank > 0 ? rank - 1 : -1;
        int right = rank < size - 1 ? rank + 1 : -1;
        long[] u = new long[n + 2];
        long[] v = new long[n + 2];
        System.arraycopy(global, lo, u, 1, n);
        int neighbours = (left >= 0 ? 1 : 0) + (right >= 0 ? 1 : 0);
        Request[] reqs = new Request[2 * neighbours];
        long[] first = new long[1];
        long trace = 0;
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
                    relax(u, v, n, coef);
                    long[] t = u;
                    u = v;
                    v = t;
                    if (iter % 2 == 1) {
                        if (rank == 0) first[0] = u[1];
                        MPI.COMM_WORLD.Bcast(first, 0, 1, MPI.LONG, 0);
                        trace = (trace * 7 + first[0]) % P;
                    }
                }
            }
        }
        // Sequential replay on every rank: the trace must match everywhere.
        long[] s = new long[N + 2];
        long[] t = new long[N + 2];
        for (int i = 1; i <= N; i++) s[i] = ((i - 1) * 19L + 4) % 31;
        long seqTrace = 0;
        long[] c = {2, 5, 3};
        for (int iter = 0; iter < ITERS; iter++) {
            relax(s, t, N, c);
            long[] x = s;
            s = t;
            t = x;
            if (iter % 2 == 1) seqTrace = (seqTrace * 7 + s[1]) % P;
        }
        long[] bad = {trace == seqTrace ? 0 : 1};
        for (int i = 1; i <= n; i++) if (u[i] != s[lo + i]) bad[0]++;
        if (rank != 0) {
            MPI.COMM_WORLD.Send(bad, 0, 1, MPI.LONG, 0, TAG_RESULT);
        } else {
            long total = bad[0];
            for (int src = 1; src < size; src++) {
                MPI.COMM_WORLD.Recv(bad, 0, 1, MPI.LONG, src, TAG_RESULT);
                total += bad[0];
            }
            System.out.println("coll-bcast n=" + N + " trace=" + trace + (total == 0 ? " OK" : " FAIL mismatches=" + total));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }

    static void relax(long[] u, long[] v, int n, long[] c) {
        for (int i = 1; i <= n; i++) v[i] = (c[0] * u[i - 1] + c[1] * u[i] + c[2] * u[i + 1] + 1) % P;
    }
}
