import bamboo.Bamboo;
import mpi.*;

/**
 * A ring exchange in an inner loop, run again by an outer loop: translated, the inner send block is
 * pipelined. Some iterations leave the compute block with continue (skipping the pipelined copy, so the
 * next iteration sends at its own place), the loop tail continues on even steps, and a second send block
 * after the compute block sends with the same tag to the same neighbour: its message of step t must
 * arrive before the pipelined message of step t + 1, as MPI's non-overtaking order says.
 */
@Bamboo
public class PipeContinueNested {
    static final int STEPS = 7;
    static final int ROUNDS = 3;
    static final int TAG = 5;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (rank + 1) % size;
        int left = (rank - 1 + size) % size;
        long[] val = new long[1];
        long[] late = new long[1];
        long[] got = new long[1];
        long[] gotLate = new long[1];
        long acc = rank;
        long tailSum = 0;
        Request[] reqs = new Request[2];
        Request[] lateReq = new Request[1];
        for (int round = 0; round < ROUNDS; round++) {
            for (int t = 0; t < STEPS; t++) {
                boolean lateDue = t > 0 && (t - 1) % 3 != 1;
                olap: {
                    receive: {
                        if (lateDue) lateReq[0] = MPI.COMM_WORLD.Irecv(gotLate, 0, 1, MPI.LONG, left, TAG);
                        reqs[1] = MPI.COMM_WORLD.Irecv(got, 0, 1, MPI.LONG, left, TAG);
                    }
                    send: {
                        val[0] = acc * 3 + t + 10L * round;
                        reqs[0] = MPI.COMM_WORLD.Isend(val, 0, 1, MPI.LONG, right, TAG);
                    }
                    compute: {
                        Request.Waitall(reqs);
                        if (lateDue) lateReq[0].Wait();
                        acc = (acc + got[0] + (lateDue ? 2 * gotLate[0] : 0)) % 1_000_003L;
                        if (t % 3 == 1) {
                            continue;
                        }
                        acc = (acc * 5 + 1) % 1_000_003L;
                    }
                    sendLate: {
                        late[0] = acc + 7;
                        MPI.COMM_WORLD.Send(late, 0, 1, MPI.LONG, right, TAG);
                    }
                }
                if (t % 2 == 0) {
                    continue;
                }
                tailSum += t;
            }
            MPI.COMM_WORLD.Recv(gotLate, 0, 1, MPI.LONG, left, TAG);
            acc = (acc + gotLate[0]) % 1_000_003L;
        }
        long[] all = new long[size];
        MPI.COMM_WORLD.Gather(new long[] {acc}, 0, 1, MPI.LONG, all, 0, 1, MPI.LONG, 0);
        if (rank == 0) {
            long[] seq = simulate(size);
            boolean ok = java.util.Arrays.equals(seq, all) && tailSum == ROUNDS * 8L;
            System.out.println("pipe-continue-nested ranks-agree=" + ok + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    /** The same computation for every rank at once (messages go from rank r to r + 1). */
    static long[] simulate(int size) {
        long[] acc = new long[size];
        for (int r = 0; r < size; r++) acc[r] = r;
        long[] late = new long[size]; // the late value each rank receives next
        for (int round = 0; round < ROUNDS; round++) {
            for (int t = 0; t < STEPS; t++) {
                boolean lateDue = t > 0 && (t - 1) % 3 != 1;
                long[] next = new long[size];
                for (int r = 0; r < size; r++) {
                    int from = (r - 1 + size) % size;
                    long sent = acc[from] * 3 + t + 10L * round;
                    long a = (acc[r] + sent + (lateDue ? 2 * late[r] : 0)) % 1_000_003L;
                    if (t % 3 != 1) {
                        a = (a * 5 + 1) % 1_000_003L;
                    }
                    next[r] = a;
                }
                acc = next;
                if (t % 3 != 1) {
                    for (int r = 0; r < size; r++) late[(r + 1) % size] = acc[r] + 7;
                }
            }
            for (int r = 0; r < size; r++) acc[r] = (acc[r] + late[r]) % 1_000_003L;
        }
        return acc;
    }
}
