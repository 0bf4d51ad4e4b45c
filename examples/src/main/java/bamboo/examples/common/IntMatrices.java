package bamboo.examples.common;

/**
 * The integer-valued matrices of the matrix-multiply examples (Cannon, SUMMA) and their exact product.
 * Entries are small integers, so every product and partial sum is exact in a {@code double}, whatever
 * the order of the additions: a distributed result can be checked bit for bit.
 */
public final class IntMatrices {
    private IntMatrices() {
    }

    /** Entry (i, k) of A. */
    public static double a(int i, int k) {
        return (i * 3 + k * 7) % 19 - 9;
    }

    /** Entry (k, j) of B. */
    public static double b(int k, int j) {
        return (k * 5 + j * 11) % 23 - 11;
    }

    /** The {@link Hash} of {@code C = A B} ({@code n x n}) and the exact sum of its entries, in integers. */
    public static Reference product(int n) {
        long[] bt = new long[n * n];
        for (int k = 0; k < n; k++) {
            for (int j = 0; j < n; j++) {
                bt[j * n + k] = (long) b(k, j);
            }
        }
        long[] arow = new long[n];
        long sum = 0;
        long total = 0;
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < n; k++) {
                arow[k] = (long) a(i, k);
            }
            for (int j = 0; j < n; j++) {
                long x = 0;
                int base = j * n;
                for (int k = 0; k < n; k++) {
                    x += arow[k] * bt[base + k];
                }
                sum += Hash.term((long) i * n + j, x);
                total += x;
            }
        }
        return new Reference(sum, (double) total);
    }
}
