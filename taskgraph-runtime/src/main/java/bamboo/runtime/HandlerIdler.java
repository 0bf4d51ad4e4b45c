package bamboo.runtime;

import java.util.concurrent.locks.LockSupport;

import bamboo.shim.device.threads.CoreGate;

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
    private boolean idle;
    private long idleSince;
    private int spins;
    private int yields;
    private long parkNanos = MIN_PARK_NANOS;

    HandlerIdler(ThreadStats stats, long maxParkNanos, CoreShare share, CoreGate gate) {
        this.gate = gate;
        this.stats = stats;
        this.maxParkNanos = maxParkNanos;
        this.share = share;
    }

    @Override
    public void idle(int workCount) {
        if (workCount > 0) {
            if (idle) {
                idle = false;
                stats.idleNanos += System.nanoTime() - idleSince;
            }
            reset();
            if (holding) {
                gate.yieldToWaiter(); // a worker waiting for the core has its turn after this pass
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

    /** Parks the handler's thread; it does not want a core meanwhile (also the handler's doze). */
    void park(long nanos) {
        stats.parks++;
        if (counted) {
            share.release();
        }
        if (holding) {
            holding = false;
            gate.release();
        }
        try {
            LockSupport.parkNanos(this, nanos);
        } finally {
            if (counted) {
                share.want();
            }
            if (gate != null) {
                gate.acquire();
                holding = true;
            }
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
        if (share != null && !counted) {
            counted = true;
            share.want();
        }
        if (gate != null && !holding) {
            gate.acquire();
            holding = true;
        }
    }

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
            stats.idleNanos += System.nanoTime() - idleSince;
        }
    }

    @Override
    public String alias() {
        return "bamboo-handler";
    }
}
