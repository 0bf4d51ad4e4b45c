package bamboo.bench.apps;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The spread of a comparison run pair by pair: repeat {@code i} of one side ran right next to repeat
 * {@code i} of the other (interleaved, order alternating), so {@code ours[i] / theirs[i]} is one
 * measurement of the ratio under whatever load the machine had at that moment. Their median is a
 * second estimate of the ratio beside the ratio of the medians; their min and max say how far one pass
 * can be trusted (on a shared machine a single ratio of medians moves by 0.3 or more between passes).
 *
 * @param median the median of the per-pair ratios
 * @param min    the smallest
 * @param max    the largest
 * @param pairs  how many pairs (the shorter side's count: a side that failed part-way has fewer runs)
 */
public record PairRatios(double median, double min, double max, int pairs) {

    /** The per-pair ratios {@code ours[i] / theirs[i]}; NaN figures and no pairs when either side is empty. */
    public static PairRatios of(List<Double> ours, List<Double> theirs) {
        int n = Math.min(ours.size(), theirs.size());
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
            r[i] = ours.get(i) / theirs.get(i);
        }
        Arrays.sort(r);
        if (n == 0) {
            return new PairRatios(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        return new PairRatios(Row.median(r), r[0], r[n - 1], n);
    }

    /** {@code 0.95x [0.81-1.12]}, or {@code -} without pairs. */
    public String format() {
        return pairs == 0 ? "-" : String.format(Locale.ROOT, "%.2fx [%.2f-%.2f]", median, min, max);
    }
}
