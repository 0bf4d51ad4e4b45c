import bamboo.Bamboo;
import mpi.*;

/**
 * A program written as MPJ Express examples are: all of main inside try { MPI.Init ... MPI.Finalize }
 * catch (MPIException e), a ring region in a loop, a try inside the compute block around a blocking
 * Sendrecv whose handler catches what the check after it throws, and the result gathered by rank 0 in a
 * switch on the rank.
 */
@Bamboo
public class MpjStyleTry {
    static final int STEPS = 9;
    static final int TAG = 12;

    public static void main(String[] args) {
        try {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            int size = MPI.COMM_WORLD.Size();
            int left = (rank - 1 + size) % size;
            int right = (rank + 1) % size;
            int[] v = {rank * 2 + 1};
            int[] in = new int[1];
            int[] extra = new int[1];
            int rejected = 0;
            for (int step = 0; step < STEPS; step++) {
                olap: {
                    send: {
                        MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, right, TAG);
                    }
                    receive: {
                        MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, left, TAG);
                    }
                    compute: {
                        v[0] = (v[0] * 5 + in[0]) % 10007;
                        try {
                            MPI.COMM_WORLD.Sendrecv(v, 0, 1, MPI.INT, left, TAG + 1, extra, 0, 1, MPI.INT, right, TAG + 1);
                            if (extra[0] % 3 == step % 3) {
                                throw new IllegalArgumentException("rejected " + extra[0]);
                            }
                            v[0] = (v[0] + extra[0]) % 10007;
                        } catch (IllegalArgumentException e) {
                            rejected++;
                        }
                    }
                }
            }
            int[] all = new int[2 * size];
            int[] mine = {v[0], rejected};
            switch (rank) {
                case 0:
                    all[0] = v[0];
                    all[1] = rejected;
                    for (int src = 1; src < size; src++) {
                        MPI.COMM_WORLD.Recv(all, 2 * src, 2, MPI.INT, src, TAG + 2);
                    }
                    boolean ok = java.util.Arrays.equals(all, sequential(size));
                    System.out.println("mpj-style-try " + (ok ? "OK" : "FAIL " + java.util.Arrays.toString(all)));
                    break;
                default:
                    MPI.COMM_WORLD.Send(mine, 0, 2, MPI.INT, 0, TAG + 2);
            }
            MPI.Finalize();
        } catch (MPIException e) {
            System.out.println("mpj-style-try FAIL " + e);
        }
    }

    static int[] sequential(int size) {
        int[] v = new int[size];
        int[] rejected = new int[size];
        for (int r = 0; r < size; r++) v[r] = r * 2 + 1;
        for (int step = 0; step < STEPS; step++) {
            int[] next = new int[size];
            for (int r = 0; r < size; r++) next[r] = (v[r] * 5 + v[(r - 1 + size) % size]) % 10007;
            int[] after = new int[size];
            for (int r = 0; r < size; r++) {
                int extra = next[(r + 1) % size];
                if (extra % 3 == step % 3) {
                    after[r] = next[r];
                    rejected[r]++;
                } else {
                    after[r] = (next[r] + extra) % 10007;
                }
            }
            v = after;
        }
        int[] all = new int[2 * size];
        for (int r = 0; r < size; r++) {
            all[2 * r] = v[r];
            all[2 * r + 1] = rejected[r];
        }
        return all;
    }
}
