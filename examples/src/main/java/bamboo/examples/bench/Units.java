package bamboo.examples.bench;

import java.util.Locale;

/** Parses and prints the interconnect quantities of the command line: latencies and bandwidths. */
public final class Units {
    private Units() {
    }

    /** Parses a latency such as {@code 50us}, {@code 0.2ms}, {@code 20000ns}, {@code 1s} or {@code 0}. */
    public static long parseLatencyNanos(String option, String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        double scale;
        String number;
        if (t.endsWith("ns")) {
            scale = 1;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("us")) {
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
        double value = parseNumber(option, text, number);
        return Math.round(value * scale);
    }

    /**
     * Parses a bandwidth such as {@code 1GB/s}, {@code 250MB/s}, {@code 800KB/s}, {@code 1e9B/s} (decimal
     * units) or {@code inf} (no per-byte cost); returns bytes per second.
     */
    public static double parseBandwidth(String option, String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("inf") || t.equals("infinite") || t.equals("unlimited")) {
            return Double.POSITIVE_INFINITY;
        }
        if (!t.endsWith("b/s")) {
            throw new IllegalArgumentException(option + " " + text + ": give a unit, e.g. 1GB/s, 250MB/s or inf");
        }
        String body = t.substring(0, t.length() - 3);
        double scale = 1;
        if (body.endsWith("g")) {
            scale = 1e9;
        } else if (body.endsWith("m")) {
            scale = 1e6;
        } else if (body.endsWith("k")) {
            scale = 1e3;
        }
        if (scale != 1) {
            body = body.substring(0, body.length() - 1);
        }
        double value = parseNumber(option, text, body) * scale;
        if (!(value > 0)) {
            throw new IllegalArgumentException(option + " " + text + ": bandwidth must be positive (or inf)");
        }
        return value;
    }

    /** A latency for people: {@code 50us}, {@code 1.5ms}, {@code 0}. */
    public static String latency(long nanos) {
        if (nanos == 0) {
            return "0";
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
