package summa17;

import bamboo.examples.summa.Kernel;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/** SUMMA Basic (2 ranks, n=1152, nb=48) with per-panel timestamps: pack, Isend, Recv, Waitall, multiply per rank
 *  (scripts/summa-probe/probe.sh; -Dprobe.touch=true adds a read pass over the B panel). Session 12, summa17. */
public class Probe {
    static final boolean TOUCH = Boolean.getBoolean("probe.touch");
    static double sink;
    static long touchRecv, touchSend;
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int n = 1152, nb = 48;
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        Kernel k = new Kernel(n, nb, size, rank);
        int pr = k.rows();
        int pc = k.cols();
        double[] aPanel = new double[k.aCapacity()];
        double[] bPanel = new double[k.bCapacity()];
        Kernel.warmUp();
        int P = k.panels();
        long[] t = new long[P * 6];
        MPI.COMM_WORLD.Barrier();
        long t0 = System.nanoTime();
        for (int q = 0; q < P; q++) {
            t[q * 6] = System.nanoTime();
            int da = k.aDistance(q);
            int db = k.bDistance(q);
            Request[] reqs = new Request[4];
            int r = 0;
            if (da == 0) {
                k.packA(q, aPanel);
            }
            if (db == 0) {
                k.packB(q, bPanel);
            }
            t[q * 6 + 1] = System.nanoTime();
            if (da == 0 && pc > 1) {
                reqs[r++] = MPI.COMM_WORLD.Isend(aPanel, 0, k.aCount(q), MPI.DOUBLE, k.right(), 1);
            }
            if (db == 0 && pr > 1) {
                reqs[r++] = MPI.COMM_WORLD.Isend(bPanel, 0, k.bCount(q), MPI.DOUBLE, k.down(), 2);
            }
            t[q * 6 + 2] = System.nanoTime();
            if (da > 0) {
                MPI.COMM_WORLD.Recv(aPanel, 0, k.aCount(q), MPI.DOUBLE, k.left(), 1);
            }
            if (db > 0) {
                MPI.COMM_WORLD.Recv(bPanel, 0, k.bCount(q), MPI.DOUBLE, k.up(), 2);
            }
            t[q * 6 + 3] = System.nanoTime();
            Request.Waitall(reqs);
            t[q * 6 + 4] = System.nanoTime();
            if (TOUCH) {
                double acc = 0;
                for (int i = 0, m = k.bCount(q); i < m; i++) {
                    acc += bPanel[i];
                }
                sink += acc;
                long tt = System.nanoTime();
                if (db > 0) touchRecv += tt - t[q * 6 + 4]; else touchSend += tt - t[q * 6 + 4];
                t[q * 6 + 4] = tt;
            }
            k.multiply(q, aPanel, bPanel);
            t[q * 6 + 5] = System.nanoTime();
        }
        long t1 = System.nanoTime();
        double[] time = {(t1 - t0) / 1e9};
        double[] maxTime = new double[1];
        MPI.COMM_WORLD.Allreduce(time, 0, maxTime, 0, 1, MPI.DOUBLE, MPI.MAX);
        long pack = 0, isend = 0, recv = 0, wait = 0, mult = 0, gap = 0;
        StringBuilder mults = new StringBuilder();
        StringBuilder recvs = new StringBuilder();
        for (int q = 0; q < P; q++) {
            pack += t[q * 6 + 1] - t[q * 6];
            isend += t[q * 6 + 2] - t[q * 6 + 1];
            recv += t[q * 6 + 3] - t[q * 6 + 2];
            wait += t[q * 6 + 4] - t[q * 6 + 3];
            mult += t[q * 6 + 5] - t[q * 6 + 4];
            if (q + 1 < P) {
                gap += t[(q + 1) * 6] - t[q * 6 + 5];
            }
            mults.append(' ').append((t[q * 6 + 5] - t[q * 6 + 4]) / 100_000 / 10.0);
            recvs.append(' ').append((t[q * 6 + 4] - t[q * 6 + 1]) / 1000);
        }
        System.out.println("probe rank " + rank + " total " + (t1 - t0) / 1000 + " us max " + (long) (maxTime[0] * 1e6)
                + " | pack " + pack / 1000 + " isend " + isend / 1000 + " recv " + recv / 1000 + " wait " + wait / 1000
                + " mult " + mult / 1000 + " gap " + gap / 1000);
        System.out.println("probe rank " + rank + " mult_ms" + mults);
        System.out.println("probe rank " + rank + " touch_us recv " + touchRecv / 1000 + " send " + touchSend / 1000 + " " + (sink == 1.5 ? "x" : ""));
        System.out.println("probe rank " + rank + " comm_us" + recvs);
        long[] sums = {k.total()};
        long[] g = new long[1];
        MPI.COMM_WORLD.Allreduce(sums, 0, g, 0, 1, MPI.LONG, MPI.SUM);
        if (rank == 0) System.out.println("probe total C " + g[0] + " grid " + pr + "x" + pc);
        MPI.Finalize();
    }
}
