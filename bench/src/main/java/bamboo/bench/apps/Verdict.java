package bamboo.bench.apps;

/**
 * One target judged for one application.
 *
 * @param app    the application
 * @param target the target
 * @param figure the figure the target bounds (NaN when not measured)
 * @param low    the lower end of its interval ({@link RoundBootstrap}; NaN without one, -inf when undefined
 *               resamples reach into the tail)
 * @param high   the upper end of its interval
 * @param kind   the verdict, by {@link Target#judge}
 * @param rounds how many repeats the figure and interval come from (0 when not measured)
 * @param detail what was compared (which rows, which k), or why the target was not measured
 */
public record Verdict(String app, Target target, double figure, double low, double high, Kind kind, int rounds,
                      String detail) {

    /** What a run says about a target. */
    public enum Kind {
        /** The figure and its whole interval are on the good side of the bound. */
        MET("MET"),
        /** The figure and its whole interval are on the bad side. */
        NOT_MET("NOT MET"),
        /** The interval straddles the bound (or there is none): this run cannot tell. */
        UNDECIDED("UNDECIDED"),
        /** The rows the target needs are not in this run (not selected, skipped or failed). */
        NOT_MEASURED("NOT MEASURED");

        private final String text;

        Kind(String text) {
            this.text = text;
        }

        /** As printed and written to {@code targets.csv}. */
        public String text() {
            return text;
        }
    }

    /** A target this run has no rows for. */
    static Verdict notMeasured(String app, Target target, String why) {
        return new Verdict(app, target, Double.NaN, Double.NaN, Double.NaN, Kind.NOT_MEASURED, 0, why);
    }

    /** A target judged from a figure and its interval. */
    static Verdict judged(String app, Target target, double figure, double[] interval, int rounds, String detail) {
        return new Verdict(app, target, figure, interval[0], interval[1], target.judge(figure, interval[0],
                interval[1]), rounds, detail);
    }
}
