import bamboo.Bamboo;
import mpi.*;

/**
 * An Iprobe polling loop outside any region: each rank sends a message of data-dependent length to the
 * next rank and another to the one after, then polls Iprobe(ANY_SOURCE, tag of the round) until it has
 * received as many messages as it expects, sizing each receive by Status.Get_count and taking it from
 * Status.source with Status.tag. (The tag names the round: a faster neighbour's next-round message must
 * not match.) A region before it makes the data. Sums are order-independent.
 */
@Bamboo
public class IprobePoll {
    static final long P = 1_000_003L;
    static final int ROUNDS = 3;
    static final int TAG_POLL = 460;
    static final int TAG_HALO = 470;
    static final int TAG_RESULT = 471;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int next = (rank + 1) % size;
        int skip = (rank + 2) % size;
        int prev = (rank - 1 + size) % size;
        int before = (rank - 2 + size) % size;
        long x = rank * 5L + 1;
        long[] halo = new long[1];
        long[] out = new long[9];
        long[] in = new long[9];
        int mismatches = 0;
        for (int round = 0; round < ROUNDS; round++) {
            olap: {
                send: {
                    MPI.COMM_WORLD.Send(new long[] {x}, 0, 1, MPI.LONG, next, TAG_HALO);
                }
                receive: {
                    MPI.COMM_WORLD.Recv(halo, 0, 1, MPI.LONG, prev, TAG_HALO);
                }
                compute: {
                    x = (x * 3 + halo[0]) % P;
                }
            }
            int expected = 0;
            if (size > 1) {
                int len = (int) (x % 8) + 1;
                for (int k = 0; k < len; k++) out[k] = (x + k) % P;
                MPI.COMM_WORLD.Send(out, 0, len, MPI.LONG, next, TAG_POLL + round);
                expected++;
                if (skip != rank && skip != next) {
                    MPI.COMM_WORLD.Send(out, 0, len, MPI.LONG, skip, TAG_POLL + round);
                    expected++;
                }
            }
            int got = 0;
            long sum = 0;
            while (got < expected) {
                Status st = MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, TAG_POLL + round);
                if (st == null) {
                    Thread.yield();
                    continue;
                }
                int n = st.Get_count(MPI.LONG);
                MPI.COMM_WORLD.Recv(in, 0, n, MPI.LONG, st.source, st.tag);
                if (st.tag != TAG_POLL + round || st.source != prev && st.source != before) mismatches++;
                for (int k = 0; k < n; k++) sum += in[k] * (k + 1);
                got++;
            }
            x = (x + sum) % P;
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
            System.out.println("iprobe-poll rounds=" + ROUNDS + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static long[] sequential(int size) {
        long[] x = new long[size];
        for (int r = 0; r < size; r++) x[r] = r * 5L + 1;
        for (int round = 0; round < ROUNDS; round++) {
            long[] y = new long[size];
            for (int r = 0; r < size; r++) y[r] = (x[r] * 3 + x[(r - 1 + size) % size]) % P;
            long[] z = new long[size];
            for (int r = 0; r < size; r++) {
                long sum = 0;
                if (size > 1) {
                    sum += message(y[(r - 1 + size) % size]);
                    int before = (r - 2 + size) % size;
                    int beforesSkip = (before + 2) % size;
                    if (before != (r - 1 + size) % size && before != r && beforesSkip == r) sum += message(y[before]);
                }
                z[r] = (y[r] + sum) % P;
            }
            x = z;
        }
        return x;
    }

    static long message(long x) {
        int len = (int) (x % 8) + 1;
        long s = 0;
        for (int k = 0; k < len; k++) s += (x + k) % P * (k + 1);
        return s;
    }
}
