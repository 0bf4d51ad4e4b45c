package bamboo.examples.lufact.kernel;

import bamboo.examples.common.JitSettle;

/**
 * LU factorisation with partial pivoting of an {@code n x n} matrix whose columns are dealt out
 * cyclically (column j to process {@code j % nprocess}), written the way the Java Grande MPJ benchmarks
 * are: rank, process count, the local columns and the pivot message are public statics set by the
 * constructor. No MPI here: at step k the owner of column k calls {@link #pivotColumn}, the program
 * broadcasts {@link #col} from it, and every process calls {@link #update}.
 */
public class LuBench {
    public static int nprocess;
    public static int rank;
    public static int n;
    /** Columns this process owns: local column c is global column {@code rank + c * nprocess}. */
    public static int nLocal;
    public static double[][] a;
    /** The pivot message of the current step: multipliers, pivot row, pivot value ({@link LuMatrix}). */
    public static double[] col;
    public static int[] ipvt;
    /** log|det| so far: the sum of log|pivot| over the steps, in step order on every process. */
    public static double logDet;

    /** Makes process {@code rank}'s columns of a fresh {@code n x n} matrix the current ones. */
    public LuBench(int nprocess, int rank, int n) {
        LuBench.nprocess = nprocess;
        LuBench.rank = rank;
        LuBench.n = n;
        nLocal = n / nprocess + (rank < n % nprocess ? 1 : 0);
        a = new double[nLocal][n];
        for (int c = 0; c < nLocal; c++) {
            LuMatrix.initialColumn(rank + c * nprocess, a[c]);
        }
        col = new double[n + 2];
        ipvt = new int[n];
        logDet = 0;
    }

    /** The process owning column {@code k}. */
    public static int owner(int k) {
        return k % nprocess;
    }

    /** Step {@code k} on its pivot column (call on {@link #owner(int)} only): fills {@link #col}. */
    public static void pivotColumn(int k) {
        LuMatrix.pivot(a[k / nprocess], k, col);
    }

    /** Step {@code k} on every owned column after k, from the broadcast {@link #col}. */
    public static void update(int k) {
        ipvt[k] = (int) col[n + LuMatrix.PIVOT_ROW];
        logDet += Math.log(Math.abs(col[n + LuMatrix.PIVOT_VALUE]));
        int c0 = rank > k ? 0 : (k - rank) / nprocess + 1;
        for (int c = c0; c < nLocal; c++) {
            LuMatrix.eliminate(a[c], k, col);
        }
    }

    /** {@link bamboo.examples.common.Hash} of the owned columns (and, on rank 0, of the pivots). */
    public static long checksum() {
        long sum = rank == 0 ? LuMatrix.checksum(ipvt) : 0;
        for (int c = 0; c < nLocal; c++) {
            sum += LuMatrix.checksum(rank + c * nprocess, a[c]);
        }
        return sum;
    }

    /** Rounds of {@link #warmUp()}: factorisations of a small matrix, enough for C2 to compile the steps. */
    private static final int WARM_UP_ROUNDS = 200;

    /**
     * Compiles the steps before the timer starts, on a small matrix of its own. It overwrites the statics:
     * call it before the constructor that sets up the real problem.
     */
    public static void warmUp() {
        for (int round = 0; round < WARM_UP_ROUNDS; round++) {
            new LuBench(1, 0, 64);
            for (int k = 0; k < n; k++) {
                pivotColumn(k);
                update(k);
            }
        }
        JitSettle.await();
    }
}
