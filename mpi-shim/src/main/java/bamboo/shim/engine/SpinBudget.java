package bamboo.shim.engine;

import java.util.concurrent.TimeUnit;

/**
 * The rule by which a waiting thread decides how long to spin before it parks, shared by the shim's
 * waiting ranks ({@link Endpoint}) and the runtime's idle workers: a wait that ended within the cap would
 * have been cheaper spun than parked, so the budget grows to twice it; a longer one wasted the core, so
 * the budget halves.
 */
public final class SpinBudget {
    /** The smallest non-zero budget, where it settles while waits are long. */
    public static final long MIN_NANOS = TimeUnit.MICROSECONDS.toNanos(1);

    private SpinBudget() {
    }

    /**
     * The budget after a wait of {@code waited} ns, from budget {@code s}, capped at {@code max}. A budget
     * of 0 (no short wait seen yet) stays 0 after a long wait; a grown one never falls below
     * {@link #MIN_NANOS}.
     */
    public static long next(long s, long waited, long max) {
        if (waited <= max) {
            return Math.min(max, Math.max(s, 2 * waited));
        }
        return s == 0 ? 0 : Math.max(MIN_NANOS, s / 2);
    }
}
