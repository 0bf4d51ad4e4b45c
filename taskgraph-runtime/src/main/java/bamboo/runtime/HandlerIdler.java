package bamboo.runtime;

import java.util.Objects;
import java.util.concurrent.locks.LockSupport;

import bamboo.shim.engine.CoreGate;

import org.agrona.concurrent.IdleStrategy;

/**
 * The handler's idle strategy while traffic is dense: Agrona's back-off (50 spins, 10 yields, then parks
 * doubling from 1 µs up to a bound, since arrivals from other processes have no wake-up signal for the
 * handler) plus idle-time accounting. The spins and yields happen only while a core is spare
 * ({@link CoreShare}), as the workers'; a parked or dozing handler does not count as wanting a core.
 * Workers unpark the handler when they hand it a message, so outbound traffic never waits for a park to
 * end. (After a while with nothing to do the handler dozes: {@link Handler}.)
 */
final class HandlerIdler implements IdleStrategy {
    static final int SPINS = 50;
    static final int YIELDS = 10;
    static final long MIN_PARK_NANOS = 1_000;

    private final ThreadStats stats;
    private final long maxParkNanos;
    /** The cores the handler counts itself in while it wants one. */
    private final CoreShare share;
    private boolean counted;
    /** The process's cores, shared with its workers ({@link Config#coreGate}), or null. */
    private final CoreGate gate;
    /** Whether the handler holds one of {@link #gate}'s cores now. */
    private boolean holding;
    /** Whether the handler counts as wanting a core in {@link #share} now. */
    private boolean wanting;
    /** Times the handler came back from a park to find every core of its process busy and stayed off
     *  them (no hand-off of a worker's core); read by tests. */
    long awayWakes;
    /** Times the handler, holding a core, gave it to a waiting worker after a pass with work. */
    long turnsGiven;
    private boolean idle;
    private long idleSince;
    private int spins;
    private int yields;
    private long parkNanos = MIN_PARK_NANOS;

    HandlerIdler(ThreadStats stats, long maxParkNanos, CoreShare share, CoreGate gate) {
        this.gate = gate;
        this.stats = stats;
        this.maxParkNanos = maxParkNanos;
        this.share = Objects.requireNonNull(share, "share");
    }

    @Override
    public void idle(int workCount) {
        if (workCount > 0) {
            if (idle) {
                idle = false;
                stats.idleNanos += System.nanoTime() - idleSince;
            }
            reset();
            if (holding && gate.yieldToWaiter()) { // a worker waiting for the core has its turn after this pass
                turnsGiven++;
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
        }
        if (spins < SPINS && coreSpare()) {
            spins++;
            Thread.onSpinWait();
        } else if (yields < YIELDS && coreSpare()) {
            yields++;
            stats.yields++;
            Thread.yield();
        } else {
            park(parkNanos);
            parkNanos = Math.min(parkNanos * 2, maxParkNanos);
        }
    }

    /** Busy-waiting is allowed: a core of the machine is spare and no worker of the process waits for its core. */
    private boolean coreSpare() {
        return share.spare() && (gate == null || !gate.contended());
    }

    /**
     * A short park of the poll phase: the handler gives its core up meanwhile. Afterwards it takes a core
     * back only if one is free ({@link #takeIfFree}): when every core of the process is busy with a worker,
     * the handler stays off the cores ({@link #away()}) and {@link Handler} dozes at once, since the workers
     * do the inbound work themselves. Queueing for the core instead would make the worker hand its core
     * over at the end of its next duty cycle: two thread switches, for a pass that found nothing to do.
     */
    void park(long nanos) {
        stats.parks++;
        giveUp();
        try {
            LockSupport.parkNanos(this, nanos);
        } finally {
            takeIfFree();
        }
    }

    /**
     * The handler's doze: off the cores until poked or {@code nanos} pass; then back on a core only if one
     * is free. Returns whether it holds a core (always true without a gate); false when every core of the
     * process is busy with a worker: the handler then does only what needs no core and dozes again.
     */
    boolean doze(long nanos) {
        stats.parks++;
        giveUp();
        try {
            LockSupport.parkNanos(this, nanos);
        } finally {
            takeIfFree();
        }
        return !away();
    }

    /** True while the handler holds no core of its process's gate (it came back from a park and found every
     *  core busy); never without a gate. */
    boolean away() {
        return gate != null && !holding;
    }

    /** Takes a core, waiting in line for it if need be (the handler has work only it can do). */
    void take() {
        if (counted && !wanting) {
            share.want();
            wanting = true;
        }
        if (gate != null && !holding) {
            gate.acquire();
            holding = true;
        }
    }

    /** Takes a core only if one is free now (see {@link CoreGate#tryAcquire}); else stays away. */
    private void takeIfFree() {
        if (gate == null || holding || gate.tryAcquire()) {
            holding = gate != null;
            if (counted && !wanting) {
                share.want();
                wanting = true;
            }
        } else {
            awayWakes++;
        }
    }

    /** Neither holds nor wants a core. */
    private void giveUp() {
        if (wanting) {
            wanting = false;
            share.release();
        }
        if (holding) {
            holding = false;
            gate.release();
        }
    }

    @Override
    public void reset() {
        spins = 0;
        yields = 0;
        parkNanos = MIN_PARK_NANOS;
    }

    /** On the handler's thread when it starts: it wants a core from now on. */
    void started() {
        counted = true;
        take();
    }

    void finish() {
        giveUp();
        counted = false;
        if (idle) {
            idle = false;
            stats.idleNanos += System.nanoTime() - idleSince;
        }
    }

    @Override
    public String alias() {
        return "bamboo-handler";
    }
}
