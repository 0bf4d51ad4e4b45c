package bamboo.runtime;

import java.util.Objects;
import java.util.concurrent.locks.LockSupport;

import bamboo.shim.engine.CoreGate;

import org.agrona.concurrent.IdleStrategy;

/**
 * Idle strategy of the workers: spin, then yield, then park. The spins and yields happen only while a core
 * is spare ({@link CoreShare}: the runtime's threads that want a core, this one included, fit on the
 * cores); otherwise it parks at once and for {@link #CROWDED_PARK_FACTOR} times the longest park, since
 * spinning then takes a core from a thread with work, a parked worker is woken when work comes, and a park
 * that times out is only a wake-up more on a core that others need. A worker of a gated process
 * ({@link Config#coreGate}) never yields: the gate already decides which of the process's threads run on
 * its cores, so a yield could only hand the core to a thread outside the process.
 *
 * <p>Unlike Agrona's back-off strategy a parked worker is woken when a task becomes runnable and no other
 * worker is spinning ({@link Parking}), so parking costs little latency and spinning can stay short (about
 * 11 µs by default). Parks time out, so a missed wake-up could cost at most the maximum park time, never a
 * hang.
 *
 * <p>It also measures idle time (one clock read when a worker goes idle and one when it finds work
 * again), so a busy worker reads no clock per task.
 */
final class WorkerIdler implements IdleStrategy {
    /** How much longer than the longest park a worker parks while no core is spare (20 ms by default). */
    static final int CROWDED_PARK_FACTOR = 20;
    private final Parking parking;
    private final RunQueue queue;
    private final ThreadStats stats;
    private final int slot;
    private final int maxSpins;
    private final int maxYields;
    private final long maxParkNanos;
    /** The park while no core is spare ({@link #CROWDED_PARK_FACTOR} times the longest park). */
    private final long crowdedParkNanos;
    private boolean idle;
    private long idleSince;
    private int spins;
    private int yields;
    private long parkNanos = 1_000;
    /** With several processes: the handler whose inbound work an idle worker shares; else null. */
    private final Handler handler;
    /** The cores this worker counts itself in while it wants one. */
    private final CoreShare share;
    /** Whether this worker counts in {@link #share} (from {@link #started} to {@link #finish}). */
    private boolean counted;
    /** The process's cores, shared with its handler ({@link Config#coreGate}), or null. */
    private final CoreGate gate;
    /** Whether this worker holds one of {@link #gate}'s cores now. */
    private boolean holding;
    /** Times this worker gave its core to a waiting thread of its process after a duty cycle (a hand-off:
     *  it parks until the core comes back); read by tests. */
    long turnsGiven;

    WorkerIdler(Parking parking, RunQueue queue, ThreadStats stats, int slot, int maxSpins, int maxYields,
                long maxParkNanos, Handler handler, CoreShare share, CoreGate gate) {
        this.gate = gate;
        this.handler = handler;
        this.share = Objects.requireNonNull(share, "share");
        this.parking = parking;
        this.queue = queue;
        this.stats = stats;
        this.slot = slot;
        this.maxSpins = maxSpins;
        this.maxYields = gate != null ? 0 : maxYields;
        this.maxParkNanos = maxParkNanos;
        this.crowdedParkNanos = maxParkNanos > Long.MAX_VALUE / CROWDED_PARK_FACTOR ? Long.MAX_VALUE
                : CROWDED_PARK_FACTOR * maxParkNanos;
    }

    @Override
    public void idle(int workCount) {
        if (workCount > 0) {
            if (idle) {
                endIdle();
            }
            turn();
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
        if (spins < maxSpins && coreSpare()) {
            spins++;
            Thread.onSpinWait();
        } else if (yields < maxYields && coreSpare()) {
            yields++;
            stats.yields++;
            Thread.yield();
        } else {
            park();
        }
    }

    /** Busy-waiting is allowed: a core of the machine is spare, and nobody of this process waits for its
     *  core (the handler would wait for an idle worker's spin). */
    private boolean coreSpare() {
        return share.spare() && (gate == null || !gate.contended());
    }

    /** After a duty cycle with work: lets a thread of the process that waits for the core have a turn
     *  (a scheduler would preempt a busy thread for it; without this a worker with a long stream of tasks
     *  would keep the handler off the core until it ran out of work). */
    private void turn() {
        if (holding && gate.yieldToWaiter()) {
            turnsGiven++;
        }
    }

    /** On the worker's thread when it starts: it wants a core from now on. */
    void started() {
        if (!counted) {
            counted = true;
            share.want();
        }
        if (gate != null && !holding) {
            gate.acquire();
            holding = true;
        }
    }

    private void park() {
        // With several processes, wait in the shim instead of parking, so that a message from another
        // process wakes this worker directly (Handler#awaitInbound). The arrival count is read before the
        // last look at the shim: an arrival after it ends the wait at once.
        long seen = -1;
        boolean inShim = false;
        if (handler != null) {
            seen = handler.arrivals();
            if (handler.pollInbound() > 0) {
                return; // back to doWork, which runs what became runnable
            }
            // Another thread receiving (it wakes us through Parking when it makes a task runnable): waiting
            // in the shim now would return at once for every message already due that the receiver has
            // not taken yet, a busy loop against a receiver that may have been preempted holding the lock,
            // on the very core it needs. Park instead.
            inShim = seen >= 0 && !handler.inboundBusy();
        }
        // Announce, stop counting as a spinner, then look: a pusher either sees us parked or we see its task.
        parking.announce(slot);
        parking.stopSpinning();
        if (queue.isEmpty() && !parking.stopping()) {
            waitForWork(inShim, seen);
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

    /**
     * Parks (in the shim when {@code inShim}): with a core spare for a park that doubles up to the longest
     * park; with every core taken, for the crowded park. Every reason to wake is signalled (a task pushed,
     * a message deposited, a simulated arrival due, the run stopping), so the timeout is only a safety
     * net, and a park that times out is a wake-up that takes a core from a thread with work. Not in the
     * shim while another thread receives: a message that arrives after it has finished has no waiter in
     * the shim, so that park is never longer than the longest park.
     */
    private void waitForWork(boolean inShim, long seen) {
        long nanos = coreSpare() ? parkNanos : inShim || handler == null ? crowdedParkNanos : maxParkNanos;
        stats.parks++;
        if (counted) {
            share.release();
        }
        if (holding) {
            holding = false;
            gate.release();
        }
        try {
            if (inShim) {
                handler.awaitInbound(seen, nanos);
            } else if (handler != null) {
                // Ends when the next message on its way is due: the lock holder may have let go by then,
                // and nobody else would look for it before this park ends.
                LockSupport.parkNanos(handler.untilNextArrival(nanos));
            } else {
                LockSupport.parkNanos(nanos);
            }
        } finally {
            if (counted) {
                share.want();
            }
            if (gate != null) {
                gate.acquire();
                holding = true;
            }
        }
        parkNanos = Math.min(parkNanos * 2, maxParkNanos);
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

    /** Closes an open idle period when the worker stops, and stops counting it in the core share. */
    void finish() {
        if (counted) {
            counted = false;
            share.release();
        }
        if (holding) {
            holding = false;
            gate.release();
        }
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
