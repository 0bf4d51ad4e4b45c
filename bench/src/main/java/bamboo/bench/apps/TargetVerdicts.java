package bamboo.bench.apps;

import bamboo.cli.launch.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The targets judged from a benchmark's own rows, the same way every time (no I/O here; the
 * printing is {@link TargetTable}'s):
 * <ol>
 *   <li>{@link Target#HIDDEN} on jacobi3d and Cannon: the table's hidden share of bamboo at its best k,
 *       from the medians of basic, nocomm and that row;</li>
 *   <li>{@link Target#FASTER_THAN_SPLITPHASE}, {@link Target#FASTER_THAN_OVERSUBSCRIBED},
 *       {@link Target#FASTER_THAN_VIRTUAL} on jacobi3d and Cannon: the median of the per-pair ratios
 *       {@code bamboo_i / other_i}, bamboo and the other variant each at its own best k;</li>
 *   <li>{@link Target#ZERO_COST} on every application, when basic ran at latency 0 and infinite bandwidth
 *       and a bamboo row has as many tasks as basic has ranks (k = cores per node, k=1 by default): the
 *       median of {@code bamboo_i / basic_i};</li>
 *   <li>{@link Target#MPJ_EXPRESS} on every application: the median of {@code ours_i / mpj_i} over the rows
 *       {@code nocomm-child} and {@code mpj-express} (both in child JVMs).</li>
 * </ol>
 * Every interval is {@link RoundBootstrap}'s over the rounds the rows share; every verdict is
 * {@link Target#judge}'s.
 *
 * <p><b>Best k</b> is the row with the smallest median time among a variant's rows with figures (ties: the
 * smaller k). Picking the fastest of several noisy medians favours the variant (the winner of three
 * draws is on average luckier than any one draw), and the interval is computed for the chosen row as if
 * it had been fixed in advance: both make the hiding and faster-than verdicts somewhat optimistic for
 * whichever side has more k to choose from.
 *
 * <p>A run with both ways of loading classes ({@code --compare-classes}) is judged on its steady-state
 * rows; a {@code --fresh-classes} run on its fresh ones.
 */
public final class TargetVerdicts {
    /** The applications the hiding and faster-than targets name */
    static final List<String> OVERLAP_APPS = List.of("jacobi3d", "cannon");

    private TargetVerdicts() {
    }

    /** Every target for every application of {@code table}, application by application in table order. */
    public static List<Verdict> judge(ResultTable table) {
        List<Verdict> out = new ArrayList<>();
        for (String app : table.apps()) {
            if (OVERLAP_APPS.contains(app)) {
                out.add(hidden(table, app));
                out.add(faster(table, app, "splitphase", Target.FASTER_THAN_SPLITPHASE));
                out.add(faster(table, app, "oversubscribed", Target.FASTER_THAN_OVERSUBSCRIBED));
                out.add(faster(table, app, "virtual", Target.FASTER_THAN_VIRTUAL));
            }
            out.add(zeroCost(table, app));
            out.add(mpj(table, app));
        }
        return out;
    }

    static Verdict hidden(ResultTable table, String app) {
        Target t = Target.HIDDEN;
        Choice bamboo = best(table, app, "bamboo");
        Choice basic = best(table, app, "basic");
        Choice nocomm = best(table, app, "nocomm");
        String missing = missing(bamboo, basic, nocomm);
        if (missing != null) {
            return Verdict.notMeasured(app, t, missing);
        }
        double[] b = times(basic.row);
        double[] x = times(bamboo.row);
        double[] c = times(nocomm.row);
        int rounds = Math.min(b.length, Math.min(x.length, c.length));
        String detail = String.format(Locale.ROOT, "%s %.4f s%s, basic %.4f s, nocomm %.4f s", bamboo.label(),
                bamboo.row.median(), bamboo.fastestOf(), basic.row.median(), nocomm.row.median());
        double figure = hiddenOf(b, x, c);
        if (Double.isNaN(figure)) {
            return new Verdict(app, t, Double.NaN, Double.NaN, Double.NaN, Verdict.Kind.UNDECIDED, rounds,
                    detail + ": basic not slower than nocomm, no communication to hide was measured");
        }
        RoundBootstrap.Result interval = RoundBootstrap.run(rounds, p -> hiddenOf(RoundBootstrap.pick(b, p),
                RoundBootstrap.pick(x, p), RoundBootstrap.pick(c, p)));
        if (interval.undefined() > 0) {
            detail += String.format(Locale.ROOT, "; basic not slower than nocomm in %.0f%% of the resamples",
                    100 * interval.undefinedShare());
        }
        return Verdict.judged(app, t, figure, interval.bounds(), rounds, detail);
    }

    static Verdict faster(ResultTable table, String app, String variant, Target t) {
        Choice bamboo = best(table, app, "bamboo");
        Choice other = best(table, app, variant);
        String missing = missing(bamboo, other);
        if (missing != null) {
            return Verdict.notMeasured(app, t, missing);
        }
        return perPair(app, t, bamboo, other, bamboo.label() + bamboo.fastestOf() + " / " + other.label()
                + other.fastestOf());
    }

    static Verdict zeroCost(ResultTable table, String app) {
        Target t = Target.ZERO_COST;
        Choice basic = best(table, app, "basic");
        if (basic.row == null) {
            return Verdict.notMeasured(app, t, basic.why);
        }
        RunPlan p = basic.row.plan();
        if (p.latencyNanos() != 0 || !Double.isInfinite(p.bandwidth())) {
            return Verdict.notMeasured(app, t, "needs a run at --latency 0 --bandwidth inf (this one: "
                    + Units.formatLatency(p.latencyNanos()) + ", " + Units.formatBandwidth(p.bandwidth()) + ")");
        }
        String needed = "bamboo k=" + p.coresPerNode();
        Choice bamboo = select(table, app, "bamboo", r -> r.plan().np() == p.np(), needed
                + " (as many tasks as basic has ranks)");
        if (bamboo.row == null) {
            return Verdict.notMeasured(app, t, bamboo.why);
        }
        return perPair(app, t, bamboo, basic, bamboo.label() + " / basic");
    }

    static Verdict mpj(ResultTable table, String app) {
        Target t = Target.MPJ_EXPRESS;
        Choice peer = select(table, app, MpjPeer.VARIANT, r -> true, MpjPeer.VARIANT);
        Choice ours = select(table, app, MpjPeer.OURS_VARIANT, r -> true, MpjPeer.OURS_VARIANT);
        String missing = missing(peer, ours);
        if (missing != null) {
            return Verdict.notMeasured(app, t, missing);
        }
        return perPair(app, t, ours, peer, MpjPeer.OURS_VARIANT + " / " + MpjPeer.VARIANT + " (both in child JVMs)");
    }

    /** The median of the per-pair ratios {@code ours_i / theirs_i} and its interval ({@link PairedRatio}). */
    private static Verdict perPair(String app, Target t, Choice ours, Choice theirs, String what) {
        PairedRatio r = PairedRatio.of(times(ours.row), times(theirs.row));
        String detail = String.format(Locale.ROOT, "%s, per pair (medians %.4f / %.4f s = %.3fx)", what,
                ours.row.median(), theirs.row.median(), ours.row.median() / theirs.row.median());
        return Verdict.judged(app, t, r.median(), new double[] {r.low(), r.high()}, r.pairs(), detail);
    }

    /** {@code (T_basic - T_x) / (T_basic - T_nocomm)} from the medians, as the table computes it; NaN when
     *  basic is not slower than nocomm. */
    static double hiddenOf(double[] basic, double[] x, double[] nocomm) {
        double b = Row.median(basic);
        double comm = b - Row.median(nocomm);
        return comm > 0 ? (b - Row.median(x)) / comm : Double.NaN;
    }

    private static double[] times(Row r) {
        return r.times().stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The first reason among {@code choices} why one has no row, or null when all have one. */
    private static String missing(Choice... choices) {
        for (Choice c : choices) {
            if (c.row == null) {
                return c.why;
            }
        }
        return null;
    }

    /** The variant's row with the smallest median (its best k). */
    static Choice best(ResultTable table, String app, String variant) {
        return select(table, app, variant, r -> true, variant);
    }

    /**
     * Among {@code app}'s {@code variant} rows that {@code wanted} accepts and that load their classes as the
     * application's judged rows do ({@link #judgesFresh}), the one with figures and the smallest median;
     * when there is none, why.
     */
    private static Choice select(ResultTable table, String app, String variant, Predicate<Row> wanted,
                                 String described) {
        boolean fresh = judgesFresh(table, app);
        List<Row> rows = table.rows().stream()
                .filter(r -> r.plan().app().name().equals(app) && r.plan().variant().equals(variant))
                .filter(r -> MpjPeer.isPeer(r.plan()) || r.plan().freshClasses() == fresh)
                .filter(wanted).collect(Collectors.toList());
        if (rows.isEmpty()) {
            return new Choice(null, List.of(), "no " + described + " row in this run");
        }
        List<Row> ok = rows.stream().filter(Row::ok).collect(Collectors.toList());
        if (ok.isEmpty()) {
            Row first = rows.get(0);
            return new Choice(null, List.of(), first.plan().label() + ": "
                    + (first.status().isEmpty() ? "no times" : first.status()));
        }
        Row best = ok.get(0);
        for (Row r : ok) {
            if (r.median() < best.median()) { // strict: a tie keeps the earlier row, the smaller k
                best = r;
            }
        }
        return new Choice(best, ok, null);
    }

    /** True when {@code app}'s rows are judged with fresh classes: a {@code --fresh-classes} run (no row of
     *  the application in steady state); a run with both ways ({@code --compare-classes}) is judged in steady
     *  state, every variant alike, so that no comparison mixes the two. */
    static boolean judgesFresh(ResultTable table, String app) {
        return table.rows().stream().noneMatch(r -> r.plan().app().name().equals(app) && !MpjPeer.isPeer(r.plan())
                && !r.plan().freshClasses());
    }

    /**
     * A chosen row, the rows it was chosen among, or why there is none.
     */
    record Choice(Row row, List<Row> among, String why) {
        String label() {
            return row.plan().label();
        }

        /** {@code " (fastest of k=2,4,8)"} when there was a choice, else empty. */
        String fastestOf() {
            if (among.size() < 2) {
                return "";
            }
            return " (fastest of k=" + among.stream().map(r -> Integer.toString(r.plan().k()))
                    .collect(Collectors.joining(",")) + ")";
        }
    }
}
