package bamboo.examples.common;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

/**
 * Times the calls of one process's numerical kernel (argument {@code profile=true} of jacobi2d and
 * halo26): the compute calls (wall and thread CPU time, points updated) and the halo copies (packing and
 * unpacking, wall time). The forms sum {@link #sums()} over all ranks after the timed loop, in the
 * reduction of their checksum (after it, from index 1), and rank 0 prints {@link #line(long[], int)}.
 *
 * <p>Why: the variants run the same kernel, so a variant whose run takes longer either computes the same
 * points slower (JIT, cache, block shape) or spends the difference outside the kernel (messages, waiting,
 * scheduling). Wall times alone cannot tell the two apart; the kernel's own time per point can. A
 * kernel call never spans an evaluation point of a translated program, so each call's thread CPU time
 * belongs to that call even when a worker runs several tasks.
 *
 * <p>Limits: thread CPU time is not available on virtual threads (the line says so; the wall time of a
 * call is then its carrier's time, as virtual threads are not time-sliced against each other). Wall
 * time includes preemption by other processes, so on a loaded machine compare CPU times. Each timed call
 * reads two clocks twice (well under a microsecond on Linux), against 0.1-3 ms of work per call in the
 * benchmarks' problems.
 */
public final class KernelClock {
    /** Slots of {@link #sums()}: every one is a sum over calls, and over ranks once reduced. */
    public static final int COMPUTE_WALL = 0, COMPUTE_CPU = 1, POINTS = 2, COMPUTE_CALLS = 3, HALO_WALL = 4,
            NO_CPU = 5, RANKS = 6, SLOTS = 7;

    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    private final long[] sums = new long[SLOTS];
    private long wall0;
    private long cpu0;

    public KernelClock() {
        sums[RANKS] = 1;
    }

    /** Starts timing one compute call. */
    public void startCompute() {
        cpu0 = threadCpu();
        wall0 = System.nanoTime();
    }

    /** Ends the compute call {@link #startCompute()} began, which updated {@code points} points. */
    public void stopCompute(long points) {
        long wall = System.nanoTime();
        long cpu = threadCpu();
        sums[COMPUTE_WALL] += wall - wall0;
        if (cpu0 < 0 || cpu < 0) {
            sums[NO_CPU] = 1;
        } else {
            sums[COMPUTE_CPU] += cpu - cpu0;
        }
        sums[POINTS] += points;
        sums[COMPUTE_CALLS]++;
    }

    /** Starts timing one halo copy (pack or unpack). */
    public void startHalo() {
        wall0 = System.nanoTime();
    }

    /** Ends the halo copy {@link #startHalo()} began. */
    public void stopHalo() {
        sums[HALO_WALL] += System.nanoTime() - wall0;
    }

    /** A copy of the sums so far (slots above), to be reduced with {@code MPI.SUM} over the ranks. */
    public long[] sums() {
        return sums.clone();
    }

    /** What rank 0 prints (after "app form: ") from the sums of all ranks. */
    public static String line(long[] total) {
        return line(total, 0);
    }

    /** {@link #line(long[])} of the sums that start at {@code total[from]}. */
    public static String line(long[] reduced, int from) {
        if (from < 0 || reduced.length - from != SLOTS) {
            throw new IllegalArgumentException("KernelClock.line: " + (reduced.length - from) + " sums from index "
                    + from + ", expected " + SLOTS);
        }
        long[] total = java.util.Arrays.copyOfRange(reduced, from, reduced.length);
        double points = Math.max(1, total[POINTS]);
        String cpu = total[NO_CPU] > 0
                ? "thread CPU n/a on " + total[NO_CPU] + " of " + total[RANKS] + " ranks (virtual threads)"
                : String.format(Locale.ROOT, "%.4f s thread CPU (%.3f ns per point)", total[COMPUTE_CPU] / 1e9,
                        total[COMPUTE_CPU] / points);
        return String.format(Locale.ROOT,
                "kernel over %d ranks: %d points in %d calls, %.4f s wall (%.3f ns per point), %s; "
                        + "halo copies %.4f s wall",
                total[RANKS], total[POINTS], total[COMPUTE_CALLS], total[COMPUTE_WALL] / 1e9,
                total[COMPUTE_WALL] / points, cpu, total[HALO_WALL] / 1e9);
    }

    private static long threadCpu() {
        try {
            return MX.getCurrentThreadCpuTime();
        } catch (UnsupportedOperationException e) {
            return -1;   // a virtual thread (JDK 21+), or a JVM without per-thread CPU clocks
        }
    }
}
