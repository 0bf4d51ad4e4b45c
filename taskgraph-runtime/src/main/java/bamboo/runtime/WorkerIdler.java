package bamboo.runtime;

import java.util.concurrent.locks.LockSupport;

import org.agrona.concurrent.IdleStrategy;

/**
 * Idle strategy of the workers: spin, then yield, then park; unlike Agrona's back-off strategy a parked
 * worker is woken as soon as a task becomes runnable ({@link Parking#wakeOne()}), so parking costs no
 * latency and spinning can stay short (the machine is shared). Parks time out, so a missed wake-up
 * could cost at most the maximum park time, never a hang.
 */
final class WorkerIdler implements IdleStrategy {
    private final Parking parking;
    private final RunQueue queue;
    private final int slot;
    private final int maxSpins;
    private final int maxYields;
    private final long maxParkNanos;
    private int spins;
    private int yields;
    private long parkNanos;

    WorkerIdler(Parking parking, RunQueue queue, int slot, int maxSpins, int maxYields, long maxParkNanos) {
        this.parking = parking;
        this.queue = queue;
        this.slot = slot;
        this.maxSpins = maxSpins;
        this.maxYields = maxYields;
        this.maxParkNanos = maxParkNanos;
        reset();
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
        if (spins < maxSpins) {
            spins++;
            Thread.onSpinWait();
        } else if (yields < maxYields) {
            yields++;
            Thread.yield();
        } else {
            parking.announce(slot);
            // Announce first, then look: a task pushed after our look sees the announcement.
            if (queue.isEmpty() && !parking.stopping()) {
                LockSupport.parkNanos(parkNanos);
                parkNanos = Math.min(parkNanos * 2, maxParkNanos);
            }
            parking.retract(slot);
        }
    }

    @Override
    public void reset() {
        spins = 0;
        yields = 0;
        parkNanos = 1_000;
    }

    @Override
    public String alias() {
        return "bamboo-worker";
    }
}
