package bamboo.bench.apps;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.ToDoubleFunction;

/**
 * The interval of a figure computed from interleaved rows, by a bootstrap over rounds: repeat i of every
 * row of an application ran in the same round (the benchmark runs repeat 1 of every variant, then repeat
 * 2, ...), so a resample picks rounds with replacement and keeps each round's times together, which keeps
 * the load a round shared out of the comparison. The interval is the 5th to 95th percentile of the figure
 * over the resamples (a 90% percentile interval).
 *
 * <p>The seed is fixed: the same times always give the same interval, so a verdict computed twice from one
 * results.csv is the same verdict. A resample whose figure is undefined (NaN: e.g. basic not slower than
 * nocomm in it) counts against both ends: as minus infinity for the lower end and plus infinity for the
 * upper, so a figure that is often undefined gets an unbounded interval rather than one from the lucky
 * resamples.
 *
 * <p>Limit: percentile intervals of a median from 5 to 9 repeats are coarse and cover less than their
 * nominal 90%; with 5 pairs the interval of a median per-pair ratio is the pairs' whole range.
 */
final class RoundBootstrap {
    /** Resamples per interval. */
    static final int RESAMPLES = 4000;
    /** The share of resamples inside the interval. */
    static final double LEVEL = 0.90;
    private static final long SEED = 20261121L;

    private RoundBootstrap() {
    }

    /**
     * The interval of {@code figure} over resamples of {@code rounds} rounds.
     *
     * @param figure given the rounds picked (indices, with repetition), the figure from those rounds' times
     * @return {low, high}; NaNs with fewer than 2 rounds
     */
    static double[] interval(int rounds, ToDoubleFunction<int[]> figure) {
        return run(rounds, figure).bounds();
    }

    /** The interval and how many resamples had no figure. */
    record Result(double low, double high, int undefined) {
        double[] bounds() {
            return new double[] {low, high};
        }

        /** The share of resamples without a figure. */
        double undefinedShare() {
            return (double) undefined / RESAMPLES;
        }
    }

    /** As {@link #interval}, with the count of resamples whose figure was undefined. */
    static Result run(int rounds, ToDoubleFunction<int[]> figure) {
        if (rounds < 2) {
            return new Result(Double.NaN, Double.NaN, 0);
        }
        int undefined = 0;
        SplittableRandom random = new SplittableRandom(SEED);
        int[] picks = new int[rounds];
        double[] lows = new double[RESAMPLES];
        double[] highs = new double[RESAMPLES];
        for (int r = 0; r < RESAMPLES; r++) {
            for (int i = 0; i < rounds; i++) {
                picks[i] = random.nextInt(rounds);
            }
            double f = figure.applyAsDouble(picks);
            undefined += Double.isNaN(f) ? 1 : 0;
            lows[r] = Double.isNaN(f) ? Double.NEGATIVE_INFINITY : f;
            highs[r] = Double.isNaN(f) ? Double.POSITIVE_INFINITY : f;
        }
        Arrays.sort(lows);
        Arrays.sort(highs);
        double tail = (1 - LEVEL) / 2;
        return new Result(lows[(int) Math.floor(tail * (RESAMPLES - 1))],
                highs[(int) Math.ceil((1 - tail) * (RESAMPLES - 1))], undefined);
    }

    /** {@code values} at the picked rounds. */
    static double[] pick(double[] values, int[] picks) {
        double[] out = new double[picks.length];
        for (int i = 0; i < picks.length; i++) {
            out[i] = values[picks[i]];
        }
        return out;
    }
}
