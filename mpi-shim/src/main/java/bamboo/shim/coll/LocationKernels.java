package bamboo.shim.coll;

/**
 * MAXLOC and MINLOC on (value, index) pairs stored as two consecutive elements. The better value wins;
 * on a tie the smaller index wins, as MPI specifies, which makes the result independent of the order in
 * which pairs are combined. {@code n} is the number of pairs; offsets are in elements.
 */
final class LocationKernels {
    private LocationKernels() {
    }

    static void apply(boolean max, Object in, int i, Object io, int j, int n) {
        if (io instanceof double[]) {
            doubles(max, (double[]) in, i, (double[]) io, j, n);
        } else if (io instanceof float[]) {
            floats(max, (float[]) in, i, (float[]) io, j, n);
        } else {
            integral(max, in, i, io, j, n);
        }
    }

    private static void doubles(boolean max, double[] a, int i, double[] b, int j, int n) {
        for (int k = 0; k < 2 * n; k += 2) {
            final double x = a[i + k];
            final double y = b[j + k];
            if (max ? x > y : x < y) {
                b[j + k] = x;
                b[j + k + 1] = a[i + k + 1];
            } else if (x == y) {
                b[j + k + 1] = Math.min(a[i + k + 1], b[j + k + 1]);
            }
        }
    }

    private static void floats(boolean max, float[] a, int i, float[] b, int j, int n) {
        for (int k = 0; k < 2 * n; k += 2) {
            final float x = a[i + k];
            final float y = b[j + k];
            if (max ? x > y : x < y) {
                b[j + k] = x;
                b[j + k + 1] = a[i + k + 1];
            } else if (x == y) {
                b[j + k + 1] = Math.min(a[i + k + 1], b[j + k + 1]);
            }
        }
    }

    private static void integral(boolean max, Object a, int i, Object b, int j, int n) {
        for (int k = 0; k < 2 * n; k += 2) {
            final long x = IntegralArray.get(a, i + k);
            final long y = IntegralArray.get(b, j + k);
            final long xi = IntegralArray.get(a, i + k + 1);
            final long yi = IntegralArray.get(b, j + k + 1);
            if (max ? x > y : x < y) {
                IntegralArray.set(b, j + k, x);
                IntegralArray.set(b, j + k + 1, xi);
            } else if (x == y) {
                IntegralArray.set(b, j + k + 1, Math.min(xi, yi));
            }
        }
    }
}
