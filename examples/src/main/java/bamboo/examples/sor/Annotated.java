package bamboo.examples.sor;

import static bamboo.examples.sor.kernel.SorBench.nprocess;
import static bamboo.examples.sor.kernel.SorBench.rank;

import bamboo.Bamboo;
import bamboo.examples.common.Params;
import bamboo.examples.common.Reference;
import bamboo.examples.common.Report;
import bamboo.examples.sor.kernel.Results;
import bamboo.examples.sor.kernel.SorBench;
import bamboo.examples.sor.kernel.SorGrid;
import mpi.MPI;
import mpi.MPIException;

/**
 * Red-black SOR on a grid split into blocks of rows, in the style of the Java Grande MPJ benchmarks: the
 * kernel's state lives in {@link SorBench}'s statics, and after every half-sweep each process swaps its
 * edge rows with its neighbours by {@code Sendrecv}, the upper neighbour first. Rank 0 gathers the grid
 * and checks it.
 *
 * <p>Arguments ({@code key=value}): {@code n} (grid points per axis, default 1000), {@code iters} (sweeps,
 * 100), {@code omega} (1.25), {@code warmup} (true: an untimed {@code SorBench.warmUp()} before the timer),
 * {@code check} (the expected {@link Reference}; computed on rank 0 if absent).
 */
@Bamboo
public class Annotated {
    static final String APP = "sor";
    static final String FORM = "annotated";

    public static void main(String[] args) throws MPIException {
        String[] argv = MPI.Init(args);
        Params p = new Params(APP, argv);
        int n = p.positive("n", 1000);
        int iters = p.positive("iters", 100);
        double omega = p.positiveReal("omega", 1.25);
        String check = p.text("check", "");
        boolean warmup = p.flag("warmup", true);
        p.requireAllUsed();
        if (warmup) {
            SorBench.warmUp();  // untimed, and before the constructor: it uses the statics too
        }
        new SorBench(MPI.COMM_WORLD.Size(), MPI.COMM_WORLD.Rank(), n, omega);
        double[][] G = SorBench.G;

        MPI.COMM_WORLD.Barrier();
        double t0 = MPI.Wtime();
        for (int half = 0; half < 2 * iters; half++) {
            olap: {
            compute: {
            SorBench.relax(half % 2);
            if (rank != nprocess - 1) {
                MPI.COMM_WORLD.Sendrecv(G[G.length - 2], 0, n, MPI.DOUBLE, rank + 1, 1,
                        G[G.length - 1], 0, n, MPI.DOUBLE, rank + 1, 2);
            }
            if (rank != 0) {
                MPI.COMM_WORLD.Sendrecv(G[1], 0, n, MPI.DOUBLE, rank - 1, 2,
                        G[0], 0, n, MPI.DOUBLE, rank - 1, 1);
            }
            }
            }
        }
        double[] time = {MPI.Wtime() - t0};
        double[] maxTime = new double[1];
        MPI.COMM_WORLD.Allreduce(time, 0, maxTime, 0, 1, MPI.DOUBLE, MPI.MAX);
        double[][] all = Results.gather();

        if (rank == 0) {
            long sum = 0;
            for (int i = 0; i < n; i++) {
                sum += SorGrid.checksum(i, all[i]);
            }
            double total = SorGrid.total(all);
            Report.info(APP, FORM, n + "^2 grid, " + iters + " sweeps, " + nprocess + " ranks, sum " + total);
            Reference ref = check.isEmpty() ? SorGrid.sequential(n, iters, omega) : Reference.decode(APP, check);
            Report.verify(APP, FORM, "sum", sum, total, ref, 0);
            Report.time(APP, FORM, maxTime[0]);
        }
        MPI.Finalize();
    }
}
