import bamboo.Bamboo;
import mpi.*;

/**
 * Scatter: rank 0 lays the global array out in equal padded chunks and scatters them; each rank relaxes
 * its block with a halo region; every few iterations (inside the compute block) the last rank scatters
 * one shift value per rank, which each rank adds to its first cell. Rank 0 collects the result with
 * blocking receives.
 */
@Bamboo
public class ScatterWork {
    static final long P = 1_000_003L;
    static final int N = 35;
    static final int ITERS = 8;
    static final int TAG = 180;
    static final int TAG_RESULT = 181;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int chunk = (N + size - 1) / size;
        long[] layout = new long[chunk * size];
        if (rank == 0) {
            for (int r = 0; r < size; r++)
                for (int i = lo(r, size); i < lo(r + 1, size); i++) layout[r * chunk + i - lo(r, size)] = initial(i);
        }
        long[] mine = new long[chunk];
        MPI.COMM_WORLD.Scatter(layout, 0, chunk, MPI.LONG, mine, 0, chunk, MPI.LONG, 0);
        int lo = lo(rank, size);
        int n = lo(rank + 1, size) - lo;
        int left = rank > 0 ? rank - 1 : -1;
        int right = rank < size - 1 ? rank + 1 : -1;
        long[] u = new long[n + 2];
        long[] v = new long[n + 2];
        System.arraycopy(mine, 0, u, 1, n);
        int neighbours = (left >= 0 ? 1 : 0) + (right >= 0 ? 1 : 0);
        Request[] reqs = new Request[2 * neighbours];
        long[] shifts = new long[size];
        long[] myShift = new long[1];
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
                    if (iter % 3 == 1) {
                        if (rank == size - 1) {
                            for (int r = 0; r < size; r++) shifts[r] = shift(lo(r, size), iter);
                        }
                        MPI.COMM_WORLD.Scatter(shifts, 0, 1, MPI.LONG, myShift, 0, 1, MPI.LONG, size - 1);
                        u[1] = (u[1] + myShift[0]) % P;
                    }
                }
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
            System.out.println("coll-scatter n=" + N + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }

    static long initial(int i) {
        return (i * 13L + 2) % 37;
    }

    static long shift(int firstIndex, int iter) {
        return (firstIndex * 100L + iter) % 997;
    }

    static void relax(long[] u, long[] v, int n) {
        for (int i = 1; i <= n; i++) v[i] = (u[i - 1] * 2 + u[i] * 3 + u[i + 1] * 5) % P;
    }

    /** Shifts land on each block's first cell, so the replay needs the block boundaries. */
    static long[] sequential(int size) {
        long[] u = new long[N + 2];
        long[] v = new long[N + 2];
        for (int i = 1; i <= N; i++) u[i] = initial(i - 1);
        for (int iter = 0; iter < ITERS; iter++) {
            relax(u, v, N);
            long[] t = u;
            u = v;
            v = t;
            if (iter % 3 == 1) {
                for (int r = 0; r < size; r++) u[lo(r, size) + 1] = (u[lo(r, size) + 1] + shift(lo(r, size), iter)) % P;
            }
        }
        return java.util.Arrays.copyOfRange(u, 1, N + 1);
    }
}
