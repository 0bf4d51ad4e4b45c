import bamboo.Bamboo;
import mpi.*;

/**
 * MPI-calling methods whose result is used in expressions: a sum over all ranks (an Allreduce inside
 * the method) in an arithmetic expression, in an if condition and in a while condition; the largest
 * value among the neighbours (received messages, several return statements) in an assignment; a
 * value-returning call whose result is dropped. Each call is moved in front of its statement without
 * changing what is evaluated first.
 */
@Bamboo
public class ReturnedValues {
    static final long P = 1_000_003L;
    static final int ROUNDS = 5;
    static final int TAG = 430;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        long acc = 1;
        long mine = rank * 7L + 3;
        int above = 0;
        for (int r = 0; r < ROUNDS; r++) {
            acc = (acc * 31 + total(mine + r)) % P;
            if (largestNeighbour(mine * (r + 1), rank, size) > mine * (r + 1)) {
                above++;
            }
        }
        long remaining = size + 2L;
        int rounds = 0;
        while (total(remaining) > 0) {
            remaining = remaining > rank ? remaining - 1 - rank % 2 : 0;
            if (remaining < 0) remaining = 0;
            rounds++;
        }
        total(rounds);
        long[] both = {total(above), total(1)};
        long[] mineAcc = {acc};
        long[] sums = new long[1];
        MPI.COMM_WORLD.Reduce(mineAcc, 0, sums, 0, 1, MPI.LONG, MPI.MAX, 0);
        long[] mins = new long[1];
        MPI.COMM_WORLD.Reduce(mineAcc, 0, mins, 0, 1, MPI.LONG, MPI.MIN, 0);
        if (rank == 0) {
            boolean ok = sums[0] == mins[0] && acc == sequentialAcc(size) && both[1] == size
                    && both[0] == sequentialAbove(size) && rounds == sequentialRounds(size);
            System.out.println("returned-values rounds=" + ROUNDS + (ok ? " OK" : " FAIL acc=" + acc + " above="
                    + both[0] + " rounds=" + rounds));
        }
        MPI.Finalize();
    }

    /** The sum of v over all ranks. */
    static long total(long v) throws MPIException {
        long[] in = {v};
        long[] out = new long[1];
        MPI.COMM_WORLD.Allreduce(in, 0, out, 0, 1, MPI.LONG, MPI.SUM);
        return out[0];
    }

    /** The largest of the neighbours' values (or Long.MIN_VALUE without neighbours). */
    static long largestNeighbour(long v, int rank, int size) throws MPIException {
        long[] got = new long[2];
        Request[] reqs = new Request[4];
        int nr = 0;
        int left = rank - 1;
        int right = rank + 1 < size ? rank + 1 : -1;
        olap: {
            receive: {
                if (left >= 0) reqs[nr++] = MPI.COMM_WORLD.Irecv(got, 0, 1, MPI.LONG, left, TAG);
                if (right >= 0) reqs[nr++] = MPI.COMM_WORLD.Irecv(got, 1, 1, MPI.LONG, right, TAG);
            }
            send: {
                long[] out = {v};
                if (left >= 0) reqs[nr++] = MPI.COMM_WORLD.Isend(out, 0, 1, MPI.LONG, left, TAG);
                if (right >= 0) reqs[nr++] = MPI.COMM_WORLD.Isend(out, 0, 1, MPI.LONG, right, TAG);
            }
            compute: {
                Request.Waitall(java.util.Arrays.copyOf(reqs, nr));
            }
        }
        if (left < 0 && right < 0) {
            return Long.MIN_VALUE;
        }
        if (left < 0) {
            return got[1];
        }
        if (right < 0) {
            return got[0];
        }
        return Math.max(got[0], got[1]);
    }

    static long sequentialAcc(int size) {
        long acc = 1;
        for (int r = 0; r < ROUNDS; r++) {
            long t = 0;
            for (int k = 0; k < size; k++) t += k * 7L + 3 + r;
            acc = (acc * 31 + t) % P;
        }
        return acc;
    }

    static long sequentialAbove(int size) {
        long above = 0;
        for (int k = 0; k < size; k++) {
            for (int r = 0; r < ROUNDS; r++) {
                long m = (k * 7L + 3) * (r + 1);
                long best = Long.MIN_VALUE;
                if (k > 0) best = Math.max(best, ((k - 1) * 7L + 3) * (r + 1));
                if (k + 1 < size) best = Math.max(best, ((k + 1) * 7L + 3) * (r + 1));
                if (best > m) above++;
            }
        }
        return above;
    }

    static int sequentialRounds(int size) {
        long[] rem = new long[size];
        java.util.Arrays.fill(rem, size + 2L);
        int rounds = 0;
        while (java.util.Arrays.stream(rem).sum() > 0) {
            for (int k = 0; k < size; k++) {
                rem[k] = rem[k] > k ? rem[k] - 1 - k % 2 : 0;
                if (rem[k] < 0) rem[k] = 0;
            }
            rounds++;
        }
        return rounds;
    }
}
