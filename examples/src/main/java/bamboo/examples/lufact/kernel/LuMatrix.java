package bamboo.examples.lufact.kernel;

import bamboo.examples.common.Hash;
import bamboo.examples.common.Reference;

/**
 * The arithmetic of the LU example that holds no state: the matrix, the two steps of Gaussian
 * elimination with partial pivoting on one column (Linpack's {@code dgefa} order: the pivot column is
 * scaled by {@code -1/pivot}, then every later column gets an {@code axpy}), the checksum, and the
 * sequential factorisation the distributed ones are checked against. Columns are stored as arrays.
 */
public final class LuMatrix {
    /** Layout of the pivot message: the multipliers at their row indices, then these two slots. */
    public static final int PIVOT_ROW = 0, PIVOT_VALUE = 1;

    private LuMatrix() {
    }

    /** Fills {@code column} with column {@code j} of the matrix (values in [-0.5, 0.5)). */
    public static void initialColumn(int j, double[] column) {
        for (int i = 0; i < column.length; i++) {
            column[i] = (Hash.mix((long) i * 0x10001L + j) >>> 11) * 0x1.0p-53 - 0.5;
        }
    }

    /**
     * Finds the pivot of column {@code k} (held in {@code column}), swaps it into row {@code k}, scales the
     * rows below into multipliers, and writes them and the pivot into {@code msg} (length {@code n + 2}).
     */
    public static void pivot(double[] column, int k, double[] msg) {
        int n = column.length;
        int l = k;
        double max = Math.abs(column[k]);
        for (int i = k + 1; i < n; i++) {
            double a = Math.abs(column[i]);
            if (a > max) {
                max = a;
                l = i;
            }
        }
        double p = column[l];
        column[l] = column[k];
        column[k] = p;
        double t = -1.0 / p;
        for (int i = k + 1; i < n; i++) {
            column[i] *= t;
        }
        System.arraycopy(column, k + 1, msg, k + 1, n - k - 1);
        msg[n + PIVOT_ROW] = l;
        msg[n + PIVOT_VALUE] = p;
    }

    /** Applies step {@code k} (pivot swap and {@code axpy} with the multipliers in {@code msg}) to a later column. */
    public static void eliminate(double[] column, int k, double[] msg) {
        int n = column.length;
        int l = (int) msg[n + PIVOT_ROW];
        double t = column[l];
        if (l != k) {
            column[l] = column[k];
            column[k] = t;
        }
        for (int i = k + 1; i < n; i++) {
            column[i] += t * msg[i];
        }
    }

    /** {@link Hash} of global column {@code j} of the factors, by global index. */
    public static long checksum(int j, double[] column) {
        long sum = 0;
        long base = (long) j * column.length;
        for (int i = 0; i < column.length; i++) {
            sum += Hash.term(base + i, column[i]);
        }
        return sum;
    }

    /** {@link Hash} of the pivot rows, by step, placed after the factors' indices. */
    public static long checksum(int[] pivots) {
        long sum = 0;
        long base = (long) pivots.length * pivots.length;
        for (int k = 0; k < pivots.length; k++) {
            sum += Hash.term(base + k, (long) pivots[k]);
        }
        return sum;
    }

    /** What a factorisation of the {@code n x n} matrix must report: the checksum and log|det|. */
    public static Reference sequential(int n) {
        double[][] a = new double[n][n];
        for (int j = 0; j < n; j++) {
            initialColumn(j, a[j]);
        }
        double[] msg = new double[n + 2];
        int[] pivots = new int[n];
        double logDet = 0;
        for (int k = 0; k < n; k++) {
            pivot(a[k], k, msg);
            pivots[k] = (int) msg[n + PIVOT_ROW];
            logDet += Math.log(Math.abs(msg[n + PIVOT_VALUE]));
            for (int j = k + 1; j < n; j++) {
                eliminate(a[j], k, msg);
            }
        }
        long sum = checksum(pivots);
        for (int j = 0; j < n; j++) {
            sum += checksum(j, a[j]);
        }
        return new Reference(sum, logDet);
    }
}
