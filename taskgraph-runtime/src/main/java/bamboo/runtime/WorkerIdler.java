package bamboo.runtime;

import java.util.concurrent.locks.LockSupport;

import org.agrona.concurrent.IdleStrategy;

/**
 * Idle strategy of the workers: spin, then yield, then park. Unlike Agrona's back-off strategy a parked
 * worker is woken when a task becomes runnable and no other worker is spinning ({@link Parking}), so
 * parking costs little latency and spinning can stay short (the machine is shared). Parks time out, so
 * a missed wake-up could cost at most the maximum park time, never a hang.
 *
 * <p>It also measures idle time (one clock read when a worker goes idle and one when it finds work
 * again), so a busy worker reads no clock per task.
 */
final class WorkerIdler implements IdleStrategy {
    private final Parking parking;
    private final RunQueue queue;
    private final ThreadStats stats;
    private final int slot;
    private final int maxSpins;
    private final int maxYields;
    private final long maxParkNanos;
    private boolean idle;
    private long idleSince;
    private int spins;
    private int yields;
    private long parkNanos = 1_000;
    /** With several processes: the handler whose inbound work an idle worker shares; else null. */
    private final Handler handler;

    WorkerIdler(Parking parking, RunQueue queue, ThreadStats stats, int slot, int maxSpins, int maxYields,
                long maxParkNanos, Handler handler) {
        this.handler = handler;
        this.parking = parking;
        this.queue = queue;
        this.stats = stats;
        this.slot = slot;
        this.maxSpins = maxSpins;
        this.maxYields = maxYields;
        this.maxParkNanos = maxParkNanos;
    }

    @Override
    public void idle(int workCount) {
        if (workCount > 0) {
            if (idle) {
                endIdle();
            }
        } else {
            idle();
        }
    }

    @Override
    public void idle() {
        if (!idle) {
            idle = true;
            idleSince = System.nanoTime();
            spins = 0;
            yields = 0;
            parking.startSpinning();
        }
        if (spins < maxSpins) {
            spins++;
            Thread.onSpinWait();
        } else if (yields < maxYields) {
            yields++;
            Thread.yield();
        } else {
            park();
        }
    }

    private void park() {
        // With several processes, wait in the shim instead of parking, so that a message from another
        // process wakes this worker directly (Handler#awaitInbound). The arrival count is read before the
        // last look at the shim: an arrival after it ends the wait at once.
        long seen = -1;
        if (handler != null) {
            seen = handler.arrivals();
            if (handler.pollInbound() > 0) {
                return; // back to doWork, which runs what became runnable
            }
        }
        // Announce, stop counting as a spinner, then look: a pusher either sees us parked or we see its task.
        parking.announce(slot);
        parking.stopSpinning();
        if (queue.isEmpty() && !parking.stopping()) {
            if (seen >= 0) {
                handler.awaitInbound(seen, parkNanos);
            } else {
                LockSupport.parkNanos(parkNanos);
            }
            parkNanos = Math.min(parkNanos * 2, maxParkNanos);
        }
        boolean signalled = parking.retract(slot);
        parking.startSpinning();
        if (signalled) {
            // Woken for a task: spin again before the next park, so a stream of messages costs one wake-up.
            spins = 0;
            yields = 0;
            parkNanos = 1_000;
        }
    }

    private void endIdle() {
        idle = false;
        parking.stopSpinning();
        stats.idleNanos += System.nanoTime() - idleSince;
        if (!queue.isEmpty()) {
            // More runnable tasks than this worker: pass the wake-up on.
            parking.wakeOne();
        }
    }

    /** Closes an open idle period when the worker stops. */
    void finish() {
        if (idle) {
            idle = false;
            parking.stopSpinning();
            stats.idleNanos += System.nanoTime() - idleSince;
        }
    }

    @Override
    public void reset() {
        spins = 0;
        yields = 0;
    }

    @Override
    public String alias() {
        return "bamboo-worker";
    }
}
