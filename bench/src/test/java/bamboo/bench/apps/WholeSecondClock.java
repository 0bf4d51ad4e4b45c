package bamboo.bench.apps;

/** A test fixture compiled the way MPJ Express 0.44 compiled its {@code MPI.Wtime()}. */
public final class WholeSecondClock {
    private WholeSecondClock() {
    }

    /** Whole seconds: the division is in {@code long}, as in MPJ Express 0.44. */
    public static double wtime() {
        return System.currentTimeMillis() / 1000;
    }

    /** Something else that must keep working after the fix. */
    public static long twice(long x) {
        return 2 * x;
    }
}
