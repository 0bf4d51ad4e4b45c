package bamboo.bench.apps;

import java.io.PrintStream;
import java.util.Locale;

/** One line per run on standard error, so the table on standard output stays clean. */
public final class Progress {
    private final PrintStream err;
    private final int total;
    private final long start = System.nanoTime();
    private int done;
    /** "[jvm 2/4] " in a pass that {@code --jvms} started ({@link JvmPasses#PASS_PROPERTY}), else "". */
    private final String pass = passTag(System.getProperty(JvmPasses.PASS_PROPERTY));

    public Progress(PrintStream err, int total) {
        this.err = err;
        this.total = total;
    }

    /** Announces a run before it starts. */
    public void starting(String what) {
        err.printf(Locale.ROOT, "%s[%3d/%d %5.0fs] %s ...", pass, done + 1, total, elapsed(), what);
        err.flush();
    }

    /** Reports the end of the run announced last. */
    public void finished(String result) {
        done++;
        err.println(" " + result);
    }

    /** Announces a step that is not a counted run (a translation); {@link #ended} completes its line. */
    public void begin(String what) {
        err.printf(Locale.ROOT, "%s[      %5.0fs] %s ...", pass, elapsed(), what);
        err.flush();
    }

    /** Completes the line of the step announced by {@link #begin}. */
    public void ended(String result) {
        err.println(" " + result);
    }

    /** A line of its own (warm-up, reference computation). */
    public void note(String text) {
        err.printf(Locale.ROOT, "%s[      %5.0fs] %s%n", pass, elapsed(), text);
    }

    static String passTag(String property) {
        return property == null || property.isBlank() ? "" : "[jvm " + property + "] ";
    }

    private double elapsed() {
        return (System.nanoTime() - start) / 1e9;
    }
}
