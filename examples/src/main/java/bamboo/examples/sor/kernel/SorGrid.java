package bamboo.examples.sor.kernel;

import bamboo.examples.common.Hash;
import bamboo.examples.common.Reference;

/**
 * The arithmetic of the SOR example that holds no state: the initial grid, the update of one row, the
 * checksum, and the sequential run the distributed ones are checked against.
 */
public final class SorGrid {
    private SorGrid() {
    }

    /** Fills {@code row} with global row {@code gi} of the initial grid (values in [0, 1)). */
    public static void initialRow(int gi, double[] row) {
        for (int j = 0; j < row.length; j++) {
            row[j] = ((gi * 37 + j * 101) % 97) / 97.0;
        }
    }

    /**
     * Over-relaxes the interior points of colour {@code colour} of global row {@code gi}, stored in
     * {@code mid}, from its neighbour rows {@code up} and {@code down}.
     */
    public static void relaxRow(double[] up, double[] mid, double[] down, int gi, int colour, double omega) {
        final double quarter = omega * 0.25;
        final double keep = 1.0 - omega;
        final int end = mid.length - 1;
        // first interior column of this colour: j = 1 or 2 so that (gi + j) % 2 == colour
        for (int j = 1 + ((gi + 1 + colour) & 1); j < end; j += 2) {
            mid[j] = quarter * (up[j] + down[j] + mid[j - 1] + mid[j + 1]) + keep * mid[j];
        }
    }

    /** {@link Hash} of global row {@code gi}, by global index. */
    public static long checksum(int gi, double[] row) {
        long sum = 0;
        long base = (long) gi * row.length;
        for (int j = 0; j < row.length; j++) {
            sum += Hash.term(base + j, row[j]);
        }
        return sum;
    }

    /** The sum of all points of {@code grid}, row by row: the example's scalar result. */
    public static double total(double[][] grid) {
        double t = 0;
        for (double[] row : grid) {
            for (double x : row) {
                t += x;
            }
        }
        return t;
    }

    /** What a run of {@code iters} red-black sweeps on an {@code n x n} grid must report. */
    public static Reference sequential(int n, int iters, double omega) {
        double[][] g = new double[n][n];
        for (int i = 0; i < n; i++) {
            initialRow(i, g[i]);
        }
        for (int p = 0; p < 2 * iters; p++) {
            for (int i = 1; i < n - 1; i++) {
                relaxRow(g[i - 1], g[i], g[i + 1], i, p % 2, omega);
            }
        }
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += checksum(i, g[i]);
        }
        return new Reference(sum, total(g));
    }
}
