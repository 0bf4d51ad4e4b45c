package bamboo.shim.coll;

/** LAND, LOR and LXOR on booleans, and on integral kinds with C's rule: non-zero is true, results 1 or 0. */
final class LogicalKernels {
    private LogicalKernels() {
    }

    static void apply(PredefinedOp op, Object in, int i, Object io, int j, int n) {
        if (io instanceof boolean[]) {
            final boolean[] a = (boolean[]) in;
            final boolean[] b = (boolean[]) io;
            for (int k = 0; k < n; k++) {
                b[j + k] = of(op, a[i + k], b[j + k]);
            }
            return;
        }
        for (int k = 0; k < n; k++) {
            final boolean r = of(op, IntegralArray.get(in, i + k) != 0, IntegralArray.get(io, j + k) != 0);
            IntegralArray.set(io, j + k, r ? 1 : 0);
        }
    }

    private static boolean of(PredefinedOp op, boolean x, boolean y) {
        switch (op) {
            case LAND: return x && y;
            case LOR: return x || y;
            default: return x ^ y;
        }
    }
}
