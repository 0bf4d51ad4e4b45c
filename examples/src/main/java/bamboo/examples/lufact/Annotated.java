package bamboo.examples.lufact;

import static bamboo.examples.lufact.kernel.LuBench.col;
import static bamboo.examples.lufact.kernel.LuBench.rank;

import bamboo.Bamboo;
import bamboo.examples.common.Params;
import bamboo.examples.common.Reference;
import bamboo.examples.common.Report;
import bamboo.examples.lufact.kernel.LuBench;
import bamboo.examples.lufact.kernel.LuMatrix;
import mpi.MPI;
import mpi.MPIException;

/**
 * LU factorisation with partial pivoting, columns dealt out cyclically, in the style of the Java Grande
 * MPJ benchmarks: the kernel's state lives in {@link LuBench}'s statics; at every step the owner of the
 * pivot column finds the pivot and the multipliers, {@code Bcast}s them, and every process updates its
 * later columns. Rank 0 reduces the checksum and checks the factors.
 *
 * <p>Arguments ({@code key=value}): {@code n} (matrix order, default 1000), {@code warmup} (true: an
 * untimed {@code LuBench.warmUp()} before the timer), {@code check} (the expected {@link Reference};
 * computed on rank 0 if absent).
 */
@Bamboo
public class Annotated {
    static final String APP = "lufact";
    static final String FORM = "annotated";

    public static void main(String[] args) throws MPIException {
        String[] argv = MPI.Init(args);
        Params p = new Params(APP, argv);
        int n = p.positive("n", 1000);
        String check = p.text("check", "");
        boolean warmup = p.flag("warmup", true);
        p.requireAllUsed();
        if (warmup) {
            LuBench.warmUp();  // untimed, and before the constructor: it uses the statics too
        }
        new LuBench(MPI.COMM_WORLD.Size(), MPI.COMM_WORLD.Rank(), n);

        MPI.COMM_WORLD.Barrier();
        double t0 = MPI.Wtime();
        for (int k = 0; k < n; k++) {
            olap: {
            compute: {
            if (rank == LuBench.owner(k)) {
                LuBench.pivotColumn(k);
            }
            MPI.COMM_WORLD.Bcast(col, 0, n + 2, MPI.DOUBLE, LuBench.owner(k));
            LuBench.update(k);
            }
            }
        }
        double[] time = {MPI.Wtime() - t0};
        double[] maxTime = new double[1];
        MPI.COMM_WORLD.Allreduce(time, 0, maxTime, 0, 1, MPI.DOUBLE, MPI.MAX);
        long[] sum = {LuBench.checksum()};
        long[] gSum = new long[1];
        MPI.COMM_WORLD.Reduce(sum, 0, gSum, 0, 1, MPI.LONG, MPI.SUM, 0);

        if (rank == 0) {
            Report.info(APP, FORM, n + "x" + n + " matrix, " + LuBench.nprocess + " ranks, log|det| "
                    + LuBench.logDet);
            Reference ref = check.isEmpty() ? LuMatrix.sequential(n) : Reference.decode(APP, check);
            Report.verify(APP, FORM, "log|det|", gSum[0], LuBench.logDet, ref, 0);
            Report.time(APP, FORM, maxTime[0]);
        }
        MPI.Finalize();
    }
}
