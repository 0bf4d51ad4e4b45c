package bamboo.bench.apps;

/**
 * The bench's step between two runs, outside every timed window: a full collection, so that the next run
 * starts with an empty young generation and neither pays for the garbage the previous run (or row) left
 * nor has a collection of its own inside its timed loop (a run allocates its arrays and its kernel's
 * warm-up: 100-200 MB for jacobi3d, under the young generation the launcher gives the bench).
 *
 * <p>Why (docs/benchmarks.md, "Timing"): with the JVM's default G1 and heap, the
 * bench's JVM collected every 1.5-2.5 s, at whatever point of whichever run filled the young generation,
 * and the arrays of jacobi3d (16 MB, "humongous" for G1) started a concurrent cycle each time; which run
 * paid was an accident of the order. Applied alike to every row: the in-JVM rows here ({@link AppBench}),
 * both sides of the MPJ Express comparison in their child JVMs ({@link MicroChild}, {@link MpjChild})
 * between their untimed and timed runs.
 */
final class BetweenRuns {
    private BetweenRuns() {
    }

    /** Whether the step runs ({@link BenchConfiguration#settle()}). */
    static boolean enabled() {
        return BenchConfiguration.settle();
    }

    /** Collects all garbage now, unless turned off (and a no-op under {@code -XX:+DisableExplicitGC}). */
    static void settle() {
        if (enabled()) {
            System.gc();
        }
    }

    /** The bench header's line on it, with the collector this JVM runs. */
    static String mode() {
        String gcs = String.join(" + ", java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(java.lang.management.GarbageCollectorMXBean::getName).toList());
        long heapMb = Runtime.getRuntime().maxMemory() / (1024 * 1024);
        return "between runs: " + (enabled() ? "a full collection, then the JVM quiet (outside the timed windows)"
                : "the JVM quiet only (-D" + BenchConfiguration.SETTLE + "=false: no collection)") + "; collectors " + gcs + ", heap "
                + heapMb + " MB";
    }
}
