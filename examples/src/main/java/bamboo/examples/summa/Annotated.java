package bamboo.examples.summa;

import bamboo.Bamboo;
import bamboo.examples.common.Params;
import bamboo.examples.common.Reference;
import bamboo.examples.common.Report;
import bamboo.TaskHints;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * SUMMA, annotated for Bamboo: {@link Basic} with each panel marked as an olap region (the owners' sends,
 * the receive-and-forward of the ring broadcasts, the panel product) and task priorities so the ring
 * keeps moving; nothing else changed.
 *
 * <p>Arguments ({@code key=value}): {@code n} (matrix order, default 480), {@code nb} (widest panel,
 * default 48), {@code warmup} (true: an untimed {@code Kernel.warmUp()} before the timer),
 * {@code check} (the expected {@link Reference}; computed on rank 0 if absent).
 */
@Bamboo
public class Annotated {
    static final String APP = "summa";
    static final String FORM = "annotated";
    static final int TAG_A = 1, TAG_B = 2;

    public static void main(String[] args) throws MPIException {
        String[] argv = MPI.Init(args);
        Params p = new Params(APP, argv);
        int n = p.positive("n", 480);
        int nb = p.positive("nb", 48);
        String check = p.text("check", "");
        boolean warmup = p.flag("warmup", true);
        p.requireAllUsed();
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();

        Kernel k = new Kernel(n, nb, size, rank);
        int pr = k.rows();
        int pc = k.cols();
        double[] aPanel = new double[k.aCapacity()];
        double[] bPanel = new double[k.bCapacity()];

        // Lower process rows above upper ones, right columns above left ones: the ring broadcasts
        // flow down and to the right, so the tasks further along run (and forward) first.
        TaskHints.priority(k.row() * pc + k.col());
        if (warmup) {
            Kernel.warmUp();  // untimed: the timed loop below measures compiled code
        }
        MPI.COMM_WORLD.Barrier();
        double t0 = MPI.Wtime();
        for (int q = 0; q < k.panels(); q++) {
            int da = k.aDistance(q);
            int db = k.bDistance(q);
            Request[] reqs = new Request[4];
            int r = 0;
            olap: {
                send: {
                    if (da == 0) {
                        k.packA(q, aPanel);
                        if (pc > 1) {
                            reqs[r++] = MPI.COMM_WORLD.Isend(aPanel, 0, k.aCount(q), MPI.DOUBLE, k.right(), TAG_A);
                        }
                    }
                    if (db == 0) {
                        k.packB(q, bPanel);
                        if (pr > 1) {
                            reqs[r++] = MPI.COMM_WORLD.Isend(bPanel, 0, k.bCount(q), MPI.DOUBLE, k.down(), TAG_B);
                        }
                    }
                }
                receive: {
                    if (da > 0) {
                        MPI.COMM_WORLD.Recv(aPanel, 0, k.aCount(q), MPI.DOUBLE, k.left(), TAG_A);
                        if (da < pc - 1) {
                            reqs[r++] = MPI.COMM_WORLD.Isend(aPanel, 0, k.aCount(q), MPI.DOUBLE, k.right(), TAG_A);
                        }
                    }
                    if (db > 0) {
                        MPI.COMM_WORLD.Recv(bPanel, 0, k.bCount(q), MPI.DOUBLE, k.up(), TAG_B);
                        if (db < pr - 1) {
                            reqs[r++] = MPI.COMM_WORLD.Isend(bPanel, 0, k.bCount(q), MPI.DOUBLE, k.down(), TAG_B);
                        }
                    }
                }
                compute: {
                    Request.Waitall(reqs);
                    k.multiply(q, aPanel, bPanel);
                }
            }
        }

        double[] time = {MPI.Wtime() - t0};
        double[] maxTime = new double[1];
        MPI.COMM_WORLD.Allreduce(time, 0, maxTime, 0, 1, MPI.DOUBLE, MPI.MAX);
        long[] sums = {k.checksum(), k.total()};
        long[] gSums = new long[2];
        MPI.COMM_WORLD.Allreduce(sums, 0, gSums, 0, 2, MPI.LONG, MPI.SUM);

        if (rank == 0) {
            Report.info(APP, FORM, n + "x" + n + " matrices, " + pr + "x" + pc + " process grid, "
                    + k.panels() + " panels, sum of C " + gSums[1]);
            Reference ref = check.isEmpty() ? Kernel.sequential(n) : Reference.decode(APP, check);
            Report.verify(APP, FORM, "sum of C", gSums[0], (double) gSums[1], ref, 0);
            Report.time(APP, FORM, maxTime[0]);
        }
        MPI.Finalize();
    }
}
