package bamboo.bench.cli;

import bamboo.bench.apps.RunPlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Every run of the demo in the order it ran, calibration and warm-up runs included, for its CSV: which
 * variant, in which phase, under which interconnect, and its time (empty when it failed).
 */
final class DemoLog {
    static final String HEADER = "run,phase,variant,latency_ns,bandwidth_bytes_per_s,time_s";
    private final StringBuilder csv = new StringBuilder(HEADER).append('\n');
    private int runs;

    /** The variant as the demo names it: basic, translated or bound. */
    static String name(RunPlan plan) {
        return switch (plan.variant()) {
            case "bamboo" -> "translated";
            case "nocomm" -> "bound";
            default -> plan.variant();
        };
    }

    void add(String phase, RunPlan plan, double seconds) {
        runs++;
        csv.append(String.format(Locale.ROOT, "%d,%s,%s,%d,%s,%s%n", runs, phase, name(plan), plan.latencyNanos(),
                Double.isInfinite(plan.bandwidth()) ? "inf" : Long.toString(Math.round(plan.bandwidth())),
                Double.isNaN(seconds) ? "" : String.format(Locale.ROOT, "%.6f", seconds)));
    }

    String csv() {
        return csv.toString();
    }

    void write(Path file) throws IOException {
        Files.writeString(file, csv, StandardCharsets.UTF_8);
    }
}
