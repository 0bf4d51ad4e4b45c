package bamboo.examples.cg;

import bamboo.examples.common.Params;
import bamboo.examples.common.Report;
import java.util.Locale;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Conjugate gradient with hand-written overlap: the rows that read no ghost entry are multiplied while
 * the halo of the search direction travels; the others after it has arrived.
 *
 * <p>Arguments ({@code key=value}): {@code matrix} (a Matrix Market file, or the bundled
 * {@code grid12.mtx}; default: the generated matrix), {@code n} (order of the generated matrix, default
 * 200000), {@code band} (its half bandwidth, 4), {@code extra} (random off-band couplings per row, 2),
 * {@code shift} (diagonal excess, 0.05), {@code iters} (iteration limit, 3000), {@code tol} (relative
 * residual to reach, 1e-10), {@code warmup} (true: an untimed {@code Kernel.warmUp()} before the
 * timer).
 * The run verifies against the known solution and a recomputed residual.
 */
public class SplitPhase {
    static final String APP = "cg";
    static final String FORM = "splitphase";
    static final int TAG = 7;

    public static void main(String[] args) throws MPIException {
        String[] argv = MPI.Init(args);
        Params par = new Params(APP, argv);
        String matrix = par.text("matrix", "");
        int n = par.positive("n", 200_000);
        int band = par.positive("band", 4);
        int extra = par.positive("extra", 2);
        double shift = par.positiveReal("shift", 0.05);
        int iters = par.positive("iters", 3000);
        double tol = par.positiveReal("tol", 1e-10);
        boolean warmup = par.flag("warmup", true);
        par.requireAllUsed();
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();

        Kernel k = matrix.isEmpty() ? Kernel.generated(n, band, extra, shift, size, rank)
                : Kernel.matrixMarket(matrix, size, rank);
        int[] nb = k.neighbours();
        int nn = nb.length;
        double[] p = k.p();
        double[][] out = new double[nn][];
        for (int q = 0; q < nn; q++) {
            out[q] = new double[k.sendCount(q)];
        }
        Request[] reqs = new Request[2 * nn];
        double[] loc = new double[2];
        double[] glob = new double[2];
        loc[0] = k.start();
        MPI.COMM_WORLD.Allreduce(loc, 0, glob, 0, 1, MPI.DOUBLE, MPI.SUM);
        double rr = glob[0];
        double rr0 = rr;

        if (warmup) {
            Kernel.warmUp();  // untimed: the timed loop below measures compiled code
        }

        MPI.COMM_WORLD.Barrier();
        double t0 = MPI.Wtime();
        int it = 0;
        while (it < iters && rr > tol * tol * rr0) {
            int r = 0;
            int s = nn;
            for (int q = 0; q < nn; q++) {
                reqs[r++] = MPI.COMM_WORLD.Irecv(p, k.recvOffset(q), k.recvCount(q), MPI.DOUBLE, nb[q], TAG);
            }
            for (int q = 0; q < nn; q++) {
                k.packP(q, out[q]);
                reqs[s++] = MPI.COMM_WORLD.Isend(out[q], 0, out[q].length, MPI.DOUBLE, nb[q], TAG);
            }
            k.multiplyInterior();
            Request.Waitall(reqs);
            k.multiplyBoundary();
            loc[0] = k.pAp();
            MPI.COMM_WORLD.Allreduce(loc, 0, glob, 0, 1, MPI.DOUBLE, MPI.SUM);
            double alpha = rr / glob[0];
            loc[0] = k.update(alpha);
            MPI.COMM_WORLD.Allreduce(loc, 0, glob, 0, 1, MPI.DOUBLE, MPI.SUM);
            double rrNew = glob[0];
            k.direction(rrNew / rr);
            rr = rrNew;
            it++;
        }
        double[] time = {MPI.Wtime() - t0};
        double[] maxTime = new double[1];
        MPI.COMM_WORLD.Allreduce(time, 0, maxTime, 0, 1, MPI.DOUBLE, MPI.MAX);

        // The check: A x with one more halo exchange, the true residual and the error against x*.
        k.loadSolutionIntoP();
        int r = 0;
        for (int q = 0; q < nn; q++) {
            reqs[r++] = MPI.COMM_WORLD.Irecv(p, k.recvOffset(q), k.recvCount(q), MPI.DOUBLE, nb[q], TAG);
        }
        for (int q = 0; q < nn; q++) {
            k.packP(q, out[q]);
            reqs[r++] = MPI.COMM_WORLD.Isend(out[q], 0, out[q].length, MPI.DOUBLE, nb[q], TAG);
        }
        Request.Waitall(reqs);
        k.multiplyAll();
        loc[0] = k.trueResidualSquared();
        loc[1] = k.bb();
        MPI.COMM_WORLD.Allreduce(loc, 0, glob, 0, 2, MPI.DOUBLE, MPI.SUM);
        double[] err = {k.maxError()};
        double[] maxErr = new double[1];
        MPI.COMM_WORLD.Allreduce(err, 0, maxErr, 0, 1, MPI.DOUBLE, MPI.MAX);

        if (rank == 0) {
            double rel = Math.sqrt(rr / rr0);
            double trueRel = Math.sqrt(glob[0] / glob[1]);
            Report.info(APP, FORM, "order " + k.order() + (matrix.isEmpty() ? " (generated)" : " (" + matrix + ")")
                    + ", " + size + " ranks, " + it + " iterations");
            boolean ok = rel <= tol && trueRel <= 10 * tol && maxErr[0] <= 1e-6;
            Report.verifyInvariant(APP, FORM, ok, String.format(Locale.ROOT,
                    "converged in %d iterations to relative residual %.3e (recomputed %.3e, bound %.1e), "
                            + "max error %.3e against the known solution (bound 1e-6)",
                    it, rel, trueRel, 10 * tol, maxErr[0]));
            Report.time(APP, FORM, maxTime[0]);
        }
        MPI.Finalize();
    }
}
