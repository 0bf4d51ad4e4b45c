package bamboo.bench.apps;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses and prints the interconnect quantities of the command line: latencies and bandwidths. */
public final class Units {
    private Units() {
    }

    /** The longest simulated latency the benchmark accepts: beyond it every run takes minutes to hours. */
    public static final long MAX_LATENCY_NANOS = 1_000_000_000L;
    /** The lowest simulated bandwidth the benchmark accepts, bytes per second (for the same reason). */
    public static final double MIN_BANDWIDTH = 1e6;

    private static final Pattern BANDWIDTH =
            Pattern.compile("([0-9]*\\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\\s*([kKMGT]i?)?([Bb])(/s)?");

    /**
     * Parses a latency such as {@code 50us}, {@code 0.2ms}, {@code 20000ns}, {@code 1s} or {@code 0}; at most
     * {@link #MAX_LATENCY_NANOS}.
     */
    public static long parseLatencyNanos(String option, String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        double scale;
        String number;
        if (t.endsWith("ns")) {
            scale = 1;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("us") || t.endsWith("\u00b5s")) {
            scale = 1e3;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("ms")) {
            scale = 1e6;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("s")) {
            scale = 1e9;
            number = t.substring(0, t.length() - 1);
        } else if (t.equals("0")) {
            return 0;
        } else {
            throw new IllegalArgumentException(option + " " + text + ": give a unit, e.g. 50us, 0.2ms or 20000ns");
        }
        double value = parseNumber(option, text, number.trim()) * scale;
        if (value > MAX_LATENCY_NANOS) {
            throw new IllegalArgumentException(option + " " + text + ": at most " + latency(MAX_LATENCY_NANOS)
                    + " (every message between nodes waits that long: runs would take hours)");
        }
        return Math.round(value);
    }

    /**
     * Parses a bandwidth as {@code ./bamboo run} does: {@code 1GB/s}, {@code 250MB/s}, {@code 800KB/s},
     * {@code 1e9B/s} (powers of 1000), {@code 100MiB/s} (powers of 1024), {@code 10Gb/s} (a lower-case b
     * counts bits), the {@code /s} optional; or {@code inf} (no per-byte cost). At least
     * {@link #MIN_BANDWIDTH}. Returns bytes per second.
     */
    public static double parseBandwidth(String option, String text) {
        String t = text.trim();
        if (t.equalsIgnoreCase("inf") || t.equalsIgnoreCase("infinite") || t.equalsIgnoreCase("unlimited")) {
            return Double.POSITIVE_INFINITY;
        }
        Matcher m = BANDWIDTH.matcher(t);
        if (!m.matches()) {
            if (t.startsWith("-")) {
                throw new IllegalArgumentException(option + " " + text + ": bandwidth must be positive (or inf)");
            }
            throw new IllegalArgumentException(option + " " + text + ": give a unit, e.g. 1GB/s, 250MB/s or inf");
        }
        double value = parseNumber(option, text, m.group(1)) * prefix(m.group(2))
                / (m.group(3).equals("b") ? 8 : 1);
        if (!(value > 0)) {
            throw new IllegalArgumentException(option + " " + text + ": bandwidth must be positive (or inf)");
        }
        if (value < MIN_BANDWIDTH) {
            throw new IllegalArgumentException(option + " " + text + ": at least " + bandwidth(MIN_BANDWIDTH)
                    + " (slower links make every run take minutes to hours), or inf");
        }
        return value;
    }

    private static double prefix(String prefix) {
        if (prefix == null) {
            return 1;
        }
        return switch (prefix) {
            case "k", "K" -> 1e3;
            case "M" -> 1e6;
            case "G" -> 1e9;
            case "T" -> 1e12;
            case "Ki", "ki" -> 1024.0;
            case "Mi" -> 1024.0 * 1024;
            case "Gi" -> 1024.0 * 1024 * 1024;
            default -> 1024.0 * 1024 * 1024 * 1024; // Ti
        };
    }

    /** A latency for people: {@code 50us}, {@code 1.5ms}, {@code 0}. */
    public static String latency(long nanos) {
        if (nanos == 0) {
            return "0";
        }
        if (nanos % 1_000_000_000 == 0) {
            return nanos / 1_000_000_000 + "s";
        }
        if (nanos % 1_000_000 == 0) {
            return nanos / 1_000_000 + "ms";
        }
        if (nanos % 1_000 == 0) {
            return nanos / 1_000 + "us";
        }
        return nanos + "ns";
    }

    /** A bandwidth for people: {@code 250MB/s}, {@code 1GB/s}, {@code inf}. */
    public static String bandwidth(double bytesPerSecond) {
        if (Double.isInfinite(bytesPerSecond)) {
            return "inf";
        }
        if (bytesPerSecond >= 1e9) {
            return trim(bytesPerSecond / 1e9) + "GB/s";
        }
        if (bytesPerSecond >= 1e6) {
            return trim(bytesPerSecond / 1e6) + "MB/s";
        }
        if (bytesPerSecond >= 1e3) {
            return trim(bytesPerSecond / 1e3) + "KB/s";
        }
        return trim(bytesPerSecond) + "B/s";
    }

    private static String trim(double v) {
        if (v == Math.rint(v)) {
            return Long.toString((long) v);
        }
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.3g", v)).stripTrailingZeros().toPlainString();
    }

    private static double parseNumber(String option, String whole, String number) {
        try {
            double v = Double.parseDouble(number);
            if (v >= 0 && !Double.isInfinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + " " + whole + ": '" + number + "' is not a non-negative number");
    }
}
