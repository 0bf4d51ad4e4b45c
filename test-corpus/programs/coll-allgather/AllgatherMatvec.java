import bamboo.Bamboo;
import mpi.*;

/**
 * Allgather: repeated matrix-vector products x <- A x (mod a prime) with A's rows block-distributed.
 * Every iteration the blocks of x, padded to a common chunk, are allgathered inside the compute block of
 * a region that also exchanges a ring token with the neighbours. The final x and the token trace are
 * checked against the sequential run.
 */
@Bamboo
public class AllgatherMatvec {
    static final long P = 10_007L;
    static final int N = 30;
    static final int ITERS = 5;
    static final int TAG = 190;
    static final int TAG_RESULT = 191;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int chunk = (N + size - 1) / size;
        int lo = lo(rank, size);
        int n = lo(rank + 1, size) - lo;
        int left = (rank - 1 + size) % size;
        int right = (rank + 1) % size;
        long[] mine = new long[chunk];
        for (int i = 0; i < n; i++) mine[i] = (lo + i) % 9 + 1;
        long[] all = new long[chunk * size];
        long[] x = new long[N];
        long[] token = {rank};
        long[] fromLeft = new long[1];
        long tokenSum = 0;
        Request[] reqs = new Request[2];
        for (int iter = 0; iter < ITERS; iter++) {
            olap: {
                receive: {
                    reqs[0] = MPI.COMM_WORLD.Irecv(fromLeft, 0, 1, MPI.LONG, left, TAG);
                }
                send: {
                    reqs[1] = MPI.COMM_WORLD.Isend(token, 0, 1, MPI.LONG, right, TAG);
                }
                compute: {
                    MPI.COMM_WORLD.Allgather(mine, 0, chunk, MPI.LONG, all, 0, chunk, MPI.LONG);
                    for (int r = 0; r < size; r++) System.arraycopy(all, r * chunk, x, lo(r, size), lo(r + 1, size) - lo(r, size));
                    for (int i = 0; i < n; i++) {
                        long s = 0;
                        for (int j = 0; j < N; j++) s += a(lo + i, j) * x[j];
                        mine[i] = s % P;
                    }
                    Request.Waitall(reqs);
                    tokenSum += fromLeft[0];
                    token[0] = fromLeft[0];
                }
            }
        }
        MPI.COMM_WORLD.Allgather(mine, 0, chunk, MPI.LONG, all, 0, chunk, MPI.LONG);
        for (int r = 0; r < size; r++) System.arraycopy(all, r * chunk, x, lo(r, size), lo(r + 1, size) - lo(r, size));
        long[] expected = new long[N];
        for (int i = 0; i < N; i++) expected[i] = i % 9 + 1;
        for (int iter = 0; iter < ITERS; iter++) {
            long[] next = new long[N];
            for (int i = 0; i < N; i++) {
                long s = 0;
                for (int j = 0; j < N; j++) s += a(i, j) * expected[j];
                next[i] = s % P;
            }
            expected = next;
        }
        long expectedTokens = 0;
        for (int iter = 0; iter < ITERS; iter++) expectedTokens += ((rank - iter - 1) % size + size) % size;
        long[] bad = {java.util.Arrays.equals(x, expected) && tokenSum == expectedTokens ? 0 : 1};
        if (rank != 0) {
            MPI.COMM_WORLD.Send(bad, 0, 1, MPI.LONG, 0, TAG_RESULT);
        } else {
            long total = bad[0];
            for (int src = 1; src < size; src++) {
                MPI.COMM_WORLD.Recv(bad, 0, 1, MPI.LONG, src, TAG_RESULT);
                total += bad[0];
            }
            long s = 0;
            for (int i = 0; i < N; i++) s += (i + 1) * x[i];
            System.out.println("coll-allgather n=" + N + " weighted-sum=" + s + (total == 0 ? " OK" : " FAIL ranks=" + total));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }

    static long a(int i, int j) {
        return (i * 7L + j * 3L) % 13;
    }
}
