package bamboo.bench.cli;

import bamboo.bench.apps.Row;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What {@code bamboo demo} concludes from its interleaved runs: the median time of {@code basic},
 * {@code bamboo} and {@code nocomm}, the share of basic's time that is communication, and the share of
 * that the overlap hid, with the spread a reader needs to trust the figure.
 *
 * <p>Repeat i of the three variants ran back to back (the benchmark interleaves them), so the repeats
 * are resampled as triples: the 10th-90th percentiles of the figure over bootstrap resamples give an 80%
 * interval for the figure from the medians, printed with it, and each repeat's own estimate
 * {@code (basic_i - bamboo_i) / (basic_i - nocomm_i)} is listed too. When the interval is wider than
 * {@link #WIDE_INTERVAL} the summary says the figure is not one to quote.
 *
 * <p>When communication is a small part of basic's time (a machine loaded by other work slows compute,
 * not the simulated interconnect) the quotient divides noise by noise: below {@link #MIN_COMM_SHARE} no
 * hidden share is printed, only why and what to do.
 */
final class DemoSummary {
    /** Below this share of basic's time the communication is within the run-to-run noise of 2 cores. */
    static final double MIN_COMM_SHARE = 0.10;
    /** An 80% interval of the figure wider than this is called out as too wide to quote. */
    static final double WIDE_INTERVAL = 0.30;
    /** The largest share a repeat's own estimate prints in digits (9.99 = 999%). */
    static final double SHARE_SHOWN = 9.99;
    /** Resamples of the bootstrap; a fixed seed, so the same times print the same interval. */
    private static final int RESAMPLES = 2000;
    private static final long SEED = 20261121L;

    private final double[] basic;
    private final double[] bamboo;
    private final double[] nocomm;

    /** @param basic, bamboo, nocomm every repeat's time in seconds, in the order they ran */
    DemoSummary(List<Double> basic, List<Double> bamboo, List<Double> nocomm) {
        if (basic.isEmpty() || bamboo.isEmpty() || nocomm.isEmpty()) {
            throw new IllegalArgumentException("every variant needs at least one time");
        }
        this.basic = toArray(basic);
        this.bamboo = toArray(bamboo);
        this.nocomm = toArray(nocomm);
    }

    double basicMedian() {
        return median(basic);
    }

    double bambooMedian() {
        return median(bamboo);
    }

    double nocommMedian() {
        return median(nocomm);
    }

    /** {@code (T_basic - T_nocomm) / T_basic} from the medians. */
    double commShare() {
        return (basicMedian() - nocommMedian()) / basicMedian();
    }

    /** {@code (T_basic - T_bamboo) / (T_basic - T_nocomm)} from the medians; NaN when communication is
     *  below {@link #MIN_COMM_SHARE} of basic's time. */
    double hidden() {
        if (!(commShare() >= MIN_COMM_SHARE)) {
            return Double.NaN;
        }
        return (basicMedian() - bambooMedian()) / (basicMedian() - nocommMedian());
    }

    /**
     * The 10th and 90th percentiles of the figure from the medians over bootstrap resamples of the repeats
     * (as triples: repeat i's three times stay together); NaNs when communication is not measurable or
     * too few resamples have any.
     */
    double[] interval() {
        int n = Math.min(basic.length, Math.min(bamboo.length, nocomm.length));
        if (Double.isNaN(hidden()) || n < 2) {
            return new double[] {Double.NaN, Double.NaN};
        }
        java.util.SplittableRandom random = new java.util.SplittableRandom(SEED);
        double[] b = new double[n], o = new double[n], c = new double[n];
        double[] figures = new double[RESAMPLES];
        int kept = 0;
        for (int r = 0; r < RESAMPLES; r++) {
            for (int i = 0; i < n; i++) {
                int pick = random.nextInt(n);
                b[i] = basic[pick];
                o[i] = bamboo[pick];
                c[i] = nocomm[pick];
            }
            double comm = median(b) - median(c);
            if (comm > 0) {
                figures[kept++] = (median(b) - median(o)) / comm;
            }
        }
        if (kept < RESAMPLES / 2) {
            return new double[] {Double.NaN, Double.NaN};
        }
        double[] sorted = Arrays.copyOf(figures, kept);
        Arrays.sort(sorted);
        return new double[] {sorted[(int) (0.10 * (kept - 1))], sorted[(int) Math.ceil(0.90 * (kept - 1))]};
    }

    /** One estimate per repeat that all three variants completed and whose basic was slower than its
     *  nocomm; sorted. */
    double[] perRepeatHidden() {
        int n = Math.min(basic.length, Math.min(bamboo.length, nocomm.length));
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double comm = basic[i] - nocomm[i];
            if (comm > 0) {
                out.add((basic[i] - bamboo[i]) / comm);
            }
        }
        double[] v = toArray(out);
        Arrays.sort(v);
        return v;
    }

    /** The lines the demo prints after the benchmark's table. */
    List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add(timeLine("basic", basic));
        lines.add(timeLine("bamboo", bamboo));
        lines.add(timeLine("nocomm", nocomm));
        double share = commShare();
        lines.add(String.format(Locale.ROOT, "communication: %.0f%% of basic's time (basic vs nocomm)", 100 * share));
        double hidden = hidden();
        if (Double.isNaN(hidden)) {
            lines.add(String.format(Locale.ROOT, "communication hidden: not measurable here: communication is %.0f%% of"
                    + " basic's time, below the %.0f%% that runs on a busy 2-core machine can resolve (other work"
                    + " slows the computation, not the simulated interconnect); rerun on a quieter machine or with"
                    + " a slower interconnect (--latency, --bandwidth: e.g. 2ms and 25MB/s at load 10-20, 5ms and"
                    + " 12MB/s above)", 100 * share, 100 * MIN_COMM_SHARE));
            return lines;
        }
        double[] range = interval();
        double[] each = perRepeatHidden();
        String spread = Double.isNaN(range[0]) ? "too few repeats for an interval"
                : String.format(Locale.ROOT, "80%% interval over the repeats %.0f-%.0f%%", 100 * range[0], 100 * range[1]);
        lines.add(String.format(Locale.ROOT, "communication hidden: %.0f%% (from the medians; %s)", 100 * hidden, spread));
        if (each.length > 0) {
            lines.add(String.format(Locale.ROOT, "each repeat alone, sorted: %s", percents(each)));
        }
        if (!Double.isNaN(range[0]) && range[1] - range[0] > WIDE_INTERVAL) {
            lines.add(String.format(Locale.ROOT, "note: the interval spans %.0f points: the machine is too busy"
                    + " for one figure; more repeats (--repeat) or a quieter machine narrow it",
                    100 * (range[1] - range[0])));
        }
        return lines;
    }

    private static String timeLine(String variant, double[] times) {
        double[] sorted = times.clone();
        Arrays.sort(sorted);
        return String.format(Locale.ROOT, "%-8s %7.3f s  (median of %d; %.3f-%.3f s)", variant + ":", median(times),
                times.length, sorted[0], sorted[sorted.length - 1]);
    }

    private static String percents(double[] sorted) {
        StringBuilder sb = new StringBuilder();
        for (double v : sorted) {
            sb.append(sb.length() == 0 ? "" : ", ").append(percent(v));
        }
        return sb.toString();
    }

    /** A repeat whose basic and nocomm times nearly tie divides by almost nothing: its share says only
     *  that it is far beyond the scale, so it prints as {@code >999%} rather than as digits. */
    static String percent(double share) {
        if (share > SHARE_SHOWN) {
            return ">999%";
        }
        if (share < -SHARE_SHOWN) {
            return "<-999%";
        }
        return String.format(Locale.ROOT, "%.0f%%", 100 * share);
    }

    private static double median(double[] values) {
        return Row.median(values);
    }

    private static double[] toArray(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
