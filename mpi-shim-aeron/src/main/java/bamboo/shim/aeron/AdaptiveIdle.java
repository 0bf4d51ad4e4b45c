package bamboo.shim.aeron;

import bamboo.shim.engine.SpinBudget;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.agrona.concurrent.IdleStrategy;

/**
 * Spins after work for a budget that follows the gaps between bursts of work (the engine's
 * {@link SpinBudget} rule: a gap that ended within the cap would have been cheaper spun, so the budget
 * grows to twice it; a longer one halves it), optionally yields a few times, then parks, growing to a cap. A
 * streaming or ping-pong partner that comes back within microseconds finds the thread awake; on a machine
 * with more runnable threads than cores the gaps are long and the budget collapses, so the thread does
 * not hold a core the thread it waits for needs. Measured on 2 cores under a load of about 40: fixed 200
 * spins and 50 yields cost ping-pong 2-3x; the adaptive spin doubled IPC streaming against fixed 10
 * spins; five yields before parking made the UDP driver 2x faster in ping-pong and 2.4x in streaming,
 * and the IPC receiver 2x slower in both (docs/multi-process.md, Figures).
 */
final class AdaptiveIdle implements IdleStrategy {
    private static final long MIN_PARK = TimeUnit.MICROSECONDS.toNanos(1);

    private final long maxSpin;
    private final long maxPark;
    private final int maxYields;
    private long spin;
    private long idleSince;
    private long park = MIN_PARK;
    private int yields;

    AdaptiveIdle(long maxSpinNanos, int yields, long maxParkNanos) {
        this.maxSpin = maxSpinNanos;
        this.maxYields = yields;
        this.maxPark = maxParkNanos;
        this.spin = SpinBudget.MIN_NANOS;
    }

    @Override
    public void idle(int workCount) {
        if (workCount > 0) {
            reset();
        } else {
            idle();
        }
    }

    @Override
    public void idle() {
        final long now = System.nanoTime();
        if (idleSince == 0) {
            idleSince = now;
            park = MIN_PARK;
            yields = 0;
        }
        if (now - idleSince < spin) {
            Thread.onSpinWait();
            return;
        }
        if (yields < maxYields) {
            yields++;
            Thread.yield();
            return;
        }
        LockSupport.parkNanos(park);
        park = Math.min(2 * park, maxPark);
    }

    @Override
    public void reset() {
        if (idleSince != 0) {
            spin = SpinBudget.next(spin, System.nanoTime() - idleSince, maxSpin);
            idleSince = 0;
        }
    }

    @Override
    public String alias() {
        return "bamboo-adaptive";
    }
}
