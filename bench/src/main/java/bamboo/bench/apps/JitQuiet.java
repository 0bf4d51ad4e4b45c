package bamboo.bench.apps;

import java.lang.management.ManagementFactory;

/**
 * Waits, before a timed run, until this JVM has stopped using the processor: until the JIT compilers
 * have finished what the previous run queued (and the collector what it left).
 *
 * <p>Why: on 2 cores the compiler threads take a core from the ranks or workers. A run that queues a
 * large C2 compilation near its end (a translated program's {@code execute()} state machine reaches
 * C2's thresholds only after some thousand steps, and C2 inlines the kernel's loops into it: hundreds of
 * milliseconds of a core) otherwise hands that compilation to whichever variant runs next, and a ratio
 * of differences of medians turns that into tens of points of "communication hidden" (docs/benchmarks.md,
 * "Why one JDK 17 pass moved 30-60 points").
 *
 * <p>Measured as this process's CPU time over short windows, so other processes' load does not count:
 * quiet is a window in which this JVM used under a tenth of one core.
 */
final class JitQuiet {
    private static final long WINDOW_NANOS = 20_000_000L;
    /** Quiet: under a tenth of one core over a window. */
    private static final long BUSY_NANOS = WINDOW_NANOS / 10;

    private JitQuiet() {
    }

    /**
     * Returns once a window was quiet, or after {@code maxNanos} at the latest.
     *
     * @return true when a quiet window was seen, false when the bound ran out first (or this JVM cannot
     *         report its CPU time)
     */
    static boolean await(long maxNanos) {
        if (!(ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os)
                || os.getProcessCpuTime() < 0) {
            return false;
        }
        long deadline = System.nanoTime() + maxNanos;
        while (System.nanoTime() < deadline) {
            long cpu = os.getProcessCpuTime();
            long start = System.nanoTime();
            if (!sleep(WINDOW_NANOS)) {
                return false;
            }
            long used = os.getProcessCpuTime() - cpu;
            long elapsed = System.nanoTime() - start;
            if (used * WINDOW_NANOS < BUSY_NANOS * elapsed) {
                return true;
            }
        }
        return false;
    }

    /** This JVM's CPU time so far (every thread), in ns, or -1 when this JVM cannot tell. */
    static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
    }

    /** The JIT compilers' accumulated time in this JVM, in ms (summed over compilations), or -1 when this
     *  JVM cannot tell. */
    static long compileMillis() {
        java.lang.management.CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
    }

    /** False when interrupted (the interrupt is kept for the caller). */
    private static boolean sleep(long nanos) {
        try {
            Thread.sleep(nanos / 1_000_000L);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
