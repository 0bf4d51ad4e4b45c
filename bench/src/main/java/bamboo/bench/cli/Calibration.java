package bamboo.bench.cli;

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
    /** How far (in share of basic's time) the measured share may be from the one asked for. */
    static final double TOLERANCE = 0.04;
    /** The largest correction of one step, either way: one noisy measurement cannot throw the scale far. */
    static final double MAX_STEP = 4;

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
     * The corrected scale after basic and the bound measured {@code basic} and {@code bound} seconds at
     * {@code scale}: communication's time grows with the scale, so the scale is multiplied by the ratio of
     * the communication time wanted ({@code bound * share / (1 - share)}) to the time measured, by at most
     * {@link #MAX_STEP} either way (and by that much up when no communication was seen at all).
     */
    static double next(double scale, double basic, double bound, double share) {
        double comm = basic - bound;
        double wanted = bound * share / (1 - share);
        double factor = comm > 0 ? wanted / comm : MAX_STEP;
        return scale * Math.max(1 / MAX_STEP, Math.min(MAX_STEP, factor));
    }
}
