package demo;

import bamboo.Bamboo;
import mpi.*;

/**
 * Ring: every iteration each rank receives a value from its left neighbour and sends its own to the
 * right (cyclic, so with one rank it talks to itself). The send of an iteration feeds the receive of the
 * same iteration on the next rank. Rank 0 collects every rank's accumulator with blocking receives and
 * checks them against a sequential simulation of the whole ring.
 */
@Bamboo
public class Ring {
    static final long P = 1_000_003L;
    static final int ITERS = 6;
    static final int TAG = 1;
    static final int TAG_RESULT = 2;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int left = (rank - 1 + size) % size;
        int right = (rank + 1) % size;
        long[] mine = {start(rank)};
        long[] fromLeft = new long[1];
        long[] acc = new long[1];
        Request[] reqs = new Request[2];
        for (int iter = 0; iter < ITERS; iter++) {
            olap: {
                receive: {
                    reqs[0] = MPI.COMM_WORLD.Irecv(fromLeft, 0, 1, MPI.LONG, left, TAG);
                }
                send: {
                    reqs[1] = MPI.COMM_WORLD.Isend(mine, 0, 1, MPI.LONG, right, TAG);
                }
                compute: {
                    Request.Waitall(reqs);
                    acc[0] += fromLeft[0] * (iter + 1);
                    mine[0] = step(fromLeft[0], rank);
                }
            }
        }
        if (rank != 0) {
            MPI.COMM_WORLD.Send(acc, 0, 1, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[] all = new long[size];
            all[0] = acc[0];
            for (int src = 1; src < size; src++) {
                MPI.COMM_WORLD.Recv(all, src, 1, MPI.LONG, src, TAG_RESULT);
            }
            long[] expected = sequential(size);
            boolean ok = java.util.Arrays.equals(all, expected);
            System.out.println("ring iterations=" + ITERS + (ok ? " OK" : " FAIL got " + java.util.Arrays.toString(all)
                    + " expected " + java.util.Arrays.toString(expected)));
        }
        MPI.Finalize();
    }

    static long start(int rank) {
        return (rank * 7919L + 13) % P;
    }

    static long step(long received, int rank) {
        return (received * 3 + rank) % P;
    }

    /** The whole ring on one process. */
    static long[] sequential(int size) {
        long[] mine = new long[size];
        long[] acc = new long[size];
        for (int r = 0; r < size; r++) {
            mine[r] = start(r);
        }
        for (int iter = 0; iter < ITERS; iter++) {
            long[] next = new long[size];
            for (int r = 0; r < size; r++) {
                long fromLeft = mine[(r - 1 + size) % size];
                acc[r] += fromLeft * (iter + 1);
                next[r] = step(fromLeft, r);
            }
            mine = next;
        }
        return acc;
    }
}
