import bamboo.Bamboo;
import mpi.*;

/**
 * Odd-even transposition sort of a block-distributed array (merge-split between partner ranks). Which
 * region runs depends on the phase (even and odd phases use differently written regions), and in even
 * phases the whole region sits under a rank-dependent condition (a rank without a partner skips it);
 * in odd phases the guards are inside the blocks instead. The partner's block length, and so the receive
 * count, depends on the partner's rank.
 */
@Bamboo
public class ConditionalRegions {
    static final int N = 45;
    static final int TAG = 60;
    static final int TAG_RESULT = 61;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int lo = lo(rank, size);
        int n = lo(rank + 1, size) - lo;
        int[] mine = new int[n];
        for (int i = 0; i < n; i++) mine[i] = value(lo + i);
        java.util.Arrays.sort(mine);
        int[] theirs = new int[N / size + 1];
        Request[] reqs = new Request[2];
        for (int phase = 0; phase < 2 * size; phase++) {
            int partner = partner(rank, phase, size);
            int theirLen = partner >= 0 ? lo(partner + 1, size) - lo(partner, size) : 0;
            if (phase % 2 == 0) {
                if (partner >= 0) {
                    olap: {
                        receive: {
                            reqs[0] = MPI.COMM_WORLD.Irecv(theirs, 0, theirLen, MPI.INT, partner, TAG);
                        }
                        send: {
                            reqs[1] = MPI.COMM_WORLD.Isend(mine, 0, n, MPI.INT, partner, TAG);
                        }
                        compute: {
                            Request.Waitall(reqs);
                            mine = mergeSplit(mine, theirs, theirLen, rank < partner);
                        }
                    }
                }
            } else {
                olap: {
                    receive: {
                        if (partner >= 0) reqs[0] = MPI.COMM_WORLD.Irecv(theirs, 0, theirLen, MPI.INT, partner, TAG);
                    }
                    send: {
                        if (partner >= 0) reqs[1] = MPI.COMM_WORLD.Isend(mine, 0, n, MPI.INT, partner, TAG);
                    }
                    compute: {
                        if (partner >= 0) {
                            Request.Waitall(reqs);
                            mine = mergeSplit(mine, theirs, theirLen, rank < partner);
                        }
                    }
                }
            }
        }
        if (rank != 0) {
            MPI.COMM_WORLD.Send(mine, 0, n, MPI.INT, 0, TAG_RESULT);
        } else {
            int[] global = new int[N];
            System.arraycopy(mine, 0, global, 0, n);
            for (int src = 1; src < size; src++) {
                MPI.COMM_WORLD.Recv(global, lo(src, size), lo(src + 1, size) - lo(src, size), MPI.INT, src, TAG_RESULT);
            }
            int[] expected = new int[N];
            for (int i = 0; i < N; i++) expected[i] = value(i);
            java.util.Arrays.sort(expected);
            long check = 0;
            for (int i = 0; i < N; i++) check += (i + 1L) * global[i];
            System.out.println("conditional-regions n=" + N + " sorted-weighted-sum=" + check
                    + (java.util.Arrays.equals(global, expected) ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }

    static int value(int i) {
        return (int) ((i * 7919L + 31) % 211) - 100;
    }

    static int partner(int rank, int phase, int size) {
        int p = (rank % 2 == phase % 2) ? rank + 1 : rank - 1;
        return p >= 0 && p < size ? p : -1;
    }

    /** Merges two sorted runs and keeps this rank's share: the lowest n when lower, else the highest n. */
    static int[] mergeSplit(int[] mine, int[] theirs, int theirLen, boolean lower) {
        int n = mine.length;
        int[] all = new int[n + theirLen];
        System.arraycopy(mine, 0, all, 0, n);
        System.arraycopy(theirs, 0, all, n, theirLen);
        java.util.Arrays.sort(all);
        return lower ? java.util.Arrays.copyOfRange(all, 0, n) : java.util.Arrays.copyOfRange(all, theirLen, theirLen + n);
    }
}
