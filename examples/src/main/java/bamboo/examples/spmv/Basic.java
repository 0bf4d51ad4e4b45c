package bamboo.examples.spmv;

import static bamboo.examples.spmv.kernel.SpmvBench.counts;
import static bamboo.examples.spmv.kernel.SpmvBench.displs;
import static bamboo.examples.spmv.kernel.SpmvBench.pRow;
import static bamboo.examples.spmv.kernel.SpmvBench.x;
import static bamboo.examples.spmv.kernel.SpmvBench.y;

import bamboo.examples.common.Params;
import bamboo.examples.common.Reference;
import bamboo.examples.common.Report;
import bamboo.examples.spmv.kernel.SparseMatrix;
import bamboo.examples.spmv.kernel.SpmvBench;
import mpi.MPI;
import mpi.MPIException;

/**
 * Repeated sparse matrix-vector products in the style of the Java Grande MPJ benchmarks: each process
 * multiplies its block of rows by the whole vector, and the blocks are gathered into the whole vector on
 * every process ({@code Allgatherv}) for the next product. Rank 0 checks the final vector.
 *
 * <p>Arguments ({@code key=value}): {@code n} (matrix order, default 200000), {@code perRow} (entries per
 * row, 8), {@code iters} (products, 100), {@code warmup} (true: an untimed {@code SpmvBench.warmUp()}
 * before the timer), {@code check} (the expected {@link Reference}; computed on rank 0 if absent).
 */
public class Basic {
    static final String APP = "spmv";
    static final String FORM = "basic";

    public static void main(String[] args) throws MPIException {
        String[] argv = MPI.Init(args);
        Params p = new Params(APP, argv);
        int n = p.positive("n", 200000);
        int perRow = p.positive("perRow", 8);
        int iters = p.positive("iters", 100);
        String check = p.text("check", "");
        boolean warmup = p.flag("warmup", true);
        p.requireAllUsed();
        if (warmup) {
            SpmvBench.warmUp();  // untimed, and before the constructor: it uses the statics too
        }
        new SpmvBench(MPI.COMM_WORLD.Size(), MPI.COMM_WORLD.Rank(), n, perRow);

        MPI.COMM_WORLD.Barrier();
        double t0 = MPI.Wtime();
        for (int it = 0; it < iters; it++) {
            SpmvBench.multiply();
            MPI.COMM_WORLD.Allgatherv(y, 0, pRow, MPI.DOUBLE, x, 0, counts, displs, MPI.DOUBLE);
        }
        double[] time = {MPI.Wtime() - t0};
        double[] maxTime = new double[1];
        MPI.COMM_WORLD.Allreduce(time, 0, maxTime, 0, 1, MPI.DOUBLE, MPI.MAX);

        if (SpmvBench.rank == 0) {
            Reference got = SparseMatrix.result(x);
            Report.info(APP, FORM, n + " rows, " + perRow + " entries per row, " + iters + " products, "
                    + SpmvBench.nprocess + " ranks, sum " + got.value());
            Reference ref = check.isEmpty() ? SparseMatrix.sequential(n, perRow, iters)
                    : Reference.decode(APP, check);
            Report.verify(APP, FORM, "sum", got.checksum(), got.value(), ref, 0);
            Report.time(APP, FORM, maxTime[0]);
        }
        MPI.Finalize();
    }
}
