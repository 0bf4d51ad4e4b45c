package bamboo.examples.spmv.kernel;

import bamboo.examples.common.Hash;
import bamboo.examples.common.Reference;

/**
 * The arithmetic of the sparse mat-vec example that holds no state: the rows of a sparse matrix in
 * compressed rows (each row a diagonal entry and {@code perRow - 1} columns spread over the whole
 * matrix, non-negative values summing to 0.95, so that repeated products stay bounded), the product of a
 * block of rows, and the sequential run the distributed ones are checked against.
 */
public final class SparseMatrix {
    private SparseMatrix() {
    }

    /**
     * Writes rows {@code first..first+rows-1} of the {@code n x n} matrix into {@code rowStart},
     * {@code cols} and {@code vals} (row r's entries at {@code rowStart[r]..rowStart[r+1]-1}).
     */
    public static void rows(int n, int perRow, int first, int rows, int[] rowStart, int[] cols, double[] vals) {
        int at = 0;
        for (int r = 0; r < rows; r++) {
            int i = first + r;
            rowStart[r] = at;
            double weights = 0;
            for (int e = 0; e < perRow; e++) {
                long h = Hash.mix((long) i * 131 + e);
                cols[at + e] = e == 0 ? i : (int) ((h >>> 1) % n);
                vals[at + e] = 1 + (h & 7);
                weights += vals[at + e];
            }
            for (int e = 0; e < perRow; e++) {
                vals[at + e] = 0.95 * vals[at + e] / weights;
            }
            at += perRow;
        }
        rowStart[rows] = at;
    }

    /** The starting vector's entry {@code i}. */
    public static double x0(int i) {
        return 1 + (i % 10) * 0.1;
    }

    /** {@code y = A x} for the rows held in {@code rowStart}, {@code cols} and {@code vals}. */
    public static void multiply(int[] rowStart, int[] cols, double[] vals, double[] x, double[] y, int rows) {
        for (int r = 0; r < rows; r++) {
            double s = 0;
            for (int e = rowStart[r], end = rowStart[r + 1]; e < end; e++) {
                s += vals[e] * x[cols[e]];
            }
            y[r] = s;
        }
    }

    /** {@link Hash} of the vector, and its sum in index order, as the example reports them. */
    public static Reference result(double[] x) {
        long sum = 0;
        double total = 0;
        for (int i = 0; i < x.length; i++) {
            sum += Hash.term(i, x[i]);
            total += x[i];
        }
        return new Reference(sum, total);
    }

    /** What {@code iters} products of the {@code n x n} matrix must report. */
    public static Reference sequential(int n, int perRow, int iters) {
        int[] rowStart = new int[n + 1];
        int[] cols = new int[n * perRow];
        double[] vals = new double[n * perRow];
        rows(n, perRow, 0, n, rowStart, cols, vals);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = x0(i);
        }
        double[] y = new double[n];
        for (int it = 0; it < iters; it++) {
            multiply(rowStart, cols, vals, x, y, n);
            double[] t = x;
            x = y;
            y = t;
        }
        return result(x);
    }
}
