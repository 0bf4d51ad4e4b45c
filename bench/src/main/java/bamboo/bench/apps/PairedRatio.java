package bamboo.bench.apps;

import java.util.Locale;

/**
 * A comparison of two interleaved series pair by pair, with the interval the targets use: the median of
 * {@code ours[i] / theirs[i]} (pair i ran in the same round) and {@link RoundBootstrap}'s 90% interval of
 * that median over resamples of the pairs. Public for the scripts that run their own interleaved A/B
 * (scripts/IdleAB.java), so that they report the same figure as {@code bench apps}' targets.
 *
 * @param median the median of the per-pair ratios (NaN without pairs)
 * @param low    the lower end of its interval (NaN with fewer than 2 pairs)
 * @param high   the upper end
 * @param pairs  how many pairs (the shorter series' length)
 */
public record PairedRatio(double median, double low, double high, int pairs) {

    /** The per-pair ratios of the first {@code min(ours.length, theirs.length)} pairs. */
    public static PairedRatio of(double[] ours, double[] theirs) {
        int n = Math.min(ours.length, theirs.length);
        double[] ratios = new double[n];
        for (int i = 0; i < n; i++) {
            ratios[i] = ours[i] / theirs[i];
        }
        double[] interval = RoundBootstrap.interval(n, p -> Row.median(RoundBootstrap.pick(ratios, p)));
        return new PairedRatio(Row.median(ratios), interval[0], interval[1], n);
    }

    /** {@code 0.952x [0.884x, 1.013x] (5 pairs)}; {@code -} without pairs. */
    public String format() {
        if (pairs == 0) {
            return "-";
        }
        String range = Double.isNaN(low) ? "no interval" : String.format(Locale.ROOT, "[%.3fx, %.3fx]", low, high);
        return String.format(Locale.ROOT, "%.3fx %s (%d %s)", median, range, pairs, pairs == 1 ? "pair" : "pairs");
    }
}
