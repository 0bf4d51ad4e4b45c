package bamboo.examples.cg;

import bamboo.examples.common.Hash;

/**
 * A generated symmetric positive definite matrix: a band of half-width {@code band} plus {@code extra}
 * random off-band couplings per row (symmetric pairs, reproducible from the row index), with a diagonal
 * that exceeds the sum of the row's off-diagonal magnitudes by {@code shift} (strict diagonal dominance
 * makes it positive definite; a small shift makes CG take many iterations). The random couplings give
 * every process an irregular set of neighbours with irregular message sizes.
 */
public final class Generated {
    private static final double COUPLING = -0.25;

    private Generated() {
    }

    /** Rows {@code [first, first + count)} of the matrix of order {@code n}. */
    public static SparseRows rows(int n, int band, int extra, double shift, int first, int count) {
        Triples off = new Triples();
        int last = first + count;
        // The random pairs (i, target(i, t)) and their mirrors, generated from every row i; keep ours.
        for (int i = 0; i < n; i++) {
            for (int t = 0; t < extra; t++) {
                int j = target(n, i, t);
                if (Math.abs(i - j) > band) {
                    if (i >= first && i < last) {
                        off.add(i, j, COUPLING);
                    }
                    if (j >= first && j < last) {
                        off.add(j, i, COUPLING);
                    }
                }
            }
        }
        for (int i = first; i < last; i++) {
            for (int d = 1; d <= band; d++) {
                if (i - d >= 0) {
                    off.add(i, i - d, -1.0 / d);
                }
                if (i + d < n) {
                    off.add(i, i + d, -1.0 / d);
                }
            }
        }
        return withDiagonal(off.toRows(n, first, count), shift);
    }

    /** Adds to every row a diagonal entry of (sum of off-diagonal magnitudes + shift). */
    static SparseRows withDiagonal(SparseRows off, double shift) {
        Triples all = new Triples();
        for (int i = 0; i < off.rows(); i++) {
            double sum = 0;
            for (int e = off.ptr[i]; e < off.ptr[i + 1]; e++) {
                all.add(off.first + i, off.col[e], off.val[e]);
                sum += Math.abs(off.val[e]);
            }
            all.add(off.first + i, off.first + i, sum + shift);
        }
        return all.toRows(off.n, off.first, off.rows());
    }

    private static int target(int n, int i, int t) {
        return (int) Long.remainderUnsigned(Hash.mix(((long) i << 8) + t + 0x5DEECE66DL), n);
    }
}
