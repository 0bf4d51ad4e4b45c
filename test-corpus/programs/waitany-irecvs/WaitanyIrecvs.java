import bamboo.Bamboo;
import mpi.*;

/**
 * Waitany over several Irecvs outside any region: every rank posts an Irecv from each of up to four
 * neighbours (r-3, r-1, r+1, r+3, where they exist), sends to them, and takes the receives one at a time with
 * Waitany, folding each in as it completes (commutatively) and checking Status.index against
 * Status.source. Then Waitany on the spent array answers index MPI.UNDEFINED. A region after it
 * advances the state with a ring exchange.
 */
@Bamboo
public class WaitanyIrecvs {
    static final long P = 1_000_003L;
    static final int ITERS = 4;
    static final int TAG_ANY = 480;
    static final int TAG_RING = 481;
    static final int TAG_RESULT = 482;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int[] nbr = neighbours(rank, size);
        int deg = nbr.length;
        long[][] in = new long[deg][2];
        long[] ring = new long[1];
        long x = rank * 3L + 1;
        int mismatches = 0;
        for (int iter = 0; iter < ITERS; iter++) {
            Request[] recvs = new Request[deg];
            Request[] sends = new Request[deg];
            for (int k = 0; k < deg; k++) recvs[k] = MPI.COMM_WORLD.Irecv(in[k], 0, 2, MPI.LONG, nbr[k], TAG_ANY);
            for (int k = 0; k < deg; k++) {
                sends[k] = MPI.COMM_WORLD.Isend(new long[] {x, rank}, 0, 2, MPI.LONG, nbr[k], TAG_ANY);
            }
            long sum = 0;
            for (int done = 0; done < deg; done++) {
                Status st = Request.Waitany(recvs);
                if (st.source != nbr[st.index] || in[st.index][1] != nbr[st.index]) mismatches++;
                sum += in[st.index][0] * (nbr[st.index] + 2);
            }
            Status none = Request.Waitany(recvs);
            if (none.index != MPI.UNDEFINED) mismatches++;
            Request.Waitall(sends);
            x = (x * 5 + sum) % P;
            olap: {
                send: {
                    MPI.COMM_WORLD.Send(new long[] {x}, 0, 1, MPI.LONG, (rank + 1) % size, TAG_RING);
                }
                receive: {
                    MPI.COMM_WORLD.Recv(ring, 0, 1, MPI.LONG, (rank - 1 + size) % size, TAG_RING);
                }
                compute: {
                    x = (x + ring[0]) % P;
                }
            }
        }
        long[] mine = {x, mismatches};
        if (rank != 0) {
            MPI.COMM_WORLD.Send(mine, 0, 2, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[] all = new long[2 * size];
            all[0] = x;
            all[1] = mismatches;
            for (int src = 1; src < size; src++) MPI.COMM_WORLD.Recv(all, 2 * src, 2, MPI.LONG, src, TAG_RESULT);
            long[] expected = sequential(size);
            boolean ok = true;
            for (int r = 0; r < size; r++) ok &= all[2 * r] == expected[r] && all[2 * r + 1] == 0;
            System.out.println("waitany-irecvs iterations=" + ITERS + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    /** r-3, r-1, r+1 and r+3 where they exist (a symmetric relation). */
    static int[] neighbours(int rank, int size) {
        return java.util.stream.IntStream.of(rank - 3, rank - 1, rank + 1, rank + 3)
                .filter(r -> r >= 0 && r < size).toArray();
    }

    static long[] sequential(int size) {
        long[] x = new long[size];
        for (int r = 0; r < size; r++) x[r] = r * 3L + 1;
        for (int iter = 0; iter < ITERS; iter++) {
            long[] y = new long[size];
            for (int r = 0; r < size; r++) {
                long sum = 0;
                for (int s : neighbours(r, size)) sum += x[s] * (s + 2);
                y[r] = (x[r] * 5 + sum) % P;
            }
            long[] z = new long[size];
            for (int r = 0; r < size; r++) z[r] = (y[r] + y[(r - 1 + size) % size]) % P;
            x = z;
        }
        return x;
    }
}
