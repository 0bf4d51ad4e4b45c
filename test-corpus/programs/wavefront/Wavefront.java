import bamboo.Bamboo;
import mpi.*;

/**
 * A wavefront (dynamic-programming) sweep over an R x C grid: rank r owns a block of rows and needs the
 * last row of rank r-1, chunk by chunk of columns. In the region of step k a rank receives the top row
 * of chunk k and sends the bottom row of chunk k-1, which it computed in the previous step (a send that
 * lags one iteration, under a guard on k). The data flows one way, so this is a pipeline, not a cycle.
 */
@Bamboo
public class Wavefront {
    static final long P = 1_000_003L;
    static final int R = 32;
    static final int C = 30;
    static final int B = 6;
    static final int K = (C + B - 1) / B;
    static final int TAG = 210;
    static final int TAG_RESULT = 211;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int lo = lo(rank, size);
        int n = lo(rank + 1, size) - lo;
        int up = rank > 0 ? rank - 1 : -1;
        int down = rank < size - 1 ? rank + 1 : -1;
        // Row 0 is the last row of the rank above (zero for rank 0); rows 1..n are mine.
        long[] d = new long[(n + 1) * C];
        Request recvReq = null;
        Request sendReq = null;
        for (int k = 0; k <= K; k++) {
            olap: {
                receive: {
                    if (up >= 0 && k < K) recvReq = MPI.COMM_WORLD.Irecv(d, k * B, width(k), MPI.LONG, up, TAG);
                }
                send: {
                    if (down >= 0 && k > 0) sendReq = MPI.COMM_WORLD.Isend(d, n * C + (k - 1) * B, width(k - 1), MPI.LONG, down, TAG);
                }
                compute: {
                    if (up >= 0 && k < K) recvReq.Wait();
                    if (k < K) sweep(d, n, lo, k);
                    if (down >= 0 && k > 0) sendReq.Wait();
                }
            }
        }
        long[] mine = java.util.Arrays.copyOfRange(d, C, (n + 1) * C);
        if (rank != 0) {
            MPI.COMM_WORLD.Send(mine, 0, n * C, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[] global = new long[R * C];
            System.arraycopy(mine, 0, global, 0, n * C);
            for (int src = 1; src < size; src++) {
                MPI.COMM_WORLD.Recv(global, lo(src, size) * C, (lo(src + 1, size) - lo(src, size)) * C, MPI.LONG, src, TAG_RESULT);
            }
            long[] s = new long[(R + 1) * C];
            for (int k = 0; k < K; k++) sweep(s, R, 0, k);
            boolean ok = java.util.Arrays.equals(global, java.util.Arrays.copyOfRange(s, C, (R + 1) * C));
            System.out.println("wavefront grid=" + R + "x" + C + " corner=" + global[R * C - 1] + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * R / size);
    }

    static int width(int k) {
        return Math.min(B, C - k * B);
    }

    /** Fills columns of chunk k of rows 1..n from row 0 and the column to the left. */
    static void sweep(long[] d, int n, int lo, int k) {
        for (int i = 1; i <= n; i++) {
            for (int j = k * B; j < k * B + width(k); j++) {
                long north = d[(i - 1) * C + j];
                long west = j > 0 ? d[i * C + j - 1] : 0;
                long northWest = j > 0 ? d[(i - 1) * C + j - 1] : 0;
                d[i * C + j] = (north + 2 * west + 3 * northWest + (lo + i) * 7L + j) % P;
            }
        }
    }
}
