package bamboo.shim.engine;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

/**
 * The cores of one simulated node: {@code cores} permits that the node's threads take while they run and
 * give back while they wait, so a node of C cores never runs more than C of its threads at once, however
 * the JVM schedules threads over the machine's real cores. Without it, k ranks of a node as threads (or
 * virtual threads on one shared carrier pool) run on whatever core is free, so while one node's ranks all
 * wait, another node's ranks borrow its core.
 *
 * <p>Fair: a ticket lock with {@code cores} holders at once. A thread takes the next ticket and may run
 * once the number of releases so far plus {@code cores} exceeds its ticket, so permits go out strictly in
 * the order they were asked for (a node's waiting threads take turns). A waiter parks in its ticket's slot
 * ({@link LockSupport}, so virtual threads unmount); a release unparks the holder of the ticket it made
 * eligible. Nothing is allocated per acquire or release. Not reentrant, not interruptible (an interrupt
 * is kept for the caller); a thread that gives a permit back must hold one.
 *
 * <p>At most {@code threads} threads (given at construction) may hold or wait for a permit at once: the
 * slots are a ring of that size. After {@link #open()} (the job aborted) every acquire returns at once, so
 * no thread stays parked here while the job unwinds.
 */
public final class CoreGate {
    private final int cores;
    /** Tickets handed out so far (the next ticket). */
    private final AtomicLong next = new AtomicLong();
    /** Permits given back so far: ticket t may run while {@code t < released + cores}. */
    private final AtomicLong released = new AtomicLong();
    /** The thread waiting on ticket t, at {@code t % slots.length}. */
    private final AtomicReferenceArray<Thread> slots;
    private volatile boolean open;

    /**
     * @param cores   permits (cores of the node), at least 1
     * @param threads the most threads that may hold or wait for a permit at once, at least 1
     */
    public CoreGate(int cores, int threads) {
        if (cores < 1 || threads < 1) {
            throw new IllegalArgumentException("CoreGate: cores and threads must be >= 1, got " + cores + " and "
                    + threads);
        }
        this.cores = cores;
        this.slots = new AtomicReferenceArray<>(Math.max(threads, cores) + 1);
    }

    public int cores() {
        return cores;
    }

    /** Takes a permit, waiting (parked, in turn) until one is free. */
    public void acquire() {
        final long ticket = next.getAndIncrement();
        if (ticket - released.get() < cores || open) {
            return;
        }
        final Thread me = Thread.currentThread();
        final int slot = (int) (ticket % slots.length());
        slots.set(slot, me);
        boolean interrupted = false;
        // Registered first, then look: a releaser either sees us in the slot or we see its release.
        while (ticket - released.get() >= cores && !open) {
            LockSupport.park(this);
            interrupted |= Thread.interrupted();
        }
        slots.compareAndSet(slot, me, null);
        if (interrupted) {
            me.interrupt();
        }
    }

    /**
     * Takes a permit only if one is free now and nobody waits for one; never waits. For a thread whose
     * work can as well be done by the threads already running (the runtime's message handler woken to
     * look at the shim while its node's workers compute): waiting in line would make a running thread
     * give its core up to it, a hand-off of the core (two thread switches) for nothing.
     */
    public boolean tryAcquire() {
        for (;;) {
            final long ticket = next.get();
            if (open) {
                next.getAndIncrement();
                return true;
            }
            // Waiters hold the tickets below next: with one waiting, no ticket at next is eligible either.
            if (ticket - released.get() >= cores) {
                return false;
            }
            if (next.compareAndSet(ticket, ticket + 1)) {
                return true; // released only grows: the ticket stays eligible
            }
        }
    }

    /** Gives a permit back and wakes the next thread in line, if any. */
    public void release() {
        final long eligible = released.incrementAndGet() + cores - 1;
        if (eligible < next.get()) {
            final Thread t = slots.get((int) (eligible % slots.length()));
            if (t != null) {
                LockSupport.unpark(t); // perhaps a stale one: a spurious wake-up, which every park here allows
            }
        }
    }

    /** True when some thread waits for a permit (racy, a hint: the holder may then give its core up). */
    public boolean contended() {
        return next.get() - released.get() > cores;
    }

    /**
     * The caller holds a permit: when another thread waits for one, gives it back and queues again, so
     * the waiter runs first (as a scheduler preempts a busy thread for a waiting one); else does nothing.
     * Returns whether it gave the core up.
     */
    public boolean yieldToWaiter() {
        if (contended()) {
            release();
            acquire();
            return true;
        }
        return false;
    }

    /** Lets every thread through from now on and wakes those waiting (the job is over or aborted). */
    public void open() {
        open = true;
        for (int i = 0; i < slots.length(); i++) {
            final Thread t = slots.get(i);
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    public boolean isOpen() {
        return open;
    }

    @Override
    public String toString() {
        return "CoreGate[" + cores + " cores, " + Math.max(0, next.get() - released.get()) + " holding or waiting]";
    }
}
