package bamboo.runtime;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import bamboo.shim.engine.CoreGate;
import bamboo.shim.engine.SpinBudget;

import org.agrona.concurrent.IdleStrategy;

/**
 * Idle strategy of the workers: spin, then yield, then park; in {@link Graph.IdleMode#ADAPTIVE} mode the
 * spins and yields only while a core is spare ({@link CoreShare}: the runtime's threads that want a core,
 * this one included, fit on the cores), else it parks at once and for {@link #CROWDED_PARK_FACTOR} times
 * the longest park, since a parked worker is woken when work comes and a park that times out is only a
 * wake-up more on a core that others need.
 * Unlike Agrona's back-off strategy a parked
 * worker is woken when a task becomes runnable and no other worker is spinning ({@link Parking}), so
 * parking costs little latency and spinning can stay short (the machine is shared). Parks time out, so
 * a missed wake-up could cost at most the maximum park time, never a hang.
 *
 * <p>It also measures idle time (one clock read when a worker goes idle and one when it finds work
 * again), so a busy worker reads no clock per task.
 */
final class WorkerIdler implements IdleStrategy {
    /**
     * The system property that, set to true, lets a worker of a gated process ({@link Config#coreGate})
     * yield while idle, as until session 9, so that one build can compare the two; read when an idler is
     * made. Off by default: the gate decides which of a process's threads run on its cores, so a yield can
     * only hand the core to a thread outside the process (the JIT, the collector, another program), which
     * an untranslated rank waiting in the shim never does; on a machine loaded by other programs each such
     * yield may cost the worker a whole time slice before it sees its message.
     */
    static final String GATED_YIELDS_PROPERTY = "bamboo.gatedYields";
    /**
     * The system property that caps, in microseconds, how long an idle worker of a process with other
     * processes (a translated rank: it has a {@link Handler}) may keep spinning after its {@code maxSpins}
     * spins, with an adaptive budget ({@link #nextSpin}, the rule of an untranslated rank waiting in the
     * shim, whose cap is {@code bamboo.shim.spinMaxUs}, 1 ms). Off (0) by default: the timed spin cut the
     * cost of a short wait in a micro-benchmark (2 ranks, 50 µs of skew before each {@code Allreduce}:
     * 153-155 µs per iteration with {@code 1000}, as {@code basic}, against 165-180 without), but across
     * JVMs it made CG's zero-cost ratio worse, not better (session 11, coll16: 1.074x against 0.996x, the
     * median of 7 and 8 interleaved JVMs per arm; docs/session11/coll16.md). Read once, at class
     * initialisation; {@code -Dbamboo.workerSpinMaxUs=1000} turns it on.
     */
    static final String SPIN_MAX_PROPERTY = "bamboo.workerSpinMaxUs";
    /** {@link #MAX_SPIN_NANOS} in microseconds when {@link #SPIN_MAX_PROPERTY} is not set. */
    static final long DEFAULT_SPIN_MAX_MICROS = 0;
    /**
     * The longest an idle worker with a handler spins before it parks, when its recent idle periods were
     * that short ({@link #SPIN_MAX_PROPERTY}; 0, the default: only the {@code maxSpins} spins, about 11 µs).
     */
    static final long MAX_SPIN_NANOS = TimeUnit.MICROSECONDS.toNanos(
            spinMaxMicros(System.getProperty(SPIN_MAX_PROPERTY)));
    /** The smallest non-zero spin budget, where it settles while idle periods are long. */
    static final long MIN_SPIN_NANOS = SpinBudget.MIN_NANOS;
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
    /** How long past {@link #maxSpins} spins this worker may spin in an idle period ({@link #nextSpin} of
     *  its recent idle periods, at most {@link #maxSpinNanos}); 0 until a short idle period was seen. */
    private long spinBudget;
    /** {@link #MAX_SPIN_NANOS} for a worker with a handler; 0 (no timed spin) without one. */
    private final long maxSpinNanos;
    /** With several processes: the handler whose inbound work an idle worker shares; else null. */
    private final Handler handler;
    /** Null in {@link Graph.IdleMode#FIXED} mode: busy-wait whatever the load. */
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
        this(parking, queue, stats, slot, maxSpins, maxYields, maxParkNanos, handler, share, gate,
                handler != null ? MAX_SPIN_NANOS : 0);
    }

    /** As above, with the cap of the timed spin given ({@code maxSpinNanos}, 0: none), for tests. */
    WorkerIdler(Parking parking, RunQueue queue, ThreadStats stats, int slot, int maxSpins, int maxYields,
                long maxParkNanos, Handler handler, CoreShare share, CoreGate gate, long maxSpinNanos) {
        this.gate = gate;
        this.handler = handler;
        this.share = share;
        this.parking = parking;
        this.queue = queue;
        this.stats = stats;
        this.slot = slot;
        this.maxSpins = maxSpins;
        this.maxYields = gate != null && !HandlerIdler.parseSwitch(GATED_YIELDS_PROPERTY, false) ? 0 : maxYields;
        this.maxParkNanos = maxParkNanos;
        this.crowdedParkNanos = maxParkNanos > Long.MAX_VALUE / CROWDED_PARK_FACTOR ? Long.MAX_VALUE
                : CROWDED_PARK_FACTOR * maxParkNanos;
        this.maxSpinNanos = maxSpinNanos;
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
        if ((spins < maxSpins || spinBudget > 0 && System.nanoTime() - idleSince < spinBudget) && coreSpare()) {
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
        return (share == null || share.spare()) && (gate == null || !gate.contended());
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
        if (share != null && !counted) {
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
            // on the very core it needs. Park instead (session 6: up to 27,000 such returns in one run).
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
                // Regression (session 7, BlindParkTest): this park ignored messages on their way, so one that
                // became due after the lock holder had let go waited out the whole park.
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
        final long waited = System.nanoTime() - idleSince;
        stats.idleNanos += waited;
        if (maxSpinNanos > 0) {
            spinBudget = nextSpin(spinBudget, waited, maxSpinNanos);
        }
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

    /**
     * The spin budget after an idle period of {@code waited} ns, from budget {@code s}, capped at
     * {@code max}: the shim's rule for a rank's waits ({@link SpinBudget#next}).
     */
    static long nextSpin(long s, long waited, long max) {
        return SpinBudget.next(s, waited, max);
    }

    /** The budget now (tests). */
    long spinBudget() {
        return spinBudget;
    }

    /**
     * The cap in µs for the property's value {@code set} (null: the default); 0 turns the timed spin off. A
     * value that is not a number from 0 to 1,000,000 is reported in one line on stderr and the default
     * used (a class initialiser must not throw: the user would get a stack trace instead of a sentence).
     */
    static long spinMaxMicros(String set) {
        return SpinBudget.capMicros(SPIN_MAX_PROPERTY, set, DEFAULT_SPIN_MAX_MICROS, 0);
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
