package bamboo.runtime;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/** State one graph run shares across its processes (all in this JVM): failure, completion, the clock. */
final class RunControl {
    final long baseNanos = System.nanoTime();
    private final AtomicReference<GraphFailure> failure = new AtomicReference<>();
    private final AtomicInteger unfinished;
    private final AtomicLong traceIds = new AtomicLong();
    private volatile boolean stopped;
    private volatile Thread monitor;

    RunControl(int numTasks) {
        unfinished = new AtomicInteger(numTasks);
    }

    void monitor(Thread t) {
        monitor = t;
    }

    boolean stopped() {
        return stopped;
    }

    GraphFailure failure() {
        return failure.get();
    }

    /** The first failure wins; every thread stops taking work. */
    void fail(GraphFailure f) {
        if (failure.compareAndSet(null, f)) {
            stopped = true;
            wakeMonitor();
        }
    }

    void taskFinished() {
        if (unfinished.decrementAndGet() == 0) {
            stopped = true;
            wakeMonitor();
        }
    }

    int unfinished() {
        return unfinished.get();
    }

    long nextTraceId() {
        return traceIds.incrementAndGet();
    }

    private void wakeMonitor() {
        Thread t = monitor;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }
}
