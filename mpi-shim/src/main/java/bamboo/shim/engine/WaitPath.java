package bamboo.shim.engine;

import bamboo.shim.ShimConfiguration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * How the threads of one rank wait in MPI: spin, yield or park until a condition holds, woken by the
 * rank's completions ({@link #completed}), by simulated arrivals (a condition's deadline) or by an abort;
 * and the counters the deadlock watch reads. Several threads of a rank may wait at once.
 */
final class WaitPath {
    /** The longest a waiter busy-waits before parking when every rank can have its own core
     *  ({@link ShimConfiguration#SPIN_MAX_NS}, 1 ms by default). */
    static final long MAX_SPIN_NANOS = ShimConfiguration.SPIN_MAX_NS;
    /** The shortest spin, where the budget settles when waits are long (the peer is not running). */
    static final long MIN_SPIN_NANOS = SpinBudget.MIN_NANOS;
    /** Virtual threads: a few yields give the peer a chance before we park (a virtual thread's yield
     *  only hands its carrier to another virtual thread). Oversubscribed platform threads park at once. */
    private static final int YIELDS = 4;
    /** Park until this long before a simulated arrival, then yield-spin for precision. */
    private static final long PRECISE_NANOS = TimeUnit.MICROSECONDS.toNanos(100);
    /** A waiter that found no free wake-up slot re-checks this often. */
    private static final long FALLBACK_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final World world;
    private final Mailbox mailbox;
    private final CoreSeat core;
    final Waiters waiters = new Waiters();
    /** Threads of this rank parked in MPI with no deadline, and what they wait for (for deadlock reports). */
    final Map<Thread, WaitCondition> blocked = new ConcurrentHashMap<>();
    /** Threads of this rank waiting for any arrival, not for an operation of their own (Probe, Mprobe,
     *  {@link #awaitArrival}): only while there are some does an arrival that completes nothing wake the
     *  rank (a receive's waiter is woken by its completion; waking it per message of a flood it does not
     *  match would cost a futile wake-up each). */
    final AtomicInteger arrivalWatchers = new AtomicInteger();
    /**
     * How long this rank's waiters busy-wait before parking, adapted to its recent waits ({@link #adapt}):
     * a wait that ended within {@link #MAX_SPIN_NANOS} would have been cheaper spun (grow to twice it), a
     * longer one was a waste of the core (halve). Plain field, racy on purpose: any recent value will do
     * (tests set it to make a waiter spin).
     */
    long spinNanos = MIN_SPIN_NANOS;
    /** Parks so far, which the deadlock watch compares between samples (racy increments are fine). */
    volatile long parks;
    /** Operations of this rank completed (by whichever thread completed them): the progress the deadlock
     *  watch looks for besides calls and parks. */
    volatile long completions;

    WaitPath(World world, Mailbox mailbox, CoreSeat core) {
        this.world = world;
        this.mailbox = mailbox;
        this.core = core;
    }

    /**
     * Parks the calling thread until a message becomes matchable at this rank after {@code seen}, a
     * simulated arrival is due, another thread unparks it, or {@code maxNanos} pass
     * ({@link Endpoint#awaitArrival}).
     */
    void awaitArrival(long seen, long maxNanos) {
        final int slot = waiters.register();
        final boolean mine = core.holding();
        arrivalWatchers.incrementAndGet();
        try {
            // Registered first, then look: a sender either sees us registered or we see its arrival.
            if (mailbox.arrivals() != seen) {
                return;
            }
            long wait = maxNanos;
            final long next = mailbox.nextArrival();
            if (next != Long.MAX_VALUE) {
                wait = Math.min(wait, next - System.nanoTime());
            }
            if (wait > 0) {
                parks++;
                if (mine) {
                    core.drop();
                }
                LockSupport.parkNanos(this, wait);
            }
        } finally {
            arrivalWatchers.decrementAndGet();
            waiters.unregister(slot);
            if (mine && !core.holdsCore) {
                core.take();
            }
        }
    }

    /** {@link #await} for a condition that waits for any arrival (a probe), which must wake it. */
    void awaitArrivalOf(WaitCondition c) {
        arrivalWatchers.incrementAndGet();
        try {
            await(c, null);
        } finally {
            arrivalWatchers.decrementAndGet();
        }
    }

    /**
     * Blocks the calling thread until {@code c} holds: spins a short while when every rank may have a core,
     * then parks (woken by completions, by simulated arrivals via the deadline, or by an abort).
     *
     * @param label what the caller is doing (e.g. {@code "Wait"}), or null when the condition names it
     * @throws JobAbortedError when the job is aborted meanwhile
     */
    void await(WaitCondition c, String label) {
        if (c.ready()) {
            return;
        }
        world.checkAbort();
        final long start = System.nanoTime();
        // With a core gate, a waiter holds its node's core while it spins or yields (as a process busy-
        // waiting on its core would) and gives it up to park; and it does not busy-wait at all while
        // another rank of its node waits for the core (that rank would wait for nothing).
        final boolean mine = core.holding();
        final boolean giveWay = mine && core.wanted();
        final Remote remote = world.remote();
        if (!giveWay && (world.spin() ? spinFor(c, start) : yieldUntil(c) || remote != null && remote.progress(c))) {
            adapt(System.nanoTime() - start);
            return;
        }
        world.checkAbort();
        final int slot = waiters.register();
        final Thread me = Thread.currentThread();
        boolean interrupted = false;
        try {
            while (true) {
                // MPI waits are not interruptible (as in MPJ Express): keep the interrupt for the caller
                // instead of letting a pending one turn park() into a busy loop.
                interrupted |= Thread.interrupted();
                world.checkAbort();
                if (c.ready()) {
                    return;
                }
                final long deadline = c.deadline();
                if (deadline == Long.MAX_VALUE) {
                    parks++;
                    if (mine && core.holdsCore) {
                        core.drop();
                    }
                    blocked.put(me, label == null ? c : new Labelled(label, c));
                    try {
                        if (slot < 0) {
                            LockSupport.parkNanos(this, FALLBACK_PARK_NANOS);
                        } else {
                            LockSupport.park(this);
                        }
                    } finally {
                        blocked.remove(me);
                    }
                } else {
                    final long wait = deadline - System.nanoTime();
                    if (wait > PRECISE_NANOS) {
                        if (mine && core.holdsCore) {
                            core.drop();
                        }
                        LockSupport.parkNanos(this, wait - PRECISE_NANOS);
                    } else if (wait > 0) {
                        // The last stretch yield-spins for precision, which needs the core: with the gate,
                        // only while nobody of the node waits for it, else park to the arrival instead.
                        if (mine && core.wanted()) {
                            if (core.holdsCore) {
                                core.drop();
                            }
                            LockSupport.parkNanos(this, wait);
                        } else {
                            if (mine && !core.holdsCore) {
                                core.take();
                            }
                            Thread.yield();
                        }
                    }
                }
            }
        } finally {
            waiters.unregister(slot);
            if (mine && !core.holdsCore) {
                core.take(); // back to the program on the node's core (at once after an abort: gates open)
            }
            if (world.spin()) {
                adapt(System.nanoTime() - start);
            }
            if (interrupted) {
                me.interrupt();
            }
        }
    }

    /**
     * {@link #spinUntil}; while it spins for a receive, the receive says so ({@link RecvOp#spinning}), so a
     * rendezvous sender that matches it leaves the copy to this thread ({@link RecvOp#handOff}).
     */
    private boolean spinFor(WaitCondition c, long start) {
        if (!(c instanceof RecvOp r)) {
            return spinUntil(c, start);
        }
        r.spinning = true; // a rendezvous sender matching r now leaves the copy to this thread
        try {
            return spinUntil(c, start);
        } finally {
            r.spinning = false;
        }
    }

    /**
     * Busy-waits (no yielding) for up to this rank's current spin budget. Only when every rank may have
     * a core: the peer we wait for is then usually running. Yielding instead was measured to hurt on a
     * loaded machine: a thread that yields keeps competing for the core and waits behind every other
     * runnable thread, while one that parks is woken with priority when its message comes.
     */
    private boolean spinUntil(WaitCondition c, long start) {
        final long budget = spinNanos;
        do {
            Thread.onSpinWait();
            if (c.ready()) {
                return true;
            }
        } while (System.nanoTime() - start < budget);
        return false;
    }

    /**
     * Oversubscribed platform threads park at once; virtual threads first yield a few times. Why not
     * yield on platform threads: on a machine whose cores are all busy, a yield hands the core to any
     * other runnable thread of the machine, for its whole time slice, so a rank whose message arrives
     * meanwhile is not running to take it; a parked rank is woken by the completion. Measured with
     * {@code MicroBench --apps jacobi2d,halo26 --np 8} (docs/mpi-shim.md, Waiting).
     */
    static boolean yieldUntil(WaitCondition c) {
        if (!RankThreadKind.isVirtual(Thread.currentThread())) {
            return false;
        }
        for (int i = 0; i < YIELDS; i++) {
            Thread.yield();
            if (c.ready()) {
                return true;
            }
        }
        return false;
    }

    /** Adapts the spin budget to a wait that took {@code waited} ns (see {@link #spinNanos}). */
    private void adapt(long waited) {
        spinNanos = nextSpin(spinNanos, waited, MAX_SPIN_NANOS);
    }

    /** The spin budget after a wait of {@code waited} ns, from budget {@code s}, capped at {@code max}
     *  ({@link SpinBudget#next}, the rule the runtime's idle workers share). */
    static long nextSpin(long s, long waited, long max) {
        return SpinBudget.next(s, waited, max);
    }

    /** An operation of this rank has completed: counts it as progress and wakes the rank's waiters. */
    void completed() {
        completions++;
        waiters.signal();
    }

    /** The condition a blocked thread waits on, without the call's name ({@link #await}'s label). */
    static WaitCondition unlabelled(WaitCondition c) {
        return c instanceof Labelled ? ((Labelled) c).inner : c;
    }

    /** A wait condition with the name of the call that waits on it. */
    private static final class Labelled implements WaitCondition {
        private final String label;
        private final WaitCondition inner;

        Labelled(String label, WaitCondition inner) {
            this.label = label;
            this.inner = inner;
        }

        @Override
        public boolean ready() {
            return inner.ready();
        }

        @Override
        public long deadline() {
            return inner.deadline();
        }

        @Override
        public String describe() {
            return label + " for " + inner.describe();
        }
    }
}
