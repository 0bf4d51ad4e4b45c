package bamboo.examples.summa;

import bamboo.examples.common.Params;
import bamboo.examples.common.Reference;
import bamboo.examples.common.Report;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * SUMMA with hand-written overlap, as an expert would write it: panels are double-buffered; while a
 * process multiplies panel p, the receives of panel p+1 are already posted, and it forwards each panel
 * (non-blocking) as soon as it has arrived, before multiplying it.
 *
 * <p>Arguments ({@code key=value}): {@code n} (matrix order, default 480), {@code nb} (widest panel,
 * default 48), {@code warmup} (true: an untimed {@code Kernel.warmUp()} before the timer),
 * {@code check} (the expected {@link Reference}; computed on rank 0 if absent).
 */
public class SplitPhase {
    static final String APP = "summa";
    static final String FORM = "splitphase";
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
        double[][] aBuf = {new double[k.aCapacity()], new double[k.aCapacity()]};
        double[][] bBuf = {new double[k.bCapacity()], new double[k.bCapacity()]};
        Request[] recvA = new Request[2];
        Request[] recvB = new Request[2];
        Request[] sending = new Request[4];   // the forwards of the previous panel
        int panels = k.panels();

        if (warmup) {
            Kernel.warmUp();  // untimed: the timed loop below measures compiled code
        }

        MPI.COMM_WORLD.Barrier();
        double t0 = MPI.Wtime();
        post(k, 0, aBuf[0], bBuf[0], recvA, recvB);
        for (int q = 0; q < panels; q++) {
            int cur = q & 1;
            Request[] sends = new Request[4];
            int s = 0;
            if (k.aDistance(q) > 0) {
                recvA[cur].Wait();
            }
            if (k.aDistance(q) < pc - 1) {
                sends[s++] = MPI.COMM_WORLD.Isend(aBuf[cur], 0, k.aCount(q), MPI.DOUBLE, k.right(), TAG_A);
            }
            if (k.bDistance(q) > 0) {
                recvB[cur].Wait();
            }
            if (k.bDistance(q) < pr - 1) {
                sends[s++] = MPI.COMM_WORLD.Isend(bBuf[cur], 0, k.bCount(q), MPI.DOUBLE, k.down(), TAG_B);
            }
            // The other buffers still hold panel q-1, perhaps being forwarded: finish that first.
            Request.Waitall(sending);
            if (q + 1 < panels) {
                post(k, q + 1, aBuf[1 - cur], bBuf[1 - cur], recvA, recvB);
            }
            k.multiply(q, aBuf[cur], bBuf[cur]);
            sending = sends;
        }
        Request.Waitall(sending);

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

    /** Makes panel q's slices arrive in (or, for their owner, be packed into) the given buffers. */
    private static void post(Kernel k, int q, double[] aPanel, double[] bPanel, Request[] recvA, Request[] recvB)
            throws MPIException {
        if (k.aDistance(q) == 0) {
            k.packA(q, aPanel);
        } else {
            recvA[q & 1] = MPI.COMM_WORLD.Irecv(aPanel, 0, k.aCount(q), MPI.DOUBLE, k.left(), TAG_A);
        }
        if (k.bDistance(q) == 0) {
            k.packB(q, bPanel);
        } else {
            recvB[q & 1] = MPI.COMM_WORLD.Irecv(bPanel, 0, k.bCount(q), MPI.DOUBLE, k.up(), TAG_B);
        }
    }
}
