import bamboo.Bamboo;
import mpi.*;

/**
 * A 1-D integer stencil whose loop tail reduces the maximum with Allreduce every few sweeps (the shape of
 * jacobi3d): translated, the send block of the next sweep is pipelined to the end of this sweep, so the
 * faces travel while the reduction completes. The request counter of the sends is reset at the top of
 * the body ({@code int s = nb;}), which the pipelined copy sets itself.
 */
@Bamboo
public class PipeAllreduceTail {
    static final int N = 48;
    static final int ITERS = 20;
    static final int EVERY = 3;
    static final int TAG = 7;
    static final int TAG_RESULT = 8;
    static final long MOD = 1_000_003L;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int lo = lo(rank, size);
        int n = lo(rank + 1, size) - lo;
        int left = rank > 0 && n > 0 ? prevOwner(rank, size) : -1;
        int right = rank < size - 1 && n > 0 ? nextOwner(rank, size) : -1;
        long[] u = new long[n + 2];
        long[] v = new long[n + 2];
        for (int i = 1; i <= n; i++) u[i] = initial(lo + i - 1);
        int nb = (left >= 0 ? 1 : 0) + (right >= 0 ? 1 : 0);
        Request[] reqs = new Request[2 * nb];
        long[] local = new long[1];
        long[] global = new long[1];
        long history = 0;
        for (int iter = 0; iter < ITERS; iter++) {
            int r = 0;
            int s = nb;
            olap: {
                receive: {
                    if (left >= 0) reqs[r++] = MPI.COMM_WORLD.Irecv(u, 0, 1, MPI.LONG, left, TAG);
                    if (right >= 0) reqs[r++] = MPI.COMM_WORLD.Irecv(u, n + 1, 1, MPI.LONG, right, TAG);
                }
                send: {
                    if (left >= 0) reqs[s++] = MPI.COMM_WORLD.Isend(u, 1, 1, MPI.LONG, left, TAG);
                    if (right >= 0) reqs[s++] = MPI.COMM_WORLD.Isend(u, n, 1, MPI.LONG, right, TAG);
                }
                compute: {
                    Request.Waitall(reqs);
                    if (left < 0) u[0] = 0;
                    if (right < 0) u[n + 1] = 0;
                    for (int i = 1; i <= n; i++) v[i] = (u[i - 1] + 2 * u[i] + u[i + 1] + iter) % MOD;
                    long[] t = u;
                    u = v;
                    v = t;
                }
            }
            if (iter % EVERY == 0) {
                local[0] = 0;
                for (int i = 1; i <= n; i++) local[0] = Math.max(local[0], u[i]);
                MPI.COMM_WORLD.Allreduce(local, 0, global, 0, 1, MPI.LONG, MPI.MAX);
                history = (history * 31 + global[0]) % MOD;
            }
        }
        if (rank != 0) {
            MPI.COMM_WORLD.Send(u, 1, n, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[] all = new long[N];
            System.arraycopy(u, 1, all, 0, n);
            for (int src = 1; src < size; src++) {
                int from = lo(src, size);
                MPI.COMM_WORLD.Recv(all, from, lo(src + 1, size) - from, MPI.LONG, src, TAG_RESULT);
            }
            long[] seq = new long[N + 2];
            long[] tmp = new long[N + 2];
            long seqHistory = 0;
            for (int i = 1; i <= N; i++) seq[i] = initial(i - 1);
            for (int iter = 0; iter < ITERS; iter++) {
                for (int i = 1; i <= N; i++) tmp[i] = (seq[i - 1] + 2 * seq[i] + seq[i + 1] + iter) % MOD;
                long[] t = seq;
                seq = tmp;
                tmp = t;
                if (iter % EVERY == 0) {
                    long max = 0;
                    for (int i = 1; i <= N; i++) max = Math.max(max, seq[i]);
                    seqHistory = (seqHistory * 31 + max) % MOD;
                }
            }
            boolean ok = seqHistory == history;
            long check = 0;
            for (int i = 0; i < N; i++) {
                ok &= all[i] == seq[i + 1];
                check = (check * 7 + all[i]) % MOD;
            }
            System.out.println("pipe-allreduce-tail n=" + N + " history=" + history + " checksum=" + check
                    + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }

    /** The nearest lower rank that owns cells (with more ranks than cells some own none). */
    static int prevOwner(int rank, int size) {
        for (int q = rank - 1; q >= 0; q--) {
            if (lo(q + 1, size) > lo(q, size)) return q;
        }
        return -1;
    }

    static int nextOwner(int rank, int size) {
        for (int q = rank + 1; q < size; q++) {
            if (lo(q + 1, size) > lo(q, size)) return q;
        }
        return -1;
    }

    static long initial(int i) {
        return (i * 37L + 11) % 101;
    }
}
