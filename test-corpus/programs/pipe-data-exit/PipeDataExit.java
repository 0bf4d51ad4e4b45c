import bamboo.Bamboo;
import mpi.*;

/**
 * Loops that end on data. The first leaves from its compute block once an Allreduce says nothing
 * changed: its send block is pipelined, and the break skips the pipelined copy, so no message is sent
 * for an iteration that never runs. The second leaves from the loop tail, the third through its
 * condition (a flag the tail sets): neither may be pipelined (the guard could not know), and the
 * translation keeps their send blocks in place. Every loop computes the same max-propagation.
 */
@Bamboo
public class PipeDataExit {
    static final int N = 40;
    static final int MAX_ITERS = 500;
    static final int TAG = 20;
    static final int TAG_RESULT = 21;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int lo = lo(rank, size);
        int n = lo(rank + 1, size) - lo;
        int left = rank > 0 ? rank - 1 : -1;
        int right = rank < size - 1 ? rank + 1 : -1;
        int nb = (left >= 0 ? 1 : 0) + (right >= 0 ? 1 : 0);
        Request[] reqs = new Request[2 * nb];
        int[] changed = new int[1];
        int[] total = new int[1];
        int[] counts = new int[3];
        long check = 0;
        for (int form = 0; form < 3; form++) {
            int[] u = new int[n + 2];
            int[] v = new int[n + 2];
            for (int i = 1; i <= n; i++) u[i] = initial(lo + i - 1, form);
            if (form == 0) {
                for (int iter = 0; iter < MAX_ITERS; iter++) {
                    olap: {
                        receive: {
                            int r = 0;
                            if (left >= 0) reqs[r++] = MPI.COMM_WORLD.Irecv(u, 0, 1, MPI.INT, left, TAG);
                            if (right >= 0) reqs[r++] = MPI.COMM_WORLD.Irecv(u, n + 1, 1, MPI.INT, right, TAG);
                        }
                        send: {
                            int s = nb;
                            if (left >= 0) reqs[s++] = MPI.COMM_WORLD.Isend(u, 1, 1, MPI.INT, left, TAG);
                            if (right >= 0) reqs[s++] = MPI.COMM_WORLD.Isend(u, n, 1, MPI.INT, right, TAG);
                        }
                        compute: {
                            Request.Waitall(reqs);
                            changed[0] = propagate(u, v, n, left, right);
                            int[] t = u;
                            u = v;
                            v = t;
                            counts[0]++;
                            MPI.COMM_WORLD.Allreduce(changed, 0, total, 0, 1, MPI.INT, MPI.SUM);
                            if (total[0] == 0) {
                                break;
                            }
                        }
                    }
                }
            } else if (form == 1) {
                for (int iter = 0; iter < MAX_ITERS; iter++) {
                    olap: {
                        receive: {
                            int r = 0;
                            if (left >= 0) reqs[r++] = MPI.COMM_WORLD.Irecv(u, 0, 1, MPI.INT, left, TAG);
                            if (right >= 0) reqs[r++] = MPI.COMM_WORLD.Irecv(u, n + 1, 1, MPI.INT, right, TAG);
                        }
                        send: {
                            int s = nb;
                            if (left >= 0) reqs[s++] = MPI.COMM_WORLD.Isend(u, 1, 1, MPI.INT, left, TAG);
                            if (right >= 0) reqs[s++] = MPI.COMM_WORLD.Isend(u, n, 1, MPI.INT, right, TAG);
                        }
                        compute: {
                            Request.Waitall(reqs);
                            changed[0] = propagate(u, v, n, left, right);
                            int[] t = u;
                            u = v;
                            v = t;
                        }
                    }
                    counts[1]++;
                    MPI.COMM_WORLD.Allreduce(changed, 0, total, 0, 1, MPI.INT, MPI.SUM);
                    if (total[0] == 0) {
                        break;
                    }
                }
            } else {
                boolean done = false;
                for (int iter = 0; iter < MAX_ITERS && !done; iter++) {
                    olap: {
                        receive: {
                            int r = 0;
                            if (left >= 0) reqs[r++] = MPI.COMM_WORLD.Irecv(u, 0, 1, MPI.INT, left, TAG);
                            if (right >= 0) reqs[r++] = MPI.COMM_WORLD.Irecv(u, n + 1, 1, MPI.INT, right, TAG);
                        }
                        send: {
                            int s = nb;
                            if (left >= 0) reqs[s++] = MPI.COMM_WORLD.Isend(u, 1, 1, MPI.INT, left, TAG);
                            if (right >= 0) reqs[s++] = MPI.COMM_WORLD.Isend(u, n, 1, MPI.INT, right, TAG);
                        }
                        compute: {
                            Request.Waitall(reqs);
                            changed[0] = propagate(u, v, n, left, right);
                            int[] t = u;
                            u = v;
                            v = t;
                        }
                    }
                    counts[2]++;
                    MPI.COMM_WORLD.Allreduce(changed, 0, total, 0, 1, MPI.INT, MPI.SUM);
                    done = total[0] == 0;
                }
            }
            long[] part = {0};
            for (int i = 1; i <= n; i++) part[0] += (long) (lo + i) * u[i];
            long[] sum = new long[1];
            MPI.COMM_WORLD.Allreduce(part, 0, sum, 0, 1, MPI.LONG, MPI.SUM);
            check = check * 1_000_003L + sum[0];
        }
        if (rank == 0) {
            long expected = 0;
            int[] seqCounts = new int[3];
            for (int form = 0; form < 3; form++) {
                int[] u = new int[N + 2];
                int[] v = new int[N + 2];
                for (int i = 1; i <= N; i++) u[i] = initial(i - 1, form);
                for (int iter = 0; iter < MAX_ITERS; iter++) {
                    int c = propagate(u, v, N, -1, -1);
                    int[] t = u;
                    u = v;
                    v = t;
                    seqCounts[form]++;
                    if (c == 0) break;
                }
                long sum = 0;
                for (int i = 1; i <= N; i++) sum += (long) i * u[i];
                expected = expected * 1_000_003L + sum;
            }
            boolean ok = expected == check && java.util.Arrays.equals(seqCounts, counts);
            System.out.println("pipe-data-exit iterations=" + counts[0] + "," + counts[1] + "," + counts[2]
                    + " checksum=" + check + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }

    static int initial(int i, int form) {
        return (int) ((i * 131L + form * 17L) % 97);
    }

    /** Each cell takes the maximum of itself and its neighbours; the outer ghosts count as 0. */
    static int propagate(int[] u, int[] v, int n, int left, int right) {
        if (left < 0) u[0] = 0;
        if (right < 0) u[n + 1] = 0;
        int c = 0;
        for (int i = 1; i <= n; i++) {
            v[i] = Math.max(u[i], Math.max(u[i - 1], u[i + 1]));
            if (v[i] != u[i]) c++;
        }
        return c;
    }
}
