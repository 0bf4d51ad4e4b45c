package bamboo.shim.coll;

/**
 * SUM, PROD, MAX and MIN. The kinds that Allreduce sees in practice (double, float, int, long) get their
 * own loops; byte, short and char go through {@link IntegralArray}. Offsets and counts are in elements.
 */
final class ArithmeticKernels {
    private ArithmeticKernels() {
    }

    static void apply(PredefinedOp op, Object in, int i, Object io, int j, int n) {
        if (io instanceof double[]) {
            doubles(op, (double[]) in, i, (double[]) io, j, n);
        } else if (io instanceof float[]) {
            floats(op, (float[]) in, i, (float[]) io, j, n);
        } else if (io instanceof int[]) {
            ints(op, (int[]) in, i, (int[]) io, j, n);
        } else if (io instanceof long[]) {
            longs(op, (long[]) in, i, (long[]) io, j, n);
        } else {
            integral(op, in, i, io, j, n);
        }
    }

    private static void doubles(PredefinedOp op, double[] a, int i, double[] b, int j, int n) {
        switch (op) {
            case SUM: for (int k = 0; k < n; k++) { b[j + k] = a[i + k] + b[j + k]; } break;
            case PROD: for (int k = 0; k < n; k++) { b[j + k] = a[i + k] * b[j + k]; } break;
            case MAX: for (int k = 0; k < n; k++) { b[j + k] = Math.max(a[i + k], b[j + k]); } break;
            default: for (int k = 0; k < n; k++) { b[j + k] = Math.min(a[i + k], b[j + k]); } break;
        }
    }

    private static void floats(PredefinedOp op, float[] a, int i, float[] b, int j, int n) {
        switch (op) {
            case SUM: for (int k = 0; k < n; k++) { b[j + k] = a[i + k] + b[j + k]; } break;
            case PROD: for (int k = 0; k < n; k++) { b[j + k] = a[i + k] * b[j + k]; } break;
            case MAX: for (int k = 0; k < n; k++) { b[j + k] = Math.max(a[i + k], b[j + k]); } break;
            default: for (int k = 0; k < n; k++) { b[j + k] = Math.min(a[i + k], b[j + k]); } break;
        }
    }

    private static void ints(PredefinedOp op, int[] a, int i, int[] b, int j, int n) {
        switch (op) {
            case SUM: for (int k = 0; k < n; k++) { b[j + k] = a[i + k] + b[j + k]; } break;
            case PROD: for (int k = 0; k < n; k++) { b[j + k] = a[i + k] * b[j + k]; } break;
            case MAX: for (int k = 0; k < n; k++) { b[j + k] = Math.max(a[i + k], b[j + k]); } break;
            default: for (int k = 0; k < n; k++) { b[j + k] = Math.min(a[i + k], b[j + k]); } break;
        }
    }

    private static void longs(PredefinedOp op, long[] a, int i, long[] b, int j, int n) {
        switch (op) {
            case SUM: for (int k = 0; k < n; k++) { b[j + k] = a[i + k] + b[j + k]; } break;
            case PROD: for (int k = 0; k < n; k++) { b[j + k] = a[i + k] * b[j + k]; } break;
            case MAX: for (int k = 0; k < n; k++) { b[j + k] = Math.max(a[i + k], b[j + k]); } break;
            default: for (int k = 0; k < n; k++) { b[j + k] = Math.min(a[i + k], b[j + k]); } break;
        }
    }

    /** byte, short and char; char is unsigned, the others signed, exactly as Java reads them. */
    private static void integral(PredefinedOp op, Object a, int i, Object b, int j, int n) {
        for (int k = 0; k < n; k++) {
            final long x = IntegralArray.get(a, i + k);
            final long y = IntegralArray.get(b, j + k);
            final long r;
            switch (op) {
                case SUM: r = x + y; break;
                case PROD: r = x * y; break;
                case MAX: r = Math.max(x, y); break;
                default: r = Math.min(x, y); break;
            }
            IntegralArray.set(b, j + k, r);
        }
    }
}
