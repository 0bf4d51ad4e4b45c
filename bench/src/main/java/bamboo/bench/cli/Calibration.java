package bamboo.bench.cli;

import bamboo.bench.apps.Row;

/**
 * How slow the demo's interconnect must be for communication to take a given share of the plain
 * program's time on this machine: a first guess from a model of the exchange, then corrections from what
 * the runs measure.
 *
 * <p>Per sweep, each of the demo's two ranks sends one face of the grid ({@code 8 n^2} bytes) to the other
 * and waits for the other's: latency plus the face's bytes over the bandwidth. Scaling latency up and
 * bandwidth down by the same factor keeps the exchange's shape (its latency and byte parts in the
 * benchmark's proportion) and scales its time. The model leaves out what the shim overlaps by itself and
 * what a run costs beyond the exchange, so the share it predicts is not the share measured: the demo
 * measures basic and the bound at a scale and corrects the scale ({@link #next}) until the measured
 * share is within {@link #TOLERANCE} of the one asked for.
 */
final class Calibration {
    /** How far (in share of basic's time) the measured share may be from the one asked for: a few points
     *  off, the demo's speed-up and hidden share move by about as many. */
    static final double TOLERANCE = 0.025;
    /** The largest correction of one step, either way: one noisy measurement cannot throw the scale far. */
    static final double MAX_STEP = 4;
    /** How far each round's share must be from the one asked for before the demo re-fits the interconnect:
     *  wider than {@link #TOLERANCE}, as one round measures it less precisely than a step's medians. */
    static final double REFIT_TOLERANCE = 0.05;
    /** The largest correction of one re-fit, either way. */
    static final double MAX_REFIT = 1.5;

    private Calibration() {
    }

    /**
     * The first guess: the factor to multiply the base latency (and divide the base bandwidth) by.
     *
     * @param computeSeconds one sweep's time with communication free
     * @param share          the share of the plain program's time communication should take, in (0, 1)
     * @param grid           points per axis of the cubic grid
     */
    static double scale(double computeSeconds, double share, int grid, long baseLatencyNanos, double baseBandwidth) {
        if (!(computeSeconds > 0) || !(share > 0 && share < 1)) {
            throw new IllegalArgumentException("compute time " + computeSeconds + " s, share " + share);
        }
        double base = baseLatencyNanos / 1e9 + 8.0 * grid * grid / baseBandwidth;
        double wanted = computeSeconds * share / (1 - share);
        return wanted / base;
    }

    /** The share of basic's time spent communicating, {@code (basic - bound) / basic}, from their medians. */
    static double measuredShare(double basic, double bound) {
        return (basic - bound) / basic;
    }

    /** Whether the measured share is close enough to {@code share}. */
    static boolean onTarget(double basic, double bound, double share) {
        return Math.abs(measuredShare(basic, bound) - share) <= TOLERANCE;
    }

    /**
     * The next scale to try, from every step so far: step i ran at {@code scales[i]} and measured
     * {@code comms[i]} seconds of communication (basic minus the bound). Communication's time is taken to
     * be {@code a + b * scale} (its cost beyond the modelled exchange, e.g. a rank's wake-up after a wait,
     * does not scale), fitted by least squares once two scales differ, else {@code b * scale}; the result
     * is the scale at which that line gives {@code wantedComm}, at most {@link #MAX_STEP} times the last
     * scale either way (and that much up when no communication was seen at all).
     */
    static double next(double[] scales, double[] comms, double wantedComm) {
        int n = scales.length;
        double last = scales[n - 1];
        double guess = Double.NaN;
        double ms = 0, mc = 0;
        for (int i = 0; i < n; i++) {
            ms += scales[i] / n;
            mc += comms[i] / n;
        }
        double sxx = 0, sxy = 0;
        for (int i = 0; i < n; i++) {
            sxx += (scales[i] - ms) * (scales[i] - ms);
            sxy += (scales[i] - ms) * (comms[i] - mc);
        }
        if (n >= 2 && sxx > 1e-12 * ms * ms && sxy > 0) {
            double b = sxy / sxx;
            guess = (wantedComm - (mc - b * ms)) / b;
        } else if (comms[n - 1] > 0) {
            guess = last * wantedComm / comms[n - 1];
        }
        if (!(guess > 0)) {
            return last * MAX_STEP;
        }
        return Math.max(last / MAX_STEP, Math.min(last * MAX_STEP, guess));
    }

    /**
     * The scale for the rounds that follow a check of the share they run at. The rounds' interconnect is
     * re-fitted only when every one of them measured a share more than {@link #REFIT_TOLERANCE} off
     * {@code share}, all on the same side: on a busy machine one round's share swings by more than that
     * either way, and a re-fit on such noise would chase it. The new scale is the one the rounds' medians
     * ask for, taking communication to grow in proportion to the scale (near the calibrated scale its
     * offset is small), at most {@link #MAX_REFIT} times {@code scale} either way.
     *
     * @param basic the rounds' basic times at {@code scale}, in the order they ran
     * @param bound the same rounds' bound times
     */
    static double refit(double scale, double[] basic, double[] bound, double share) {
        int above = 0, below = 0;
        for (int i = 0; i < basic.length; i++) {
            double off = measuredShare(basic[i], bound[i]) - share;
            above += off > REFIT_TOLERANCE ? 1 : 0;
            below += off < -REFIT_TOLERANCE ? 1 : 0;
        }
        if (basic.length == 0 || (above < basic.length && below < basic.length)) {
            return scale;
        }
        double comm = Row.median(basic) - Row.median(bound);
        if (!(comm > 0)) {
            return scale * MAX_REFIT;
        }
        double wanted = scale * wantedComm(Row.median(bound), share) / comm;
        return Math.max(scale / MAX_REFIT, Math.min(scale * MAX_REFIT, wanted));
    }

    /** The communication time that makes it {@code share} of basic's time when the bound takes {@code bound}. */
    static double wantedComm(double bound, double share) {
        return bound * share / (1 - share);
    }

    /** The index of the share closest to {@code share}: the step whose interconnect the demo keeps. */
    static int closest(double[] shares, double share) {
        int best = 0;
        for (int i = 1; i < shares.length; i++) {
            if (Math.abs(shares[i] - share) < Math.abs(shares[best] - share)) {
                best = i;
            }
        }
        return best;
    }
}
