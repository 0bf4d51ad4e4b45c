package bamboo.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What {@code bamboo demo} concludes from its interleaved runs: the median time of {@code basic},
 * {@code bamboo} and {@code nocomm}, the share of basic's time that is communication, and the share of
 * that the overlap hid, with the spread a reader needs to trust the figure.
 *
 * <p>Repeat i of the three variants ran back to back (the benchmark interleaves them), so each repeat
 * gives its own estimate {@code (basic_i - bamboo_i) / (basic_i - nocomm_i)}; their range is printed next
 * to the figure from the medians. A figure whose repeats range over 40 points is not one to quote, and
 * the summary says so instead of letting a single number stand.
 *
 * <p>When communication is a small part of basic's time (a machine loaded by other work slows compute,
 * not the simulated interconnect) the quotient divides noise by noise: below {@link #MIN_COMM_SHARE} no
 * hidden share is printed, only why and what to do.
 */
final class DemoSummary {
    /** Below this share of basic's time the communication is within the run-to-run noise of 2 cores. */
    static final double MIN_COMM_SHARE = 0.10;
    /** A spread of per-repeat estimates wider than this is called out as too wide to quote. */
    static final double WIDE_SPREAD = 0.40;

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
                    + " a slower interconnect, e.g. --latency 2ms --bandwidth 25MB/s", 100 * share, 100 * MIN_COMM_SHARE));
            return lines;
        }
        double[] each = perRepeatHidden();
        String spread = each.length == 0 ? "no repeat had basic slower than nocomm"
                : String.format(Locale.ROOT, "each repeat, sorted: %s", percents(each));
        lines.add(String.format(Locale.ROOT, "communication hidden: %.0f%% (from the medians; %s)", 100 * hidden, spread));
        if (each.length > 1 && each[each.length - 1] - each[0] > WIDE_SPREAD) {
            lines.add(String.format(Locale.ROOT, "note: the repeats range over %.0f points: the machine is too busy"
                    + " for one figure; more repeats (--repeat) or a quieter machine narrow it",
                    100 * (each[each.length - 1] - each[0])));
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
            sb.append(sb.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.0f%%", 100 * v));
        }
        return sb.toString();
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int m = v.length / 2;
        return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
    }

    private static double[] toArray(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
