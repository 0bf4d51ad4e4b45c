package bamboo.examples.common;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code key=value} arguments of an example program. Every program reads its arguments through this
 * class so that a typo ({@code iter=5} instead of {@code iters=5}) is an error naming the argument, not a
 * silently ignored setting.
 */
public final class Params {
    private final String app;
    private final Map<String, String> values = new LinkedHashMap<>();

    /** Parses {@code args} (each {@code key=value}); {@code app} names the program in error messages. */
    public Params(String app, String[] args) {
        this.app = app;
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException(app + ": argument '" + arg + "' is not of the form key=value");
            }
            values.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
    }

    /** The positive integer argument {@code key}, or {@code fallback} when absent. */
    public int positive(String key, int fallback) {
        String text = values.remove(key);
        if (text == null) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(text.trim());
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below with the argument's name
        }
        throw new IllegalArgumentException(app + ": " + key + "=" + text + " is not a positive integer");
    }

    /** The positive real argument {@code key}, or {@code fallback} when absent. */
    public double positiveReal(String key, double fallback) {
        String text = values.remove(key);
        if (text == null) {
            return fallback;
        }
        try {
            double value = Double.parseDouble(text.trim());
            if (value > 0 && !Double.isInfinite(value)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below with the argument's name
        }
        throw new IllegalArgumentException(app + ": " + key + "=" + text + " is not a positive number");
    }

    /** The text argument {@code key}, or {@code fallback} when absent. */
    public String text(String key, String fallback) {
        String text = values.remove(key);
        return text == null ? fallback : text;
    }

    /** The boolean argument {@code key} ({@code true} or {@code false}), or {@code fallback} when absent. */
    public boolean flag(String key, boolean fallback) {
        String text = values.remove(key);
        if (text == null) {
            return fallback;
        }
        String value = text.trim();
        if (value.equals("true") || value.equals("false")) {
            return Boolean.parseBoolean(value);
        }
        throw new IllegalArgumentException(app + ": " + key + "=" + text + " is not true or false");
    }

    /** Fails on any argument no getter asked for (call after reading them all). */
    public void requireAllUsed() {
        if (!values.isEmpty()) {
            throw new IllegalArgumentException(app + ": unknown argument(s) " + values.keySet());
        }
    }
}
