package bamboo.bench.cli;

/**
 * When the demo has measured enough: its rounds (basic, translated, bound back to back) go on until the
 * 80% interval of the hidden share is narrower than {@code width}, after at least {@code minRounds} and at
 * most {@code maxRounds} rounds, or until {@code capSeconds} of measuring have passed. A quiet machine
 * reaches the width in a few rounds; a busy one spreads its runs, and the cap bounds how long it tries.
 * {@code --repeat N} fixes the rounds instead ({@link #fixed}).
 *
 * @param minRounds  rounds before the interval is trusted to say anything
 * @param maxRounds  rounds at most
 * @param width      the interval's width (a share: 0.15 = 15 points) that ends the measurement
 * @param capSeconds the measurement's time after which no new round starts
 */
record DemoSchedule(int minRounds, int maxRounds, double width, double capSeconds) {

    /** Exactly {@code rounds} rounds, however wide the interval. */
    static DemoSchedule fixed(int rounds) {
        return new DemoSchedule(rounds, rounds, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);
    }

    /**
     * Whether to stop after {@code rounds} rounds that took {@code elapsedSeconds}, their interval being
     * {@code interval} (NaNs when there is none yet).
     */
    boolean done(int rounds, double[] interval, double elapsedSeconds) {
        if (rounds >= maxRounds) {
            return true;
        }
        if (rounds < minRounds) {
            return false;
        }
        boolean narrow = !Double.isNaN(interval[0]) && interval[1] - interval[0] < width;
        return narrow || elapsedSeconds >= capSeconds;
    }
}
