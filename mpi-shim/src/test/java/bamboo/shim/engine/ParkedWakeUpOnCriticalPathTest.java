package bamboo.shim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.shim.ShimConfiguration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Regression: a blocked rank with a core of its own spun at most 20 µs and then parked. In a
 * bulk-synchronous program the ranks wait for each other at every step for some tens to hundreds of µs
 * (halo26 on 2 ranks: ~60 µs when spun), so nearly every such wait ended in a park, and the wake-up of the
 * parked rank (an idle vCPU woken by an interrupt: ~40 µs median, hundreds at the tail on this machine)
 * then sat on the step's critical path, twice per step; halo26 lost 2% of its wall time to it against MPJ
 * Express. The cap is now 1 ms: waits of that order are spun through, and longer ones still halve the
 * budget down to 1 µs, so a loaded machine's ranks still park almost at once.
 */
class ParkedWakeUpOnCriticalPathTest {
    private static final long US = TimeUnit.MICROSECONDS.toNanos(1);

    @Test
    void theDefaultCapCoversAStepsWait() {
        assertEquals(1000, ShimConfiguration.SPIN_MAX_DEFAULT_US);
        if (System.getProperty(ShimConfiguration.SPIN_MAX_PROP_NAME) == null) {
            assertEquals(1000 * US, WaitPath.MAX_SPIN_NANOS);
        }
    }

    @Test
    void aWaitOfAFewHundredMicrosecondsIsSpunNextTime() {
        final long max = 1000 * US;
        long s = WaitPath.MIN_SPIN_NANOS;
        s = WaitPath.nextSpin(s, 300 * US, max);
        assertEquals(600 * US, s, "the budget grows to twice a wait within the cap (was capped at 20 µs)");
        s = WaitPath.nextSpin(s, 700 * US, max);
        assertEquals(max, s, "never above the cap");
    }

    @Test
    void waitsLongerThanTheCapStillShrinkTheBudgetToTheMinimum() {
        final long max = 1000 * US;
        long s = max;
        for (int i = 0; i < 20; i++) {
            s = WaitPath.nextSpin(s, 5000 * US, max);
        }
        assertEquals(WaitPath.MIN_SPIN_NANOS, s, "a loaded machine's long waits bring the budget down to 1 µs");
        assertTrue(WaitPath.nextSpin(64 * US, 2000 * US, max) == 32 * US, "each long wait halves it");
    }

}
