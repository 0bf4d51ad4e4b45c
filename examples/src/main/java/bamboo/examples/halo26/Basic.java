package bamboo.examples.halo26;

import bamboo.examples.common.KernelClock;
import bamboo.examples.common.Params;
import bamboo.examples.common.Reference;
import bamboo.examples.common.Report;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * The 26-neighbour halo pattern of LULESH, bulk synchronous: every step reduces the stable time step
 * with a minimum, exchanges the ghost faces, edges and corners with up to 26 neighbours (all posted,
 * then all awaited) and updates every cell.
 *
 * <p>Arguments ({@code key=value}): {@code n} (cells per axis, default 96), {@code steps} (60),
 * {@code warmup} (true: an untimed {@code Kernel.warmUp()} before the timer), {@code profile} (false: true times the kernel's calls and prints their sums, see {@link KernelClock}),
 * {@code check} (the expected {@link Reference}; computed on rank 0 if absent).
 */
public class Basic {
    static final String APP = "halo26";
    static final String FORM = "basic";

    public static void main(String[] args) throws MPIException {
        String[] argv = MPI.Init(args);
        Params p = new Params(APP, argv);
        int n = p.positive("n", 96);
        int steps = p.positive("steps", 60);
        String check = p.text("check", "");
        boolean warmup = p.flag("warmup", true);
        boolean profile = p.flag("profile", false);
        p.requireAllUsed();
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();

        Kernel k = new Kernel(n, size, rank);
        if (profile) {
            k.profile();  // times the kernel's calls; see KernelClock
        }
        int[] nb = k.neighbours();
        int nn = k.neighbourCount();
        double[][] out = new double[Kernel.DIRECTIONS][];
        double[][] in = new double[Kernel.DIRECTIONS][];
        for (int d = 0; d < Kernel.DIRECTIONS; d++) {
            out[d] = new double[k.regionSize(d)];
            in[d] = new double[k.regionSize(d)];
        }
        Request[] reqs = new Request[2 * nn];
        double[] dtLocal = new double[1];
        double[] dt = new double[1];
        double time = 0;

        if (warmup) {
            Kernel.warmUp();  // untimed: the timed loop below measures compiled code
        }

        MPI.COMM_WORLD.Barrier();
        double t0 = MPI.Wtime();
        for (int step = 0; step < steps; step++) {
            dtLocal[0] = k.localTimeStep();
            MPI.COMM_WORLD.Allreduce(dtLocal, 0, dt, 0, 1, MPI.DOUBLE, MPI.MIN);
            int r = 0;
            int s = nn;
            for (int d = 0; d < Kernel.DIRECTIONS; d++) {
                if (nb[d] >= 0) {
                    reqs[r++] = MPI.COMM_WORLD.Irecv(in[d], 0, in[d].length, MPI.DOUBLE, nb[d], Kernel.opposite(d));
                }
            }
            for (int d = 0; d < Kernel.DIRECTIONS; d++) {
                if (nb[d] >= 0) {
                    k.pack(d, out[d]);
                    reqs[s++] = MPI.COMM_WORLD.Isend(out[d], 0, out[d].length, MPI.DOUBLE, nb[d], d);
                }
            }
            Request.Waitall(reqs);
            for (int d = 0; d < Kernel.DIRECTIONS; d++) {
                if (nb[d] >= 0) {
                    k.unpack(d, in[d]);
                }
            }
            k.updateAll(dt[0]);
            k.swap();
            time += dt[0];
        }
        double[] elapsed = {MPI.Wtime() - t0};
        double[] maxElapsed = new double[1];
        MPI.COMM_WORLD.Allreduce(elapsed, 0, maxElapsed, 0, 1, MPI.DOUBLE, MPI.MAX);
        // the checksum and, with profile=true, the kernel's timing sums: one reduction for both (a collective
        // of its own would add a state machine to the translated task's execute(), which C2 compiles)
        long[] sum = new long[profile ? 1 + KernelClock.SLOTS : 1];
        sum[0] = k.checksum();
        if (profile) {
            k.profileSums(sum, 1);
        }
        long[] gSum = new long[sum.length];
        MPI.COMM_WORLD.Allreduce(sum, 0, gSum, 0, sum.length, MPI.LONG, MPI.SUM);

        if (rank == 0) {
            Report.info(APP, FORM, n + "^3 cells, " + steps + " steps, " + size + " ranks, up to "
                    + nn + " neighbours each, simulated time " + time);
            Reference ref = check.isEmpty() ? Kernel.sequential(n, steps) : Reference.decode(APP, check);
            Report.verify(APP, FORM, "simulated time", gSum[0], time, ref, 0);
            Report.time(APP, FORM, maxElapsed[0]);
            if (profile) {
                Report.info(APP, FORM, KernelClock.line(gSum, 1));
            }
        }
        MPI.Finalize();
    }
}
