package bamboo.shim.engine;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

/**
 * The threads of one rank parked in MPI, so a completion can wake them. Lock-free (LockSupport only), so
 * virtual threads never pin; a signal with nobody waiting costs one volatile read.
 */
final class Waiters {
    private static final int SLOTS = 16;
    private final AtomicReferenceArray<Thread> slots = new AtomicReferenceArray<>(SLOTS);
    private final AtomicInteger count = new AtomicInteger();

    /** Registers the current thread; returns its slot, or -1 when all are taken (then park with a timeout). */
    int register() {
        count.incrementAndGet();
        final Thread me = Thread.currentThread();
        for (int i = 0; i < SLOTS; i++) {
            if (slots.get(i) == null && slots.compareAndSet(i, null, me)) {
                return i;
            }
        }
        return -1;
    }

    void unregister(int slot) {
        if (slot >= 0) {
            slots.set(slot, null);
        }
        count.decrementAndGet();
    }

    /** Wakes every registered thread; each rechecks its own condition. */
    void signal() {
        if (count.get() == 0) {
            return;
        }
        for (int i = 0; i < SLOTS; i++) {
            final Thread t = slots.get(i);
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }
}
