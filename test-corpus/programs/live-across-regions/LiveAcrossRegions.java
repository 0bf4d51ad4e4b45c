import bamboo.Bamboo;
import mpi.*;

/**
 * Locals that live across evaluation points: a scalar computed before the first region and used after
 * the second, a value assigned in the first region's compute block and sent by the second region, a
 * per-iteration scratch array, and an accumulator that survives the whole loop. The first region talks
 * to the right neighbour and the second to the left (both rings).
 */
@Bamboo
public class LiveAcrossRegions {
    static final long P = 1_000_003L;
    static final int ITERS = 7;
    static final int TAG_A = 110;
    static final int TAG_B = 111;
    static final int TAG_RESULT = 112;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int left = (rank - 1 + size) % size;
        int right = (rank + 1) % size;
        long state = rank + 1;
        long accumulator = 0;
        long[] sbuf = new long[1];
        long[] rbuf = new long[1];
        Request[] reqs = new Request[2];
        for (int iter = 0; iter < ITERS; iter++) {
            long before = (state * 5 + iter) % P;
            long[] scratch = new long[3];
            scratch[0] = before;
            long carry;
            olap: {
                receive: {
                    reqs[0] = MPI.COMM_WORLD.Irecv(rbuf, 0, 1, MPI.LONG, left, TAG_A);
                }
                send: {
                    sbuf[0] = before;
                    reqs[1] = MPI.COMM_WORLD.Isend(sbuf, 0, 1, MPI.LONG, right, TAG_A);
                }
                compute: {
                    Request.Waitall(reqs);
                    carry = (rbuf[0] * 2 + before) % P;
                    scratch[1] = rbuf[0];
                }
            }
            olap: {
                receive: {
                    reqs[0] = MPI.COMM_WORLD.Irecv(rbuf, 0, 1, MPI.LONG, right, TAG_B);
                }
                send: {
                    sbuf[0] = carry;
                    reqs[1] = MPI.COMM_WORLD.Isend(sbuf, 0, 1, MPI.LONG, left, TAG_B);
                }
                compute: {
                    Request.Waitall(reqs);
                    scratch[2] = rbuf[0];
                }
            }
            state = (scratch[0] + 3 * scratch[1] + 7 * scratch[2] + carry + before) % P;
            accumulator += state;
        }
        long[] result = {state, accumulator};
        if (rank != 0) {
            MPI.COMM_WORLD.Send(result, 0, 2, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[] all = new long[2 * size];
            System.arraycopy(result, 0, all, 0, 2);
            for (int src = 1; src < size; src++) MPI.COMM_WORLD.Recv(all, 2 * src, 2, MPI.LONG, src, TAG_RESULT);
            boolean ok = java.util.Arrays.equals(all, sequential(size));
            System.out.println("live-across-regions iterations=" + ITERS + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static long[] sequential(int size) {
        long[] state = new long[size];
        long[] acc = new long[size];
        for (int r = 0; r < size; r++) state[r] = r + 1;
        for (int iter = 0; iter < ITERS; iter++) {
            long[] before = new long[size];
            long[] carry = new long[size];
            for (int r = 0; r < size; r++) before[r] = (state[r] * 5 + iter) % P;
            for (int r = 0; r < size; r++) carry[r] = (before[(r - 1 + size) % size] * 2 + before[r]) % P;
            for (int r = 0; r < size; r++) {
                long fromLeft = before[(r - 1 + size) % size];
                long fromRight = carry[(r + 1) % size];
                state[r] = (before[r] + 3 * fromLeft + 7 * fromRight + carry[r] + before[r]) % P;
                acc[r] += state[r];
            }
        }
        long[] all = new long[2 * size];
        for (int r = 0; r < size; r++) {
            all[2 * r] = state[r];
            all[2 * r + 1] = acc[r];
        }
        return all;
    }
}
