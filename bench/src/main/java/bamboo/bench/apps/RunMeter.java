package bamboo.bench.apps;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What else happened while one run of the benchmark ran, for its progress line: the collections in this
 * JVM, its minor page faults, the cores it used, the cores the rest of the machine used and the cores the
 * hypervisor stole. These are the suspects when one row's repeats spread (docs/benchmarks.md, "Timing"): a collection or a first touch of fresh memory inside a run, another process (or the
 * host) taking a core from a rank.
 *
 * <p>They cover the whole run as the bench sees it (the program's set-up, its untimed kernel warm-up, the
 * timed loop and its verification), not the timed loop alone: the program times itself and tells nothing
 * else. A row run in a child JVM (MPJ Express's comparison) shows only the machine's figures; its JVM's are
 * in the child.
 *
 * <p>The machine's figures come from Linux's {@code /proc/stat} and {@code /proc/self/stat}; elsewhere
 * they are left out of the line.
 */
final class RunMeter {
    private static final Path MACHINE = Path.of("/proc/stat");
    private static final Path SELF = Path.of("/proc/self/stat");

    /** One reading; -1 (or null) where this JVM or system cannot tell. */
    record Snapshot(long nanos, long gcCount, long gcMillis, long cpuNanos, long minorFaults, Ticks ticks) {
    }

    /** The machine's CPU time so far from {@code /proc/stat}'s first line, in clock ticks. */
    record Ticks(long total, long idle, long steal) {
    }

    private RunMeter() {
    }

    /** A reading now. */
    static Snapshot now() {
        long count = 0;
        long millis = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc.getCollectionCount() < 0) {
                count = -1;
                break;
            }
            count += gc.getCollectionCount();
            millis += Math.max(0, gc.getCollectionTime());
        }
        return new Snapshot(System.nanoTime(), count, count < 0 ? -1 : millis, JitQuiet.processCpuNanos(),
                minorFaults(read(SELF)), ticks(read(MACHINE)));
    }

    /**
     * What happened between two readings: -1 (counts) or NaN (cores) where unknown. Cores are averages over
     * the interval: {@code jvmCores} this JVM's CPU time per second, {@code busyCores} the whole machine's
     * (this JVM included), {@code stealCores} what the hypervisor gave other guests.
     */
    record Delta(double seconds, long gcCount, long gcMillis, long faults, double jvmCores, double busyCores,
                 double stealCores) {
        /** Cores the rest of the machine used (busy less this JVM), or NaN. */
        double otherCores() {
            return Double.isNaN(jvmCores) || Double.isNaN(busyCores) ? Double.NaN : Math.max(0, busyCores - jvmCores);
        }

        /** The progress line's account, e.g. {@code GC 0, 12 faults, cores: this JVM 1.97, others 0.02, steal 0.01}. */
        String describe() {
            StringBuilder sb = new StringBuilder();
            if (gcCount >= 0) {
                sb.append("GC ").append(gcCount);
                if (gcCount > 0) {
                    sb.append(" (").append(gcMillis).append(" ms)");
                }
            }
            if (faults >= 0) {
                append(sb, faults + " faults");
            }
            if (!Double.isNaN(stealCores)) {
                append(sb, "cores:");
                if (!Double.isNaN(jvmCores)) {
                    sb.append(String.format(Locale.ROOT, " this JVM %.2f, others %.2f,", jvmCores, otherCores()));
                } else {
                    sb.append(String.format(Locale.ROOT, " busy %.2f,", busyCores));
                }
                sb.append(String.format(Locale.ROOT, " steal %.2f", stealCores));
            } else if (!Double.isNaN(jvmCores)) {
                append(sb, String.format(Locale.ROOT, "cores: this JVM %.2f", jvmCores));
            }
            return sb.toString();
        }

        /** The figures as CSV fields: {@link #CSV_HEADER}'s order, empty where unknown. */
        String csv() {
            return String.join(",", count(gcCount), gcCount < 0 ? "" : Long.toString(gcMillis), count(faults),
                    cores(jvmCores), cores(otherCores()), cores(busyCores), cores(stealCores));
        }

        static final String CSV_HEADER = "gc_count,gc_ms,minor_faults,jvm_cores,other_cores,busy_cores,steal_cores";

        private static String count(long v) {
            return v < 0 ? "" : Long.toString(v);
        }

        private static String cores(double v) {
            return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
        }
    }

    /**
     * What happened between {@code a} and {@code b} on a machine of {@code cpus} processors; {@code ownJvm}
     * false (a child JVM ran the row) leaves this JVM's own figures out.
     */
    static Delta between(Snapshot a, Snapshot b, int cpus, boolean ownJvm) {
        double seconds = (b.nanos() - a.nanos()) / 1e9;
        boolean gc = ownJvm && a.gcCount() >= 0 && b.gcCount() >= 0;
        boolean faults = ownJvm && a.minorFaults() >= 0 && b.minorFaults() >= 0;
        double mine = ownJvm && a.cpuNanos() >= 0 && b.cpuNanos() >= 0 && seconds > 0
                ? (b.cpuNanos() - a.cpuNanos()) / 1e9 / seconds : Double.NaN;
        double busy = Double.NaN;
        double steal = Double.NaN;
        Ticks s = a.ticks();
        Ticks e = b.ticks();
        if (s != null && e != null && e.total() > s.total()) {
            double total = e.total() - s.total();
            busy = cpus * (total - (e.idle() - s.idle()) - (e.steal() - s.steal())) / total;
            steal = cpus * (e.steal() - s.steal()) / total;
        }
        return new Delta(seconds, gc ? b.gcCount() - a.gcCount() : -1, gc ? b.gcMillis() - a.gcMillis() : -1,
                faults ? b.minorFaults() - a.minorFaults() : -1, mine, busy, steal);
    }

    /** {@link #between}'s account for the progress line. */
    static String describe(Snapshot a, Snapshot b, int cpus, boolean ownJvm) {
        return between(a, b, cpus, ownJvm).describe();
    }

    private static void append(StringBuilder sb, String part) {
        sb.append(sb.length() == 0 ? "" : ", ").append(part);
    }

    /**
     * The ticks of {@code /proc/stat}'s first line ({@code cpu user nice system idle iowait irq softirq steal
     * ...}): idle counts iowait too (a core waiting for a disk is free for a rank). Null when the text is
     * not such a line.
     */
    static Ticks ticks(String procStat) {
        if (procStat == null || !procStat.startsWith("cpu ")) {
            return null;
        }
        String first = procStat.lines().findFirst().orElse("");
        String[] f = first.trim().split("\\s+");
        if (f.length < 9) {
            return null;
        }
        try {
            long total = 0;
            // user nice system idle iowait irq softirq steal: guest time is counted in user already
            for (int i = 1; i <= 8; i++) {
                total += Long.parseLong(f[i]);
            }
            return new Ticks(total, Long.parseLong(f[4]) + Long.parseLong(f[5]), Long.parseLong(f[8]));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * The minor page faults of {@code /proc/self/stat} (its 10th field; the 2nd, the command, is in
     * parentheses and may hold spaces), or -1.
     */
    static long minorFaults(String selfStat) {
        int close = selfStat == null ? -1 : selfStat.lastIndexOf(')');
        if (close < 0) {
            return -1;
        }
        String[] f = selfStat.substring(close + 1).trim().split("\\s+");
        try {
            return f.length > 7 ? Long.parseLong(f[7]) : -1; // state ppid pgrp session tty tpgid flags minflt
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.US_ASCII);
        } catch (IOException | SecurityException | java.io.UncheckedIOException e) {
            return null;
        }
    }
}
