package bamboo.bench.apps;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Progress on standard error, so the table on standard output stays clean: one line per run, or, as a
 * bar ({@link #bar}), one line redrawn in place on a terminal and a line per tenth of the runs elsewhere.
 */
public final class Progress {
    private static final int BAR_WIDTH = 30;
    private final PrintStream err;
    private final int total;
    private final boolean bar;
    /** Whether the bar may redraw its line with a carriage return (a terminal), or prints new lines. */
    private final boolean inPlace;
    private final long start = System.nanoTime();
    private int done;
    /** The tenth of the runs the bar last printed, off a terminal. */
    private int lastTenth = -1;
    /** What the bar shows after its count: the step under way. */
    private String step = "";
    /** "[jvm 2/4] " in a pass that {@code --jvms} started ({@link JvmPasses#PASS_PROPERTY}), else "". */
    private final String pass = passTag(System.getProperty(JvmPasses.PASS_PROPERTY));

    public Progress(PrintStream err, int total) {
        this(err, total, false);
    }

    /** @param bar a bar instead of a line per run */
    public Progress(PrintStream err, int total, boolean bar) {
        this.err = err;
        this.total = total;
        this.bar = bar;
        this.inPlace = bar && System.console() != null;
    }

    /** Announces a run before it starts. */
    public void starting(String what) {
        if (bar) {
            step = what;
            drawBar();
            return;
        }
        err.printf(Locale.ROOT, "%s[%3d/%d %5.0fs] %s ...", pass, done + 1, total, elapsed(), what);
        err.flush();
    }

    /** Reports the end of the run announced last. */
    public void finished(String result) {
        done++;
        if (bar) {
            if (result.startsWith("FAILED")) {
                clearBar();
                err.println(step + ": " + result);
            }
            drawBar();
            if (done == total) {
                clearBar();
            }
            return;
        }
        err.println(" " + result);
    }

    /** Announces a step that is not a counted run (a translation); {@link #ended} completes its line. */
    public void begin(String what) {
        if (bar) {
            step = what;
            drawBar();
            return;
        }
        err.printf(Locale.ROOT, "%s[      %5.0fs] %s ...", pass, elapsed(), what);
        err.flush();
    }

    /** Completes the line of the step announced by {@link #begin}. */
    public void ended(String result) {
        if (bar) {
            if (result.startsWith("FAILED")) {
                clearBar();
                err.println(step + ": " + result);
            }
            return;
        }
        err.println(" " + result);
    }

    /** A line of its own (warm-up, reference computation). */
    public void note(String text) {
        if (bar) {
            step = text;
            drawBar();
            return;
        }
        err.printf(Locale.ROOT, "%s[      %5.0fs] %s%n", pass, elapsed(), text);
    }

    private void drawBar() {
        int filled = total == 0 ? BAR_WIDTH : done * BAR_WIDTH / total;
        String line = String.format(Locale.ROOT, "[%s%s] %d/%d runs, %.0f s  %s", "#".repeat(filled),
                ".".repeat(BAR_WIDTH - filled), done, total, elapsed(), step);
        if (inPlace) {
            // One terminal line, padded so a shorter text covers a longer one drawn before it.
            err.print("\r" + fit(line, 100));
            err.flush();
            return;
        }
        int tenth = total == 0 ? 10 : done * 10 / total;
        if (tenth != lastTenth) {
            lastTenth = tenth;
            err.println(line);
        }
    }

    private void clearBar() {
        if (inPlace) {
            err.print("\r" + " ".repeat(100) + "\r");
            err.flush();
        }
    }

    private static String fit(String line, int width) {
        return line.length() >= width ? line.substring(0, width - 1) : line + " ".repeat(width - 1 - line.length());
    }

    static String passTag(String property) {
        return property == null || property.isBlank() ? "" : "[jvm " + property + "] ";
    }

    private double elapsed() {
        return (System.nanoTime() - start) / 1e9;
    }
}
