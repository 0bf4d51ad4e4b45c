package bamboo.examples.spmv.kernel;

import bamboo.examples.common.Decomp;
import bamboo.examples.common.JitSettle;

/**
 * Repeated sparse matrix-vector products {@code x = A x} with the rows of A in blocks, written the way the
 * Java Grande MPJ benchmarks are: rank, process count, the row block, every block's size and offset,
 * the local rows and both vectors are public statics set by the constructor. No MPI here: each
 * iteration {@link #multiply()} computes the own block of the product into {@link #y}, and the program
 * gathers the blocks of every process into the whole vector {@link #x} ({@code Allgatherv}).
 */
public class SpmvBench {
    public static int nprocess;
    public static int rank;
    public static int n;
    public static int perRow;
    /** The rows this process owns: {@code pRow} rows from {@code first}. */
    public static int first;
    public static int pRow;
    /** Every process's row count and first row, for the gather. */
    public static int[] counts;
    public static int[] displs;
    public static int[] rowStart;
    public static int[] cols;
    public static double[] vals;
    public static double[] x;
    public static double[] y;

    /** Makes process {@code rank}'s rows of a fresh problem the current ones. */
    public SpmvBench(int nprocess, int rank, int n, int perRow) {
        Decomp.requireSplittable("spmv", "n", n, nprocess, 1);
        SpmvBench.nprocess = nprocess;
        SpmvBench.rank = rank;
        SpmvBench.n = n;
        SpmvBench.perRow = perRow;
        counts = new int[nprocess];
        displs = new int[nprocess];
        for (int q = 0; q < nprocess; q++) {
            counts[q] = Decomp.size(n, nprocess, q);
            displs[q] = Decomp.start(n, nprocess, q);
        }
        first = displs[rank];
        pRow = counts[rank];
        rowStart = new int[pRow + 1];
        cols = new int[pRow * perRow];
        vals = new double[pRow * perRow];
        SparseMatrix.rows(n, perRow, first, pRow, rowStart, cols, vals);
        x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = SparseMatrix.x0(i);
        }
        y = new double[pRow];
    }

    /** The own block of {@code A x} into {@link #y}. */
    public static void multiply() {
        SparseMatrix.multiply(rowStart, cols, vals, x, y, pRow);
    }

    /** Rounds of {@link #warmUp()}: products of a small matrix, enough for C2 to compile them. */
    private static final int WARM_UP_ROUNDS = 3000;

    /**
     * Compiles the product before the timer starts, on a small problem of its own. It overwrites the
     * statics: call it before the constructor that sets up the real problem.
     */
    public static void warmUp() {
        new SpmvBench(1, 0, 2000, 8);
        for (int round = 0; round < WARM_UP_ROUNDS; round++) {
            multiply();
            System.arraycopy(y, 0, x, 0, n);
        }
        JitSettle.await();
    }
}
