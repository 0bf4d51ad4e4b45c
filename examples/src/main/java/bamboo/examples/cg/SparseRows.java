package bamboo.examples.cg;

import java.util.Arrays;

/**
 * A block of consecutive rows {@code [first, first + count)} of an {@code n x n} sparse matrix in
 * compressed sparse row form with global column indices, columns sorted and duplicates summed.
 */
public final class SparseRows {
    final int n;
    final int first;
    final int[] ptr;
    final int[] col;
    final double[] val;

    SparseRows(int n, int first, int[] ptr, int[] col, double[] val) {
        this.n = n;
        this.first = first;
        this.ptr = ptr;
        this.col = col;
        this.val = val;
    }

    /** Order of the matrix. */
    public int order() {
        return n;
    }

    /** Rows held. */
    public int rows() {
        return ptr.length - 1;
    }

    /** Stored entries. */
    public int entries() {
        return ptr[ptr.length - 1];
    }

    /** Builds the block from unsorted (row, column, value) triples of its rows; duplicates are summed. */
    static SparseRows fromTriples(int n, int first, int count, int[] rows, int[] cols, double[] vals, int used) {
        int[] ptr = new int[count + 1];
        for (int e = 0; e < used; e++) {
            ptr[rows[e] - first + 1]++;
        }
        for (int i = 0; i < count; i++) {
            ptr[i + 1] += ptr[i];
        }
        int[] next = Arrays.copyOf(ptr, count);
        long[] keyed = new long[used];
        int[] order = new int[used];
        for (int e = 0; e < used; e++) {
            order[next[rows[e] - first]++] = e;
        }
        // Sort each row by column, then merge equal columns.
        int[] col = new int[used];
        double[] val = new double[used];
        int out = 0;
        int[] newPtr = new int[count + 1];
        for (int i = 0; i < count; i++) {
            int lo = ptr[i], hi = ptr[i + 1];
            for (int e = lo; e < hi; e++) {
                keyed[e] = ((long) cols[order[e]] << 32) | e;
            }
            Arrays.sort(keyed, lo, hi);
            for (int e = lo; e < hi; e++) {
                int src = order[(int) keyed[e]];
                int c = cols[src];
                if (out > newPtr[i] && col[out - 1] == c) {
                    val[out - 1] += vals[src];
                } else {
                    col[out] = c;
                    val[out] = vals[src];
                    out++;
                }
            }
            newPtr[i + 1] = out;
        }
        return new SparseRows(n, first, newPtr, Arrays.copyOf(col, out), Arrays.copyOf(val, out));
    }
}
