package bamboo.bench.cli;

import bamboo.bench.apps.Row;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * What {@code bamboo demo} concludes from its interleaved runs: the median time of {@code basic},
 * {@code translated} and {@code bound} (basic with communication free), the speed-up, and the share of
 * basic's communication the translation hid, {@code (basic - translated) / (basic - bound)}, with an 80%
 * interval a reader can trust it by.
 *
 * <p>Repeat i of the three variants ran back to back, so the repeats are resampled as triples: the
 * 10th-90th percentiles of the figure over bootstrap resamples give the interval. When communication is
 * too small a part of basic's time to measure, or the interval too wide to quote, the summary says so and
 * why, instead of a figure.
 */
final class DemoSummary {
    /** Below this share of basic's time communication is within the run-to-run noise of a busy machine. */
    static final double MIN_COMM_SHARE = 0.15;
    /** An 80% interval wider than this is too wide to quote as one figure. */
    static final double WIDE_INTERVAL = 0.25;
    /** A load average above this many times the cores counts as a busy machine. */
    static final double BUSY_LOAD_PER_CORE = 1.5;
    private static final int RESAMPLES = 2000;
    /** A fixed seed, so the same times print the same interval. */
    private static final long SEED = 20261121L;

    private final double[] basic;
    private final double[] translated;
    private final double[] bound;
    private final int tasksPerNode;

    /** @param basic, translated, bound every repeat's time in seconds, in the order they ran */
    DemoSummary(List<Double> basic, List<Double> translated, List<Double> bound, int tasksPerNode) {
        if (basic.isEmpty() || translated.isEmpty() || bound.isEmpty()) {
            throw new IllegalArgumentException("every variant needs at least one time");
        }
        this.basic = toArray(basic);
        this.translated = toArray(translated);
        this.bound = toArray(bound);
        this.tasksPerNode = tasksPerNode;
    }

    int tasksPerNode() {
        return tasksPerNode;
    }

    double basicMedian() {
        return Row.median(basic);
    }

    double translatedMedian() {
        return Row.median(translated);
    }

    double boundMedian() {
        return Row.median(bound);
    }

    /** Basic's time over translated's, from the medians. */
    double speedup() {
        return basicMedian() / translatedMedian();
    }

    /** {@code (T_basic - T_bound) / T_basic} from the medians. */
    double commShare() {
        return (basicMedian() - boundMedian()) / basicMedian();
    }

    /** {@code (T_basic - T_translated) / (T_basic - T_bound)} from the medians; NaN when communication is
     *  below {@link #MIN_COMM_SHARE} of basic's time. */
    double hidden() {
        if (!(commShare() >= MIN_COMM_SHARE)) {
            return Double.NaN;
        }
        return (basicMedian() - translatedMedian()) / (basicMedian() - boundMedian());
    }

    /** The 10th and 90th percentiles of the hidden share over bootstrap resamples of the repeats (kept as
     *  triples); NaNs when it is not measurable or too few resamples have any communication. */
    double[] interval() {
        int n = Math.min(basic.length, Math.min(translated.length, bound.length));
        if (Double.isNaN(hidden()) || n < 2) {
            return new double[] {Double.NaN, Double.NaN};
        }
        SplittableRandom random = new SplittableRandom(SEED);
        double[] b = new double[n], t = new double[n], c = new double[n];
        double[] figures = new double[RESAMPLES];
        int kept = 0;
        for (int r = 0; r < RESAMPLES; r++) {
            for (int i = 0; i < n; i++) {
                int pick = random.nextInt(n);
                b[i] = basic[pick];
                t[i] = translated[pick];
                c[i] = bound[pick];
            }
            double comm = Row.median(b) - Row.median(c);
            if (comm > 0) {
                figures[kept++] = (Row.median(b) - Row.median(t)) / comm;
            }
        }
        if (kept < RESAMPLES / 2) {
            return new double[] {Double.NaN, Double.NaN};
        }
        double[] sorted = Arrays.copyOf(figures, kept);
        Arrays.sort(sorted);
        return new double[] {sorted[(int) (0.10 * (kept - 1))], sorted[(int) Math.ceil(0.90 * (kept - 1))]};
    }

    /**
     * The lines the demo prints.
     *
     * @param cores the machine's cores
     * @param load  the highest load average seen during the runs, or NaN where the platform has none
     */
    List<String> lines(int cores, double load) {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "Median of %d runs each, every run verified against a sequential computation:",
                Math.min(basic.length, Math.min(translated.length, bound.length))));
        lines.add(String.format(Locale.ROOT, "  basic       %6.3f s  the plain program: each sweep waits for its halo exchange",
                basicMedian()));
        lines.add(String.format(Locale.ROOT, "  translated  %6.3f s  the same program with @Bamboo annotations, translated to"
                + " %d tasks per node", translatedMedian(), tasksPerNode));
        lines.add(String.format(Locale.ROOT, "  bound       %6.3f s  basic with communication free: no overlap can beat it",
                boundMedian()));
        double share = commShare();
        double hidden = hidden();
        String busy = busy(cores, load);
        if (Double.isNaN(hidden)) {
            lines.add(String.format(Locale.ROOT, "Not measurable here: communication was %.0f%% of basic's time, too little"
                    + " to tell from the noise%s.", 100 * share, busy.isEmpty() ? "" : " (" + busy + ")"));
            lines.add("Rerun when the machine is quieter, or with a slower interconnect (--latency, --bandwidth).");
            return lines;
        }
        lines.add(String.format(Locale.ROOT, "Speed-up: %.2fx over basic (the bound allows %.2fx).", speedup(),
                basicMedian() / boundMedian()));
        double[] range = interval();
        String spread = Double.isNaN(range[0]) ? "too few runs for an interval"
                : String.format(Locale.ROOT, "80%% interval %.0f-%.0f%%", 100 * range[0], 100 * range[1]);
        lines.add(String.format(Locale.ROOT, "Communication hidden: %.0f%% (%s) of the %.3f s basic spends communicating"
                + " (%.0f%% of its time).", 100 * hidden, spread, basicMedian() - boundMedian(), 100 * share));
        boolean wide = !Double.isNaN(range[0]) && range[1] - range[0] > WIDE_INTERVAL;
        if (wide || !(range[0] > 0)) {
            lines.add(String.format(Locale.ROOT, "The runs varied too much for one figure%s: rerun when the machine is"
                    + " quieter, or with more runs (--repeat).", busy.isEmpty() ? "" : " (" + busy + ")"));
        } else if (hidden > 0) {
            lines.add("The translated program computes while its messages travel, so " + (hidden >= 0.5 ? "most"
                    : "part") + " of basic's waiting is gone.");
        }
        return lines;
    }

    /** "the machine was busy: load average L on N cores", or "" when it was not (or the load is unknown). */
    static String busy(int cores, double load) {
        if (Double.isNaN(load) || load <= BUSY_LOAD_PER_CORE * cores) {
            return "";
        }
        return String.format(Locale.ROOT, "the machine was busy: load average %.0f on %d cores", load, cores);
    }

    private static double[] toArray(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
