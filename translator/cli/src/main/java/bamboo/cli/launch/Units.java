package bamboo.cli.launch;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses the human units of the command line: durations ({@code 20us}) and bandwidths ({@code 1GB/s}). */
public final class Units {
    private static final Pattern QUANTITY = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)\\s*([a-zA-Zµ/]*)\\s*");

    private Units() {
    }

    /**
     * A duration in nanoseconds. Units: ns, us (or µs), ms, s; a bare {@code 0} is allowed.
     *
     * @throws IllegalArgumentException with a sentence saying what is accepted
     */
    public static long parseDurationNanos(String text) {
        Matcher m = match(text, "duration", "20us, 1.5ms, 100ns or 0");
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2).toLowerCase(Locale.ROOT);
        double scale;
        switch (unit) {
            case "ns": scale = 1; break;
            case "us": case "µs": scale = 1e3; break;
            case "ms": scale = 1e6; break;
            case "s": scale = 1e9; break;
            case "":
                if (value == 0) {
                    return 0;
                }
                throw new IllegalArgumentException("duration '" + text + "' needs a unit (ns, us, ms or s), e.g. 20us");
            default:
                throw new IllegalArgumentException("unknown duration unit '" + m.group(2) + "' in '" + text
                        + "': use ns, us, ms or s");
        }
        return Math.round(value * scale);
    }

    /**
     * A bandwidth in bytes per second. Units: B/s, KB/s, MB/s, GB/s (powers of 1000), KiB/s, MiB/s, GiB/s
     * (powers of 1024), and the same with a lower-case {@code b} for bits (Gb/s). The {@code /s} may be
     * left out. {@code inf} (or {@code 0}) means no bandwidth cost.
     *
     * @return bytes per second, or {@link Double#POSITIVE_INFINITY}
     */
    public static double parseBandwidth(String text) {
        String t = text.trim();
        if (t.equalsIgnoreCase("inf") || t.equalsIgnoreCase("infinite") || t.equals("0")) {
            return Double.POSITIVE_INFINITY;
        }
        Matcher m = match(text, "bandwidth", "1GB/s, 500MB/s, 10Gb/s or inf");
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2);
        if (unit.endsWith("/s")) {
            unit = unit.substring(0, unit.length() - 2);
        }
        if (unit.isEmpty()) {
            throw new IllegalArgumentException("bandwidth '" + text + "' needs a unit, e.g. 1GB/s");
        }
        boolean bits = unit.endsWith("b");
        if (!bits && !unit.endsWith("B")) {
            throw new IllegalArgumentException("unknown bandwidth unit '" + m.group(2) + "' in '" + text
                    + "': use B/s, KB/s, MB/s, GB/s, KiB/s, MiB/s, GiB/s (or b for bits)");
        }
        double scale = prefix(unit.substring(0, unit.length() - 1), text);
        double bytes = value * scale / (bits ? 8 : 1);
        if (bytes <= 0) {
            throw new IllegalArgumentException("bandwidth '" + text + "' must be positive (or inf)");
        }
        return bytes;
    }

    /**
     * A size in bytes. Units: B, KB, MB, GB (powers of 1000), KiB, MiB, GiB (powers of 1024); a bare number
     * is bytes.
     *
     * @throws IllegalArgumentException with a sentence saying what is accepted
     */
    public static long parseBytes(String text) {
        Matcher m = match(text, "size", "64MiB, 256MB, 1GiB or 65536");
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2);
        if (unit.isEmpty()) {
            return Math.round(value);
        }
        if (!unit.endsWith("B")) {
            throw new IllegalArgumentException("unknown size unit '" + unit + "' in '" + text
                    + "': use B, KB, MB, GB, KiB, MiB or GiB");
        }
        return Math.round(value * prefix(unit.substring(0, unit.length() - 1), text));
    }

    private static double prefix(String prefix, String text) {
        switch (prefix) {
            case "": return 1;
            case "K": case "k": return 1e3;
            case "M": return 1e6;
            case "G": return 1e9;
            case "T": return 1e12;
            case "Ki": return 1024.0;
            case "Mi": return 1024.0 * 1024;
            case "Gi": return 1024.0 * 1024 * 1024;
            default:
                throw new IllegalArgumentException("unknown unit prefix '" + prefix + "' in '" + text
                        + "': use K, M, G, T, Ki, Mi or Gi");
        }
    }

    private static Matcher match(String text, String what, String examples) {
        Matcher m = QUANTITY.matcher(text == null ? "" : text);
        if (!m.matches()) {
            throw new IllegalArgumentException("cannot read " + what + " '" + text + "': write it like " + examples);
        }
        return m;
    }

    /**
     * {@link #parseDurationNanos} for a latency, at most {@code maxNanos}.
     *
     * @param option the option's name, which a refusal starts with
     */
    public static long parseLatencyNanos(String option, String text, long maxNanos) {
        long nanos;
        try {
            nanos = parseDurationNanos(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage());
        }
        if (nanos > maxNanos) {
            throw new IllegalArgumentException(option + " " + text + ": at most " + formatLatency(maxNanos)
                    + " (every message between nodes waits that long: runs would take hours)");
        }
        return nanos;
    }

    /**
     * {@link #parseBandwidth} for a link, at least {@code minBytesPerSecond} (or {@code inf}).
     *
     * @param option the option's name, which a refusal starts with
     */
    public static double parseBandwidth(String option, String text, double minBytesPerSecond) {
        double bytes;
        try {
            bytes = parseBandwidth(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage());
        }
        if (bytes < minBytesPerSecond) {
            throw new IllegalArgumentException(option + " " + text + ": at least " + formatBandwidth(minBytesPerSecond)
                    + " (slower links make every run take minutes to hours), or inf");
        }
        return bytes;
    }

    /** A latency as the command line takes it: {@code 50us}, {@code 1ms}, {@code 1234ns}, {@code 0}. */
    public static String formatLatency(long nanos) {
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

    /** A bandwidth as the command line takes it, to three digits: {@code 250MB/s}, {@code 1.5GB/s}, {@code inf}. */
    public static String formatBandwidth(double bytesPerSecond) {
        if (Double.isInfinite(bytesPerSecond)) {
            return "inf";
        }
        if (bytesPerSecond >= 1e9) {
            return threeDigits(bytesPerSecond / 1e9) + "GB/s";
        }
        if (bytesPerSecond >= 1e6) {
            return threeDigits(bytesPerSecond / 1e6) + "MB/s";
        }
        if (bytesPerSecond >= 1e3) {
            return threeDigits(bytesPerSecond / 1e3) + "KB/s";
        }
        return threeDigits(bytesPerSecond) + "B/s";
    }

    private static String threeDigits(double v) {
        if (v == Math.rint(v) && v < 1000) {
            return Long.toString((long) v);
        }
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.3g", v)).stripTrailingZeros().toPlainString();
    }

    /** Formats nanoseconds for people: 850 ns, 20.0 us, 1.50 ms, 2.00 s. */
    public static String formatNanos(double nanos) {
        if (nanos < 1e3) {
            return String.format(Locale.ROOT, "%.0f ns", nanos);
        } else if (nanos < 1e6) {
            return String.format(Locale.ROOT, "%.1f us", nanos / 1e3);
        } else if (nanos < 1e9) {
            return String.format(Locale.ROOT, "%.2f ms", nanos / 1e6);
        }
        return String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
    }
}
