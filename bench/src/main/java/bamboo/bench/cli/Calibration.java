package bamboo.bench.cli;

/**
 * How much slower than the benchmark's interconnect the demo's must be for communication to take a given
 * share of the plain program's time on this machine.
 *
 * <p>Per sweep, each of the demo's two ranks sends one face of the grid ({@code 8 n^2} bytes) to the other
 * and waits for the other's: latency plus the face's bytes over the bandwidth, the whole exchange waited
 * for before the sweep computes. Scaling latency up and bandwidth down by the same factor keeps the
 * exchange's shape (its latency and byte parts in the benchmark's proportion) and scales its time.
 */
final class Calibration {
    private Calibration() {
    }

    /**
     * The factor to multiply the base latency (and divide the base bandwidth) by.
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
}
