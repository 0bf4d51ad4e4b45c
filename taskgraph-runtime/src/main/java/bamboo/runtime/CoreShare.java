package bamboo.runtime;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many of the runtime's threads in this JVM want a core right now (workers and handlers that are
 * running, polling, spinning or yielding, as opposed to parked), against the cores the JVM may use. An
 * idle thread busy-waits (spins, yields) only while that count, itself included, fits on the cores
 * ({@link #spare}); otherwise it parks at once.
 *
 * <p>Why: a spinning or yielding thread stays runnable. With more runnable threads than cores (4 nodes of
 * one worker each on 2 cores, say), it competes with the threads that have work: a spin takes their
 * time slice, and a yielding thread whose message arrives is not woken (it is not parked) but waits for
 * its next turn behind every busy thread, up to a scheduler tick, where a parked thread is woken at once
 * with the wake-up's priority. With a core to spare, a short spin costs nobody anything and saves a
 * wake-up. The same rule as the shim's ranks (which spin only when every rank may have a core),
 * but counted as threads come and go instead of fixed at start.
 *
 * <p>Counted: the runtime's own threads only. The JVM's other threads (the collector, the JIT, a program's
 * own threads) and other processes on the machine are not; the rule errs towards spinning then.
 */
final class CoreShare {
    /** The one instance of this JVM: every graph running in it shares the same cores. */
    static final CoreShare JVM = new CoreShare(Runtime.getRuntime().availableProcessors());

    private final int cores;
    private final AtomicInteger wanting = new AtomicInteger();

    CoreShare(int cores) {
        if (cores < 1) {
            throw new IllegalArgumentException("CoreShare: cores must be >= 1, got " + cores);
        }
        this.cores = cores;
    }

    /**
     * The idle decision: may a thread that has nothing to do busy-wait, when {@code wanting} threads
     * (itself included) want a core and there are {@code cores}? Only when they all fit.
     */
    static boolean maySpin(int wanting, int cores) {
        return wanting <= cores;
    }

    /** True when the calling thread (counted as wanting a core) may busy-wait: {@link #maySpin}. */
    boolean spare() {
        return maySpin(wanting.get(), cores);
    }

    /** The calling thread starts wanting a core (started, or back from a park). */
    void want() {
        wanting.incrementAndGet();
    }

    /** The calling thread stops wanting a core (about to park, or stopping). */
    void release() {
        wanting.decrementAndGet();
    }

    int wanting() {
        return wanting.get();
    }

    int cores() {
        return cores;
    }
}
