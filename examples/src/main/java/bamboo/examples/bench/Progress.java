package bamboo.examples.bench;

import java.io.PrintStream;
import java.util.Locale;

/** One line per run on standard error, so the table on standard output stays clean. */
public final class Progress {
    private final PrintStream err;
    private final int total;
    private final long start = System.nanoTime();
    private int done;

    public Progress(PrintStream err, int total) {
        this.err = err;
        this.total = total;
    }

    /** Announces a run before it starts. */
    public void starting(String what) {
        err.printf(Locale.ROOT, "[%3d/%d %5.0fs] %s ...", done + 1, total, elapsed(), what);
        err.flush();
    }

    /** Reports the end of the run announced last. */
    public void finished(String result) {
        done++;
        err.println(" " + result);
    }

    /** Announces a step that is not a counted run (a translation); {@link #ended} completes its line. */
    public void begin(String what) {
        err.printf(Locale.ROOT, "[      %5.0fs] %s ...", elapsed(), what);
        err.flush();
    }

    /** Completes the line of the step announced by {@link #begin}. */
    public void ended(String result) {
        err.println(" " + result);
    }

    /** A line of its own (warm-up, reference computation). */
    public void note(String text) {
        err.printf(Locale.ROOT, "[      %5.0fs] %s%n", elapsed(), text);
    }

    private double elapsed() {
        return (System.nanoTime() - start) / 1e9;
    }
}
