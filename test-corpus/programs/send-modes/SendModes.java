import bamboo.Bamboo;
import mpi.*;

/**
 * The send modes: the ring region uses Issend (synchronous, completes only once matched) for one message
 * and Isend for another; outside the region a handshake makes sure the receive is posted before an Rsend
 * (ready mode) and a blocking Ssend, each paired with a receive posted in advance.
 */
@Bamboo
public class SendModes {
    static final long P = 1_000_003L;
    static final int ITERS = 5;
    static final int TAG_SYNC = 400;
    static final int TAG_STD = 401;
    static final int TAG_READY = 402;
    static final int TAG_GO = 403;
    static final int TAG_SSEND = 404;
    static final int TAG_RESULT = 405;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int left = (rank - 1 + size) % size;
        int right = (rank + 1) % size;
        long x = rank * 5L + 1;
        long[] a = new long[1];
        long[] b = new long[1];
        long[] ra = new long[1];
        long[] rb = new long[1];
        Request[] reqs = new Request[4];
        int[] goOut = new int[1];
        int[] goIn = new int[1];
        for (int iter = 0; iter < ITERS; iter++) {
            olap: {
                receive: {
                    reqs[0] = MPI.COMM_WORLD.Irecv(ra, 0, 1, MPI.LONG, left, TAG_SYNC);
                    reqs[1] = MPI.COMM_WORLD.Irecv(rb, 0, 1, MPI.LONG, right, TAG_STD);
                }
                send: {
                    a[0] = x;
                    b[0] = x * 2;
                    reqs[2] = MPI.COMM_WORLD.Issend(a, 0, 1, MPI.LONG, right, TAG_SYNC);
                    reqs[3] = MPI.COMM_WORLD.Isend(b, 0, 1, MPI.LONG, left, TAG_STD);
                }
                compute: {
                    Request.Waitall(reqs);
                    x = (x + ra[0] * 3 + rb[0]) % P;
                }
            }
            // Ready mode: the receiver posts its receive, then tells the sender to go.
            Request ready = MPI.COMM_WORLD.Irecv(ra, 0, 1, MPI.LONG, left, TAG_READY);
            Request goReq = MPI.COMM_WORLD.Isend(goOut, 0, 1, MPI.INT, left, TAG_GO);
            MPI.COMM_WORLD.Recv(goIn, 0, 1, MPI.INT, right, TAG_GO);
            goReq.Wait();
            a[0] = x + iter;
            MPI.COMM_WORLD.Rsend(a, 0, 1, MPI.LONG, right, TAG_READY);
            ready.Wait();
            // Synchronous mode, blocking: the receive is already posted, so the ring cannot deadlock.
            Request sync = MPI.COMM_WORLD.Irecv(rb, 0, 1, MPI.LONG, right, TAG_SSEND);
            b[0] = x * 7;
            MPI.COMM_WORLD.Ssend(b, 0, 1, MPI.LONG, left, TAG_SSEND);
            sync.Wait();
            x = (x + ra[0] + rb[0]) % P;
        }
        long[] mine = {x};
        if (rank != 0) {
            MPI.COMM_WORLD.Send(mine, 0, 1, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[] got = new long[size];
            got[0] = x;
            for (int src = 1; src < size; src++) MPI.COMM_WORLD.Recv(got, src, 1, MPI.LONG, src, TAG_RESULT);
            System.out.println("send-modes iterations=" + ITERS + (java.util.Arrays.equals(got, sequential(size)) ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static long[] sequential(int size) {
        long[] x = new long[size];
        for (int r = 0; r < size; r++) x[r] = r * 5L + 1;
        for (int iter = 0; iter < ITERS; iter++) {
            long[] y = new long[size];
            for (int r = 0; r < size; r++) {
                long fromLeft = x[(r - 1 + size) % size];
                long fromRight = x[(r + 1) % size] * 2;
                y[r] = (x[r] + fromLeft * 3 + fromRight) % P;
            }
            long[] z = new long[size];
            for (int r = 0; r < size; r++) {
                long ready = y[(r - 1 + size) % size] + iter;
                long sync = y[(r + 1) % size] * 7;
                z[r] = (y[r] + ready + sync) % P;
            }
            x = z;
        }
        return x;
    }
}
