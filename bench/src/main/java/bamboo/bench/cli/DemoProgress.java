package bamboo.bench.cli;

import java.io.PrintStream;
import java.util.Locale;

/**
 * What the demo shows while it runs, on standard error: on a terminal one line redrawn in place (the step
 * under way and the runs so far); elsewhere (a log, a pipe) nothing per step, so a captured run stays a
 * few lines. With {@code --verbose}, a line per run on the given stream instead.
 */
final class DemoProgress {
    private static final int WIDTH = 100;
    private final PrintStream err;
    private final PrintStream perRun;
    private final boolean inPlace;
    private final long start = System.nanoTime();
    private int runs;
    private String step = "";
    private boolean drawn;

    /** @param perRun where a line per run goes ({@code --verbose}), or null for the redrawn line only */
    DemoProgress(PrintStream err, PrintStream perRun) {
        this(err, perRun, System.console() != null);
    }

    DemoProgress(PrintStream err, PrintStream perRun, boolean terminal) {
        this.err = err;
        this.perRun = perRun;
        this.inPlace = terminal && perRun == null;
    }

    /** The step under way, e.g. "calibrating the interconnect, step 2". */
    void step(String what) {
        step = what;
        draw();
    }

    /** A run ended: {@code variant} in {@code phase} took {@code seconds}. */
    void ran(String variant, String phase, double seconds) {
        runs++;
        if (perRun != null) {
            perRun.printf(Locale.ROOT, "  [%3.0f s] %-10s %-11s %.4f s%n", elapsed(), variant, phase, seconds);
            perRun.flush();
        }
        draw();
    }

    /** Clears the line before the report is printed. */
    void done() {
        if (inPlace && drawn) {
            err.print("\r" + " ".repeat(WIDTH) + "\r");
            err.flush();
            drawn = false;
        }
    }

    private void draw() {
        if (!inPlace) {
            return;
        }
        String line = String.format(Locale.ROOT, "[%3.0f s, %d runs] %s", elapsed(), runs, step);
        err.print("\r" + (line.length() >= WIDTH ? line.substring(0, WIDTH - 1) : line + " ".repeat(WIDTH - 1 - line.length())));
        err.flush();
        drawn = true;
    }

    private double elapsed() {
        return (System.nanoTime() - start) / 1e9;
    }
}
