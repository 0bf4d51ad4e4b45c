package bamboo.examples.jacobi3d;

import bamboo.examples.common.Params;
import bamboo.examples.common.Reference;
import bamboo.examples.common.Report;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * 3-D Jacobi, bulk synchronous: every sweep posts the halo receives and sends, waits for all of them,
 * then relaxes the whole block; every {@code errEvery} sweeps the largest change is reduced.
 *
 * <p>Arguments ({@code key=value}): {@code n} (grid points per axis, default 64), {@code iters} (100),
 * {@code errEvery} (10), {@code warmup} (true: an untimed {@code Kernel.warmUp()} before the timer),
 * {@code check} (the expected {@link Reference}; computed on rank 0 if absent).
 */
public class Basic {
    static final String APP = "jacobi3d";
    static final String FORM = "basic";

    public static void main(String[] args) throws MPIException {
        String[] argv = MPI.Init(args);
        Params p = new Params(APP, argv);
        int n = p.positive("n", 64);
        int iters = p.positive("iters", 100);
        int errEvery = p.positive("errEvery", 10);
        String check = p.text("check", "");
        boolean warmup = p.flag("warmup", true);
        p.requireAllUsed();
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();

        Kernel k = new Kernel(n, size, rank);
        int[] nb = k.neighbours();
        double[][] out = new double[Kernel.FACES][];
        double[][] in = new double[Kernel.FACES][];
        for (int f = 0; f < Kernel.FACES; f++) {
            out[f] = new double[k.faceSize(f)];
            in[f] = new double[k.faceSize(f)];
        }
        int nn = k.neighbourCount();
        Request[] reqs = new Request[2 * nn];
        double[] err = new double[1];
        double[] gErr = new double[1];

        if (warmup) {
            Kernel.warmUp();  // untimed: the timed loop below measures compiled code
        }

        MPI.COMM_WORLD.Barrier();
        double t0 = MPI.Wtime();
        for (int iter = 0; iter < iters; iter++) {
            int r = 0;
            int s = nn;
            for (int f = 0; f < Kernel.FACES; f++) {
                if (nb[f] >= 0) {
                    reqs[r++] = MPI.COMM_WORLD.Irecv(in[f], 0, in[f].length, MPI.DOUBLE, nb[f], Kernel.opposite(f));
                }
            }
            for (int f = 0; f < Kernel.FACES; f++) {
                if (nb[f] >= 0) {
                    k.pack(f, out[f]);
                    reqs[s++] = MPI.COMM_WORLD.Isend(out[f], 0, out[f].length, MPI.DOUBLE, nb[f], f);
                }
            }
            Request.Waitall(reqs);
            for (int f = 0; f < Kernel.FACES; f++) {
                if (nb[f] >= 0) {
                    k.unpack(f, in[f]);
                }
            }
            err[0] = k.relaxAll();
            k.swap();
            if (iter % errEvery == 0) {
                MPI.COMM_WORLD.Allreduce(err, 0, gErr, 0, 1, MPI.DOUBLE, MPI.MAX);
            }
        }
        double[] time = {MPI.Wtime() - t0};
        double[] maxTime = new double[1];
        MPI.COMM_WORLD.Allreduce(time, 0, maxTime, 0, 1, MPI.DOUBLE, MPI.MAX);
        long[] sum = {k.checksum()};
        long[] gSum = new long[1];
        MPI.COMM_WORLD.Allreduce(sum, 0, gSum, 0, 1, MPI.LONG, MPI.SUM);

        if (rank == 0) {
            Report.info(APP, FORM, n + "^3 grid, " + iters + " sweeps, " + size + " ranks, max change "
                    + gErr[0]);
            Reference ref = check.isEmpty() ? Kernel.sequential(n, iters, errEvery) : Reference.decode(APP, check);
            Report.verify(APP, FORM, "max change", gSum[0], gErr[0], ref, 0);
            Report.time(APP, FORM, maxTime[0]);
        }
        MPI.Finalize();
    }
}
