import bamboo.Bamboo;
import mpi.*;

/**
 * Completion in any order: every rank exchanges with up to four neighbours (r+-1, r+-2); the compute
 * block takes the receives one at a time with Waitany and folds each in as it completes (the fold is
 * commutative, so the order does not matter), then the sends with Waitsome. Outside the region a second
 * exchange is polled to completion with Testall, and a third with Testany.
 */
@Bamboo
public class WaitanyTestall {
    static final long P = 1_000_003L;
    static final int ITERS = 6;
    static final int TAG = 360;
    static final int TAG_POLL = 361;
    static final int TAG_RESULT = 362;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int[] nbr = neighbours(rank, size);
        int deg = nbr.length;
        long[][] in = new long[deg][1];
        long[] out = new long[1];
        Request[] recvs = new Request[deg];
        Request[] sends = new Request[deg];
        long x = rank + 7;
        for (int iter = 0; iter < ITERS; iter++) {
            olap: {
                receive: {
                    for (int k = 0; k < deg; k++) recvs[k] = MPI.COMM_WORLD.Irecv(in[k], 0, 1, MPI.LONG, nbr[k], TAG);
                }
                send: {
                    out[0] = x;
                    for (int k = 0; k < deg; k++) sends[k] = MPI.COMM_WORLD.Isend(out, 0, 1, MPI.LONG, nbr[k], TAG);
                }
                compute: {
                    long sum = 0;
                    for (int done = 0; done < deg; done++) {
                        Status st = Request.Waitany(recvs);
                        sum += in[st.index][0] * (nbr[st.index] + 1);
                    }
                    int sent = 0;
                    while (sent < deg) sent += Request.Waitsome(sends).length;
                    x = (x * 3 + sum) % P;
                }
            }
            // A second exchange, polled outside any region.
            out[0] = x + iter;
            for (int k = 0; k < deg; k++) {
                recvs[k] = MPI.COMM_WORLD.Irecv(in[k], 0, 1, MPI.LONG, nbr[k], TAG_POLL);
                sends[k] = MPI.COMM_WORLD.Isend(out, 0, 1, MPI.LONG, nbr[k], TAG_POLL);
            }
            Status[] all = null;
            while (all == null) {
                all = Request.Testall(recvs);
                if (all == null) Thread.yield();
            }
            int pending = deg;
            while (pending > 0) {
                Status one = Request.Testany(sends);
                if (one != null && one.index != MPI.UNDEFINED) pending--;
                else Thread.yield();
            }
            for (int k = 0; k < deg; k++) x = (x + in[k][0]) % P;
        }
        long[] mine = {x};
        if (rank != 0) {
            MPI.COMM_WORLD.Send(mine, 0, 1, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[] got = new long[size];
            got[0] = x;
            for (int src = 1; src < size; src++) MPI.COMM_WORLD.Recv(got, src, 1, MPI.LONG, src, TAG_RESULT);
            System.out.println("waitany-testall iterations=" + ITERS + (java.util.Arrays.equals(got, sequential(size)) ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int[] neighbours(int rank, int size) {
        return java.util.stream.IntStream.of(rank - 2, rank - 1, rank + 1, rank + 2).filter(r -> r >= 0 && r < size).toArray();
    }

    static long[] sequential(int size) {
        long[] x = new long[size];
        for (int r = 0; r < size; r++) x[r] = r + 7;
        for (int iter = 0; iter < ITERS; iter++) {
            long[] next = new long[size];
            for (int r = 0; r < size; r++) {
                long sum = 0;
                for (int s : neighbours(r, size)) sum += x[s] * (s + 1);
                next[r] = (x[r] * 3 + sum) % P;
            }
            long[] after = new long[size];
            for (int r = 0; r < size; r++) {
                long y = next[r];
                for (int s : neighbours(r, size)) y = (y + next[s] + iter) % P;
                after[r] = y;
            }
            x = after;
        }
        return x;
    }
}
