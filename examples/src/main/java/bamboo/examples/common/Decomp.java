package bamboo.examples.common;

import java.util.Arrays;

/** Block decompositions: process-grid shapes and the share of a global extent each process owns. */
public final class Decomp {
    private Decomp() {
    }

    /**
     * A balanced process grid of {@code ndims} dimensions for {@code np} processes, largest extent first
     * (what {@code MPI_Dims_create} returns).
     */
    public static int[] dims(int np, int ndims) {
        if (np < 1 || ndims < 1) {
            throw new IllegalArgumentException("Decomp.dims: np=" + np + ", ndims=" + ndims + " must be positive");
        }
        int[] dims = new int[ndims];
        Arrays.fill(dims, 1);
        // Give each prime factor, largest first, to the currently smallest dimension.
        int rest = np;
        int[] factors = new int[32];
        int count = 0;
        for (int f = 2; (long) f * f <= rest; f++) {
            while (rest % f == 0) {
                factors[count++] = f;
                rest /= f;
            }
        }
        if (rest > 1) {
            factors[count++] = rest;
        }
        for (int i = count - 1; i >= 0; i--) {
            int smallest = 0;
            for (int d = 1; d < ndims; d++) {
                if (dims[d] < dims[smallest]) {
                    smallest = d;
                }
            }
            dims[smallest] *= factors[i];
        }
        Arrays.sort(dims);
        for (int d = 0; d < ndims / 2; d++) {
            int t = dims[d];
            dims[d] = dims[ndims - 1 - d];
            dims[ndims - 1 - d] = t;
        }
        return dims;
    }

    /** First global index owned by part {@code i} of {@code parts} of an extent {@code n}. */
    public static int start(int n, int parts, int i) {
        return (int) ((long) n * i / parts);
    }

    /** Number of indices owned by part {@code i} of {@code parts} of an extent {@code n}. */
    public static int size(int n, int parts, int i) {
        return start(n, parts, i + 1) - start(n, parts, i);
    }

    /** The part of an extent {@code n} split into {@code parts} that owns index {@code k}. */
    public static int owner(int n, int parts, int k) {
        int p = (int) ((long) k * parts / n);
        while (p + 1 < parts && start(n, parts, p + 1) <= k) {
            p++;
        }
        while (p > 0 && start(n, parts, p) > k) {
            p--;
        }
        return p;
    }

    /** Fails with a clear message when an extent cannot give every part at least {@code min} indices. */
    public static void requireSplittable(String app, String what, int n, int parts, int min) {
        if ((long) n < (long) parts * min) {
            throw new IllegalArgumentException(app + ": " + what + "=" + n + " is too small to give each of "
                    + parts + " processes " + min + " point(s)");
        }
    }
}
