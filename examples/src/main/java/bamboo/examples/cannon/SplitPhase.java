package bamboo.examples.cannon;

import bamboo.examples.common.Params;
import bamboo.examples.common.Reference;
import bamboo.examples.common.Report;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Cannon's matrix multiplication with hand-written overlap: every step posts the shifts of the blocks of
 * A (left) and B (up), multiplies the current blocks while the next ones travel, then waits.
 *
 * <p>Arguments ({@code key=value}): {@code n} (matrix order, default 480),
 * {@code warmup} (true: an untimed {@code Kernel.warmUp()} before the timer),
 * {@code check} (the expected
 * {@link Reference}; computed on rank 0 if absent).
 */
public class SplitPhase {
    static final String APP = "cannon";
    static final String FORM = "splitphase";
    static final int SKEW_A = 1, SKEW_B = 2, SHIFT_A = 3, SHIFT_B = 4;

    public static void main(String[] args) throws MPIException {
        String[] argv = MPI.Init(args);
        Params p = new Params(APP, argv);
        int n = p.positive("n", 480);
        String check = p.text("check", "");
        boolean warmup = p.flag("warmup", true);
        p.requireAllUsed();
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();

        Kernel k = new Kernel(n, size, rank);
        int cap = k.capacity();
        Request[] reqs = new Request[4];

        if (warmup) {
            Kernel.warmUp();  // untimed: the timed loop below measures compiled code
        }

        MPI.COMM_WORLD.Barrier();
        double t0 = MPI.Wtime();
        if (k.active()) {
            MPI.COMM_WORLD.Sendrecv(k.a(), 0, k.skewACount(), MPI.DOUBLE, k.skewADest(), SKEW_A,
                    k.nextA(), 0, cap, MPI.DOUBLE, k.skewASource(), SKEW_A);
            MPI.COMM_WORLD.Sendrecv(k.b(), 0, k.skewBCount(), MPI.DOUBLE, k.skewBDest(), SKEW_B,
                    k.nextB(), 0, cap, MPI.DOUBLE, k.skewBSource(), SKEW_B);
            k.skewed();
            for (int step = 0; step < k.q() - 1; step++) {
                reqs[0] = MPI.COMM_WORLD.Irecv(k.nextA(), 0, cap, MPI.DOUBLE, k.right(), SHIFT_A);
                reqs[1] = MPI.COMM_WORLD.Irecv(k.nextB(), 0, cap, MPI.DOUBLE, k.down(), SHIFT_B);
                reqs[2] = MPI.COMM_WORLD.Isend(k.a(), 0, k.aCount(), MPI.DOUBLE, k.left(), SHIFT_A);
                reqs[3] = MPI.COMM_WORLD.Isend(k.b(), 0, k.bCount(), MPI.DOUBLE, k.up(), SHIFT_B);
                k.multiply();
                Request.Waitall(reqs);
                k.shifted();
            }
            k.multiply();
        }
        double[] time = {MPI.Wtime() - t0};
        double[] maxTime = new double[1];
        MPI.COMM_WORLD.Allreduce(time, 0, maxTime, 0, 1, MPI.DOUBLE, MPI.MAX);
        long[] sums = {k.checksum(), k.total()};
        long[] gSums = new long[2];
        MPI.COMM_WORLD.Allreduce(sums, 0, gSums, 0, 2, MPI.LONG, MPI.SUM);

        if (rank == 0) {
            Report.info(APP, FORM, n + "x" + n + " matrices, " + k.q() + "x" + k.q() + " process grid of "
                    + size + " ranks, sum of C " + gSums[1]);
            Reference ref = check.isEmpty() ? Kernel.sequential(n) : Reference.decode(APP, check);
            Report.verify(APP, FORM, "sum of C", gSums[0], (double) gSums[1], ref, 0);
            Report.time(APP, FORM, maxTime[0]);
        }
        MPI.Finalize();
    }
}
