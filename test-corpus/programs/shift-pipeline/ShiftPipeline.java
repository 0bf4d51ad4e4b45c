import bamboo.Bamboo;
import mpi.*;

/**
 * Systolic matrix-vector product z = A y: each rank owns a block of rows and a block of y; the y blocks
 * travel one step to the right around the ring every iteration. The block a rank sends in iteration t is
 * the one it received in iteration t-1 (or its own), and the block it receives comes from the left
 * neighbour's send of the same iteration: the send block must run before the region's evaluation point
 * (block reordering) or every rank waits for its left neighbour forever. Block lengths differ between
 * ranks, so the receive count depends on which block is in flight.
 */
@Bamboo
public class ShiftPipeline {
    static final int N = 40;
    static final int TAG = 40;
    static final int TAG_RESULT = 41;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int left = (rank - 1 + size) % size;
        int right = (rank + 1) % size;
        int lo = lo(rank, size);
        int rows = lo(rank + 1, size) - lo;
        long[] z = new long[rows];
        int maxLen = N / size + 1;
        long[] cur = new long[maxLen];
        long[] next = new long[maxLen];
        for (int j = 0; j < rows; j++) cur[j] = y(lo + j);
        int curOwner = rank;
        multiply(z, lo, rows, cur, curOwner, size);
        Request[] reqs = new Request[2];
        for (int t = 0; t < size - 1; t++) {
            olap: {
                receive: {
                    int owner = (rank - t - 1 + size) % size;
                    int len = lo(owner + 1, size) - lo(owner, size);
                    reqs[0] = MPI.COMM_WORLD.Irecv(next, 0, len, MPI.LONG, left, TAG);
                }
                send: {
                    int curLen = lo(curOwner + 1, size) - lo(curOwner, size);
                    reqs[1] = MPI.COMM_WORLD.Isend(cur, 0, curLen, MPI.LONG, right, TAG);
                }
                compute: {
                    Request.Waitall(reqs);
                    curOwner = (rank - t - 1 + size) % size;
                    long[] tmp = cur;
                    cur = next;
                    next = tmp;
                    multiply(z, lo, rows, cur, curOwner, size);
                }
            }
        }
        if (rank != 0) {
            MPI.COMM_WORLD.Send(z, 0, rows, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[] global = new long[N];
            System.arraycopy(z, 0, global, 0, rows);
            for (int src = 1; src < size; src++) {
                MPI.COMM_WORLD.Recv(global, lo(src, size), lo(src + 1, size) - lo(src, size), MPI.LONG, src, TAG_RESULT);
            }
            long[] expected = new long[N];
            for (int i = 0; i < N; i++)
                for (int j = 0; j < N; j++) expected[i] += a(i, j) * y(j);
            boolean ok = java.util.Arrays.equals(global, expected);
            long check = 0;
            for (int i = 0; i < N; i++) check += (i + 1) * global[i];
            System.out.println("shift-pipeline n=" + N + " weighted-sum=" + check + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }

    static long a(int i, int j) {
        return (i * 31L + j * 17L) % 11 - 5;
    }

    static long y(int j) {
        return j * 3L - 50;
    }

    /** Adds the contribution of the y block owned by {@code owner} to this rank's rows. */
    static void multiply(long[] z, int lo, int rows, long[] block, int owner, int size) {
        int jlo = lo(owner, size);
        int len = lo(owner + 1, size) - jlo;
        for (int i = 0; i < rows; i++)
            for (int j = 0; j < len; j++) z[i] += a(lo + i, jlo + j) * block[j];
    }
}
