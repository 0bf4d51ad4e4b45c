package bamboo.runtime;

import java.util.concurrent.locks.LockSupport;

import bamboo.shim.engine.CoreGate;

import org.agrona.concurrent.IdleStrategy;

/**
 * The handler's idle strategy while traffic is dense: Agrona's back-off (50 spins, 10 yields, then parks
 * doubling from 1 µs up to a bound, since arrivals from other processes have no wake-up signal for the
 * handler) plus idle-time accounting. In {@link Graph.IdleMode#ADAPTIVE} mode the spins and yields happen
 * only while a core is spare ({@link CoreShare}), as the workers'; a parked or dozing handler does not
 * count as wanting a core. Workers unpark the handler when they hand it a message, so outbound traffic
 * never waits for a park to end. (After a while with nothing to do the handler dozes: {@link Handler}.)
 */
final class HandlerIdler implements IdleStrategy {
    static final int SPINS = 50;
    static final int YIELDS = 10;
    static final long MIN_PARK_NANOS = 1_000;

    private final ThreadStats stats;
    private final long maxParkNanos;
    /** Null in {@link Graph.IdleMode#FIXED} mode. */
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

    /** The system property that, set to false, brings back the handler that queues for a core after every
     *  park (until session 9), so that one build can compare the two; read when an idler is made. */
    static final String AWAY_PROPERTY = "bamboo.handlerAway";
    /** Whether, back from a park with every core busy, the handler stays off the cores (see {@link #park}). */
    private final boolean mayStayAway;

    HandlerIdler(ThreadStats stats, long maxParkNanos, CoreShare share, CoreGate gate) {
        this.mayStayAway = parseSwitch(AWAY_PROPERTY, true);
        this.gate = gate;
        this.stats = stats;
        this.maxParkNanos = maxParkNanos;
        this.share = share;
    }

    /** A true/false system property of the runtime: {@code fallback} when absent; anything else is an error. */
    static boolean parseSwitch(String property, boolean fallback) {
        return parseSwitch(property, System.getProperty(property), fallback);
    }

    static boolean parseSwitch(String property, String value, boolean fallback) {
        if (value == null || value.isEmpty()) {
            return fallback;
        }
        String v = value.trim();
        if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(v);
        }
        throw new IllegalArgumentException("Graph.builder: system property " + property
                + " must be true or false, got '" + value + "'");
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
        return (share == null || share.spare()) && (gate == null || !gate.contended());
    }

    /**
     * A short park of the poll phase: the handler gives its core up meanwhile. Afterwards it takes a core
     * back only if one is free ({@link #takeIfFree}): when every core of the process is busy with a worker,
     * the handler stays off the cores ({@link #away()}) and {@link Handler} dozes at once, since the workers
     * do the inbound work themselves. (Until session 9 it queued for the core here, and the worker's next
     * duty cycle ended by handing its core over: two thread switches per hand-off, for a pass that found
     * nothing to do.)
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
        if (!mayStayAway) {
            take();
        } else if (gate == null || holding || gate.tryAcquire()) {
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
        counted = share != null;
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
