package bamboo.runtime;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * The handler's idle strategy: Agrona's back-off (spin, yield, park up to a bound, since arrivals from
 * other processes have no wake-up signal) plus idle-time accounting. Workers unpark the handler when
 * they hand it a message, so outbound traffic never waits for a park to end.
 */
final class HandlerIdler implements IdleStrategy {
    private final IdleStrategy backoff;
    private final ThreadStats stats;
    private boolean idle;
    private long idleSince;

    HandlerIdler(ThreadStats stats, long maxParkNanos) {
        this.stats = stats;
        this.backoff = new BackoffIdleStrategy(50, 10, 1_000, maxParkNanos);
    }

    @Override
    public void idle(int workCount) {
        if (workCount > 0) {
            if (idle) {
                idle = false;
                stats.idleNanos += System.nanoTime() - idleSince;
            }
            backoff.reset();
        } else {
            idle();
        }
    }

    @Override
    public void idle() {
        if (!idle) {
            idle = true;
            idleSince = System.nanoTime();
        }
        backoff.idle();
    }

    @Override
    public void reset() {
        backoff.reset();
    }

    void finish() {
        if (idle) {
            idle = false;
            stats.idleNanos += System.nanoTime() - idleSince;
        }
    }
}
