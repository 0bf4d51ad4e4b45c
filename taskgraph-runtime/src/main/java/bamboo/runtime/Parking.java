package bamboo.runtime;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;

/** Which workers of a process are parked, so that pushing a runnable task can wake one. */
final class Parking {
    private final Thread[] threads;
    private final AtomicIntegerArray parked;
    private final AtomicInteger parkedCount = new AtomicInteger();
    private volatile boolean stopping;

    Parking(int workers) {
        threads = new Thread[workers];
        parked = new AtomicIntegerArray(workers);
    }

    void register(int slot, Thread t) {
        threads[slot] = t;
    }

    void announce(int slot) {
        parked.set(slot, 1);
        parkedCount.incrementAndGet();
    }

    void retract(int slot) {
        parked.set(slot, 0);
        parkedCount.decrementAndGet();
    }

    /** Wakes one parked worker, if any; cheap when none is parked. */
    void wakeOne() {
        if (parkedCount.get() == 0) {
            return;
        }
        for (int i = 0; i < threads.length; i++) {
            if (parked.get(i) == 1 && parked.compareAndSet(i, 1, 2)) {
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
