package bamboo.bench.osu;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The bench's one table: a line per device and message size with the medians over the rounds, the ratio
 * of latencies and of bandwidths to the device's C reference ({@code x C}: latency 2.0 is twice C's time,
 * bandwidth 0.5 half its rate), and for a device measured against {@code --baseline} the same against its
 * {@code -base} row.
 */
final class OsuTable {
    private final List<Results> rows;

    OsuTable(List<Results> rows) {
        this.rows = rows;
    }

    private Results row(String device) {
        return device == null ? null : rows.stream().filter(r -> r.device.equals(device)).findFirst().orElse(null);
    }

    void print(PrintStream out) {
        out.printf(Locale.ROOT, "%-15s %8s %12s %10s %8s %8s %9s %9s%n", "device", "size", "latency us", "MB/s",
                "lat x C", "bw x C", "lat x base", "bw x base");
        for (Results r : rows) {
            final Results c = row(r.reference);
            final Results b = row(baseOf(r.device));
            for (int size : r.latency.keySet()) {
                final double lat = Results.median(r.latency.get(size));
                final double bw = Results.median(r.bandwidth.get(size));
                out.printf(Locale.ROOT, "%-15s %8s %12s %10s %8s %8s %9s %9s%n", r.device, label(size), number(lat, 2),
                        number(bw, bw < 10 ? 3 : 1), ratio(lat, c, size, true), ratio(bw, c, size, false),
                        ratio(lat, b, size, true), ratio(bw, b, size, false));
            }
        }
    }

    /** The baseline row of {@code device} ({@code aeron} to {@code aeron-base}), or null for a baseline row. */
    private static String baseOf(String device) {
        return device.endsWith("-base") ? null : device + "-base";
    }

    private static String ratio(double value, Results other, int size, boolean latency) {
        if (other == null || !other.latency.containsKey(size)) {
            return "";
        }
        final double o = Results.median(latency ? other.latency.get(size) : other.bandwidth.get(size));
        return Double.isNaN(o) || Double.isNaN(value) || o == 0 ? "-" : String.format(Locale.ROOT, "%.2f", value / o);
    }

    private static String number(double v, int decimals) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    static String label(int size) {
        if (size >= 1 << 20 && size % (1 << 20) == 0) {
            return size / (1 << 20) + " MiB";
        }
        if (size >= 1024 && size % 1024 == 0) {
            return size / 1024 + " KiB";
        }
        return size + " B";
    }

    /** device, size, medians, every round's figures (space-separated), the reference, the load averages. */
    String csv(double loadStart, double loadEnd) {
        final StringBuilder b = new StringBuilder(
                "device,size_bytes,latency_us,bandwidth_mb_s,latency_rounds_us,bandwidth_rounds_mb_s,reference,load_start,load_end\n");
        for (Results r : rows) {
            for (int size : r.latency.keySet()) {
                b.append(String.format(Locale.ROOT, "%s,%d,%s,%s,%s,%s,%s,%.2f,%.2f%n", r.device, size,
                        number(Results.median(r.latency.get(size)), 3), number(Results.median(r.bandwidth.get(size)), 1),
                        join(r.latency.get(size)), join(r.bandwidth.get(size)), r.reference == null ? "" : r.reference,
                        loadStart, loadEnd));
            }
        }
        return b.toString();
    }

    private static String join(List<Double> values) {
        return values.stream().map(v -> String.format(Locale.ROOT, "%.3f", v)).collect(Collectors.joining(" "));
    }

    /** {@code metric} lines as every suite ends with: 8-byte latency and 1 MiB bandwidth of each device. */
    void metrics(PrintStream out) {
        for (Results r : rows) {
            if (r.latency.containsKey(8)) {
                out.printf(Locale.ROOT, "metric osu_%s_latency_8B %s us%n", r.device.replace('-', '_'),
                        number(Results.median(r.latency.get(8)), 3));
            }
            if (r.bandwidth.containsKey(1 << 20)) {
                out.printf(Locale.ROOT, "metric osu_%s_bandwidth_1MiB %s MB/s%n", r.device.replace('-', '_'),
                        number(Results.median(r.bandwidth.get(1 << 20)), 1));
            }
        }
    }
}
