package bamboo.shim.coll;

/** BAND, BOR and BXOR on booleans and on the integral kinds. */
final class BitwiseKernels {
    private BitwiseKernels() {
    }

    static void apply(PredefinedOp op, Object in, int i, Object io, int j, int n) {
        if (io instanceof boolean[]) {
            final boolean[] a = (boolean[]) in;
            final boolean[] b = (boolean[]) io;
            for (int k = 0; k < n; k++) {
                b[j + k] = op == PredefinedOp.BAND ? a[i + k] & b[j + k]
                        : op == PredefinedOp.BOR ? a[i + k] | b[j + k] : a[i + k] ^ b[j + k];
            }
            return;
        }
        for (int k = 0; k < n; k++) {
            final long x = IntegralArray.get(in, i + k);
            final long y = IntegralArray.get(io, j + k);
            final long r = op == PredefinedOp.BAND ? x & y : op == PredefinedOp.BOR ? x | y : x ^ y;
            IntegralArray.set(io, j + k, r);
        }
    }
}
