package bamboo.examples.jacobi2d;

import bamboo.examples.common.KernelClock;
import bamboo.examples.common.Params;
import bamboo.examples.common.Reference;
import bamboo.examples.common.Report;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * 2-D Jacobi for Poisson's equation, bulk synchronous: every sweep posts the halo receives and sends,
 * waits for all of them, then relaxes the whole block; every {@code resEvery} sweeps the residual norm
 * is reduced with a sum.
 *
 * <p>Arguments ({@code key=value}): {@code n} (grid points per axis, default 512), {@code iters} (100),
 * {@code resEvery} (10), {@code warmup} (true: an untimed {@code Kernel.warmUp()} before the timer), {@code profile} (false: true times the kernel's calls and prints their sums, see {@link KernelClock}),
 * {@code check} (the expected {@link Reference}; computed on rank 0 if absent).
 */
public class Basic {
    static final String APP = "jacobi2d";
    static final String FORM = "basic";

    public static void main(String[] args) throws MPIException {
        String[] argv = MPI.Init(args);
        Params p = new Params(APP, argv);
        int n = p.positive("n", 512);
        int iters = p.positive("iters", 100);
        int resEvery = p.positive("resEvery", 10);
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
        double[][] out = new double[Kernel.EDGES][];
        double[][] in = new double[Kernel.EDGES][];
        for (int e = 0; e < Kernel.EDGES; e++) {
            out[e] = new double[k.edgeSize(e)];
            in[e] = new double[k.edgeSize(e)];
        }
        int nn = k.neighbourCount();
        Request[] reqs = new Request[2 * nn];
        double[] res = new double[1];
        double[] gRes = new double[1];

        if (warmup) {
            Kernel.warmUp();  // untimed: the timed loop below measures compiled code
        }

        MPI.COMM_WORLD.Barrier();
        double t0 = MPI.Wtime();
        for (int iter = 0; iter < iters; iter++) {
            int r = 0;
            int s = nn;
            for (int e = 0; e < Kernel.EDGES; e++) {
                if (nb[e] >= 0) {
                    reqs[r++] = MPI.COMM_WORLD.Irecv(in[e], 0, in[e].length, MPI.DOUBLE, nb[e], Kernel.opposite(e));
                }
            }
            for (int e = 0; e < Kernel.EDGES; e++) {
                if (nb[e] >= 0) {
                    k.pack(e, out[e]);
                    reqs[s++] = MPI.COMM_WORLD.Isend(out[e], 0, out[e].length, MPI.DOUBLE, nb[e], e);
                }
            }
            Request.Waitall(reqs);
            for (int e = 0; e < Kernel.EDGES; e++) {
                if (nb[e] >= 0) {
                    k.unpack(e, in[e]);
                }
            }
            res[0] = k.relaxAll();
            k.swap();
            if (iter % resEvery == 0) {
                MPI.COMM_WORLD.Allreduce(res, 0, gRes, 0, 1, MPI.DOUBLE, MPI.SUM);
            }
        }
        double[] time = {MPI.Wtime() - t0};
        double[] maxTime = new double[1];
        MPI.COMM_WORLD.Allreduce(time, 0, maxTime, 0, 1, MPI.DOUBLE, MPI.MAX);
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
            Report.info(APP, FORM, n + "^2 grid, " + iters + " sweeps, " + size + " ranks, residual "
                    + Kernel.norm(gRes[0]));
            Reference ref = check.isEmpty() ? Kernel.sequential(n, iters, resEvery) : Reference.decode(APP, check);
            Report.verify(APP, FORM, "residual", gSum[0], Kernel.norm(gRes[0]), ref, 1e-10);
            Report.time(APP, FORM, maxTime[0]);
            if (profile) {
                Report.info(APP, FORM, KernelClock.line(gSum, 1));
            }
        }
        MPI.Finalize();
    }
}
