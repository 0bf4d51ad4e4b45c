package bamboo.examples.cg;

import java.util.Arrays;

/** A growable list of (row, column, value) entries, turned into {@link SparseRows} at the end. */
final class Triples {
    private int[] rows = new int[64];
    private int[] cols = new int[64];
    private double[] vals = new double[64];
    private int size;

    void add(int row, int col, double val) {
        if (size == rows.length) {
            rows = Arrays.copyOf(rows, size * 2);
            cols = Arrays.copyOf(cols, size * 2);
            vals = Arrays.copyOf(vals, size * 2);
        }
        rows[size] = row;
        cols[size] = col;
        vals[size++] = val;
    }

    /** The rows {@code [first, first + count)} of an order-{@code n} matrix; every entry must lie in them. */
    SparseRows toRows(int n, int first, int count) {
        return SparseRows.fromTriples(n, first, count, rows, cols, vals, size);
    }
}
