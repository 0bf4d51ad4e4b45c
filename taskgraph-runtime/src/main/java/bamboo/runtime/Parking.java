package bamboo.runtime;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;

/**
 * Which workers of a process spin and which are parked, so that a newly runnable task wakes a parked
 * worker only when no worker is spinning (a spinning worker will find it; waking costs a system call on
 * the sender's path).
 */
final class Parking {
    private static final int RUNNING = 0;
    private static final int PARKED = 1;
    private static final int SIGNALLED = 2;

    private final Thread[] threads;
    private final AtomicIntegerArray parked;
    private final AtomicInteger parkedCount = new AtomicInteger();
    private final AtomicInteger spinning = new AtomicInteger();
    private volatile boolean stopping;

    Parking(int workers) {
        threads = new Thread[workers];
        parked = new AtomicIntegerArray(workers);
    }

    void register(int slot, Thread t) {
        threads[slot] = t;
    }

    void startSpinning() {
        spinning.incrementAndGet();
    }

    void stopSpinning() {
        spinning.decrementAndGet();
    }

    void announce(int slot) {
        parked.set(slot, PARKED);
        parkedCount.incrementAndGet();
    }

    /** Back from parking; true when a waker signalled this worker. */
    boolean retract(int slot) {
        int was = parked.getAndSet(slot, RUNNING);
        parkedCount.decrementAndGet();
        return was == SIGNALLED;
    }

    /** After a task became runnable: wakes one parked worker unless some worker spins. */
    void wakeOne() {
        if (spinning.get() > 0 || parkedCount.get() == 0) {
            return;
        }
        for (int i = 0; i < threads.length; i++) {
            if (parked.get(i) == PARKED && parked.compareAndSet(i, PARKED, SIGNALLED)) {
                Thread t = threads[i];
                if (t != null) {
                    LockSupport.unpark(t);
                }
                return;
            }
        }
    }

    void wakeAll() {
        stopping = true;
        for (Thread t : threads) {
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    boolean stopping() {
        return stopping;
    }
}
