package bamboo.bench.cli;

import bamboo.bench.apps.RunPlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Every run of the demo in the order it ran, calibration and warm-up runs included, for its CSV: which
 * variant, in which phase, under which interconnect, and its time (empty when it failed).
 */
final class DemoLog {
    static final String HEADER = "run,phase,variant,latency_ns,bandwidth_bytes_per_s,time_s";
    private final List<Entry> entries = new ArrayList<>();

    private record Entry(String phase, String variant, long latencyNanos, double bandwidth, double seconds) {
    }

    /** The variant as the demo names it: basic, translated or bound. */
    static String name(RunPlan plan) {
        return switch (plan.variant()) {
            case "bamboo" -> "translated";
            case "nocomm" -> "bound";
            default -> plan.variant();
        };
    }

    void add(String phase, RunPlan plan, double seconds) {
        entries.add(new Entry(phase, name(plan), plan.latencyNanos(), plan.bandwidth(), seconds));
    }

    /** The runs logged so far. */
    int runs() {
        return entries.size();
    }

    /** Renames the phase {@code from} to {@code to} in the runs after the first {@code after}: the rounds the
     *  demo set aside when it re-fitted the interconnect. */
    void rephase(int after, String from, String to) {
        for (int i = after; i < entries.size(); i++) {
            Entry e = entries.get(i);
            if (e.phase.equals(from)) {
                entries.set(i, new Entry(to, e.variant, e.latencyNanos, e.bandwidth, e.seconds));
            }
        }
    }

    String csv() {
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            csv.append(String.format(Locale.ROOT, "%d,%s,%s,%d,%s,%s%n", i + 1, e.phase, e.variant, e.latencyNanos,
                    Double.isInfinite(e.bandwidth) ? "inf" : Long.toString(Math.round(e.bandwidth)),
                    Double.isNaN(e.seconds) ? "" : String.format(Locale.ROOT, "%.6f", e.seconds)));
        }
        return csv.toString();
    }

    void write(Path file) throws IOException {
        Files.writeString(file, csv(), StandardCharsets.UTF_8);
    }
}
