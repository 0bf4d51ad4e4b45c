package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The verdicts on the targets from synthetic rows: every kind, the straddling case, missing rows,
 *  the best-k choice, the pairing of repeats. */
class TargetVerdictsTest {
    private static final long LAT = 500_000;
    private static final double BW = 1e8;

    /** A row of {@code app} at the default interconnect, np = 2 nodes x (k or 1). */
    private static Row row(String app, String variant, int k, double... times) {
        return row(app, variant, k, LAT, BW, times);
    }

    private static Row row(String app, String variant, int k, long lat, double bw, double... times) {
        String form = variant.equals("bamboo") ? "Annotated" : variant.equals("splitphase") ? "SplitPhase" : "Basic";
        Row r = new Row(new RunPlan(Apps.byName(app), variant, k, form, 2 * Math.max(k, 1), 2, 1, lat, bw,
                variant.equals("virtual"), null));
        for (double t : times) {
            r.add(t);
        }
        return r;
    }

    private static Row skipped(String app, String variant, int k, String why) {
        return new Row(new RunPlan(Apps.byName(app), variant, k, "Basic", 2 * Math.max(k, 1), 2, 1, LAT, BW,
                false, why));
    }

    private static double[] times(double first, double... rest) {
        double[] t = new double[rest.length + 1];
        t[0] = first;
        System.arraycopy(rest, 0, t, 1, rest.length);
        return t;
    }

    private static Verdict find(List<Verdict> vs, String app, Target t) {
        return vs.stream().filter(v -> v.app().equals(app) && v.target() == t).findFirst()
                .orElseThrow(() -> new AssertionError("no " + t + " for " + app + " in " + vs));
    }

    private static List<Verdict> judge(Row... rows) {
        return TargetVerdicts.judge(new ResultTable(List.of(rows)));
    }

    // ---- the one rule

    @Test
    void theRuleNeedsTheFigureAndTheWholeIntervalOnOneSide() {
        Target h = Target.HIDDEN; // at least 0.80
        assertEquals(Verdict.Kind.MET, h.judge(0.90, 0.80, 0.95), "the bound itself counts as met");
        assertEquals(Verdict.Kind.UNDECIDED, h.judge(0.90, 0.79, 0.95));
        assertEquals(Verdict.Kind.NOT_MET, h.judge(0.70, 0.60, 0.79));
        assertEquals(Verdict.Kind.UNDECIDED, h.judge(0.70, 0.60, 0.85));
        assertEquals(Verdict.Kind.UNDECIDED, h.judge(0.90, Double.NaN, Double.NaN), "no interval: cannot tell");
        assertEquals(Verdict.Kind.NOT_MEASURED, h.judge(Double.NaN, Double.NaN, Double.NaN));
        assertEquals(Verdict.Kind.UNDECIDED, h.judge(0.90, Double.NEGATIVE_INFINITY, 0.95));
        Target f = Target.FASTER_THAN_SPLITPHASE; // at most 1.00
        assertEquals(Verdict.Kind.MET, f.judge(0.90, 0.85, 0.99));
        assertEquals(Verdict.Kind.UNDECIDED, f.judge(0.90, 0.85, 1.01), "faster by median, interval says maybe not");
        assertEquals(Verdict.Kind.NOT_MET, f.judge(1.10, 1.01, 1.20));
        assertEquals(Verdict.Kind.UNDECIDED, f.judge(1.10, 0.99, 1.20));
        assertEquals(Verdict.Kind.MET, Target.ZERO_COST.judge(1.04, 1.01, 1.05));
        assertEquals(Verdict.Kind.NOT_MET, Target.ZERO_COST.judge(1.07, 1.051, 1.09));
    }

    // ---- hiding

    @Test
    void hiddenIsMetAtTheBestKWithTheTablesFigure() {
        Row basic = row("jacobi3d", "basic", 0, 1.00, 1.02, 0.98, 1.01, 0.99);
        Row k2 = row("jacobi3d", "bamboo", 2, 0.63, 0.64, 0.62, 0.63, 0.65);
        Row k4 = row("jacobi3d", "bamboo", 4, 0.80, 0.82, 0.78, 0.81, 0.79);
        Row nocomm = row("jacobi3d", "nocomm", 0, 0.60, 0.61, 0.59, 0.60, 0.62);
        ResultTable table = new ResultTable(List.of(basic, k2, k4, nocomm));
        Verdict v = find(TargetVerdicts.judge(table), "jacobi3d", Target.HIDDEN);
        assertEquals(table.hidden(k2), v.figure(), 1e-12, "the table's figure, of the fastest k");
        assertEquals(Verdict.Kind.MET, v.kind(), v.toString());
        assertTrue(v.low() >= 0.80 && v.low() <= v.figure() && v.high() >= v.figure(), v.toString());
        assertEquals(5, v.rounds());
        assertTrue(v.detail().startsWith("bamboo k=2 0.6300 s (fastest of k=2,4), basic 1.0000 s, nocomm 0.6000 s"),
                v.detail());
    }

    @Test
    void hiddenIsNotMetWhenEveryResampleFallsShort() {
        Verdict v = find(judge(row("cannon", "basic", 0, 1.00, 1.01, 0.99, 1.00, 1.02),
                row("cannon", "bamboo", 4, 0.90, 0.91, 0.89, 0.90, 0.92),
                row("cannon", "nocomm", 0, 0.60, 0.60, 0.61, 0.59, 0.60)), "cannon", Target.HIDDEN);
        assertEquals(0.25, v.figure(), 1e-12);
        assertEquals(Verdict.Kind.NOT_MET, v.kind(), v.toString());
        assertTrue(v.high() < 0.80, v.toString());
    }

    @Test
    void hiddenIsUndecidedWhenTheIntervalStraddlesTheBound() {
        // basic 1.0 and nocomm 0.6 in every round; bamboo's medians over resamples give 70%-95%, the figure 82.5%.
        Verdict v = find(judge(row("jacobi3d", "basic", 0, 1.0, 1.0, 1.0, 1.0, 1.0),
                row("jacobi3d", "bamboo", 2, 0.62, 0.64, 0.67, 0.70, 0.72),
                row("jacobi3d", "nocomm", 0, 0.6, 0.6, 0.6, 0.6, 0.6)), "jacobi3d", Target.HIDDEN);
        assertEquals(0.825, v.figure(), 1e-12);
        assertTrue(v.low() < 0.80 && v.high() > 0.80, v.toString());
        assertEquals(Verdict.Kind.UNDECIDED, v.kind());
    }

    @Test
    void hiddenWithoutMeasurableCommunicationIsUndecidedAndSaysWhy() {
        Verdict v = find(judge(row("jacobi3d", "basic", 0, 1.0, 1.0, 1.0),
                row("jacobi3d", "bamboo", 2, 0.9, 0.9, 0.9),
                row("jacobi3d", "nocomm", 0, 1.1, 1.1, 1.1)), "jacobi3d", Target.HIDDEN);
        assertEquals(Verdict.Kind.UNDECIDED, v.kind());
        assertTrue(Double.isNaN(v.figure()));
        assertTrue(v.detail().endsWith("basic not slower than nocomm, no communication to hide was measured"),
                v.detail());
    }

    @Test
    void resamplesWithoutCommunicationWidenTheIntervalToInfinity() {
        // Two of five rounds have basic below nocomm: resamples where they are the majority have no figure and
        // count against both ends, so a hiding that looks like 100% by medians is not called met.
        Verdict v = find(judge(row("jacobi3d", "basic", 0, 1.0, 1.0, 1.0, 0.5, 0.5),
                row("jacobi3d", "bamboo", 2, 0.6, 0.6, 0.6, 0.6, 0.6),
                row("jacobi3d", "nocomm", 0, 0.6, 0.6, 0.6, 0.6, 0.6)), "jacobi3d", Target.HIDDEN);
        assertEquals(1.0, v.figure(), 1e-12);
        assertEquals(Double.NEGATIVE_INFINITY, v.low());
        assertEquals(Double.POSITIVE_INFINITY, v.high());
        assertEquals(Verdict.Kind.UNDECIDED, v.kind());
        assertTrue(v.detail().matches(".*; basic not slower than nocomm in (2[0-9]|3[0-9])% of the resamples"),
                "about 32% of resamples pick the two rounds 3 times or more: " + v.detail());
    }

    @Test
    void missingRowsAreNotMeasuredAndNameWhatIsMissing() {
        List<Verdict> vs = judge(row("jacobi3d", "basic", 0, 1.0, 1.0, 1.0),
                row("jacobi3d", "bamboo", 2, 0.7, 0.7, 0.7),
                skipped("jacobi3d", "virtual", 2, "virtual threads need JDK 21+"));
        Verdict hidden = find(vs, "jacobi3d", Target.HIDDEN);
        assertEquals(Verdict.Kind.NOT_MEASURED, hidden.kind());
        assertEquals("no nocomm row in this run", hidden.detail());
        assertEquals("no splitphase row in this run", find(vs, "jacobi3d", Target.FASTER_THAN_SPLITPHASE).detail());
        assertEquals("virtual k=2: skipped: virtual threads need JDK 21+",
                find(vs, "jacobi3d", Target.FASTER_THAN_VIRTUAL).detail());
        assertEquals("no mpj-express row in this run", find(vs, "jacobi3d", Target.MPJ_EXPRESS).detail());
        for (Verdict v : vs) {
            assertEquals(Verdict.Kind.NOT_MEASURED, v.kind(), v.toString());
            assertTrue(Double.isNaN(v.figure()) && v.rounds() == 0, v.toString());
        }
    }

    @Test
    void aFailedBambooRowIsLeftOutOfTheBestKAndAllFailedIsNotMeasured() {
        Row failed = row("jacobi3d", "bamboo", 2, 0.1, 0.1);
        failed.fail("rank 1 did not verify");
        List<Verdict> vs = judge(row("jacobi3d", "basic", 0, 1.0, 1.0, 1.0),
                failed, row("jacobi3d", "bamboo", 4, 0.7, 0.7, 0.7),
                row("jacobi3d", "nocomm", 0, 0.6, 0.6, 0.6));
        assertTrue(find(vs, "jacobi3d", Target.HIDDEN).detail().startsWith("bamboo k=4 0.7000 s, basic"),
                find(vs, "jacobi3d", Target.HIDDEN).detail());
        Row alone = row("jacobi3d", "bamboo", 2, 0.5);
        alone.fail("boom");
        Verdict v = find(judge(row("jacobi3d", "basic", 0, 1.0), alone, row("jacobi3d", "nocomm", 0, 0.6)),
                "jacobi3d", Target.HIDDEN);
        assertEquals(Verdict.Kind.NOT_MEASURED, v.kind());
        assertEquals("bamboo k=2: FAILED: boom", v.detail());
    }

    // ---- faster than the others, each at its best k

    @Test
    void fasterThanComparesPairByPairWithEachVariantAtItsOwnBestK() {
        // The load drifts up round by round; bamboo k=2 is 10% faster than oversubscribed k=4 in every round,
        // although their ranges overlap: pairing sees it, the medians' ranges would not.
        double[] drift = {1.0, 1.1, 1.2, 1.3, 1.4};
        Row over4 = row("cannon", "oversubscribed", 4, drift);
        Row over9 = row("cannon", "oversubscribed", 9, scaled(drift, 1.2));
        Row bamboo = row("cannon", "bamboo", 4, scaled(drift, 0.9));
        Row bamboo9 = row("cannon", "bamboo", 9, scaled(drift, 0.95));
        Verdict v = find(judge(row("cannon", "basic", 0, scaled(drift, 1.5)), over4, over9, bamboo, bamboo9),
                "cannon", Target.FASTER_THAN_OVERSUBSCRIBED);
        assertEquals(0.9, v.figure(), 1e-12);
        assertEquals(0.9, v.low(), 1e-12);
        assertEquals(0.9, v.high(), 1e-12);
        assertEquals(Verdict.Kind.MET, v.kind());
        assertTrue(v.detail().startsWith("bamboo k=4 (fastest of k=4,9) / oversubscribed k=4 (fastest of k=4,9), per"
                + " pair (medians 1.0800 / 1.2000 s = 0.900x)"), v.detail());
    }

    @Test
    void fasterThanIsNotMetWhenSlowerInEveryPairAndUndecidedWhenMixed() {
        Row basic = row("jacobi3d", "basic", 0, 1.0, 1.0, 1.0, 1.0, 1.0);
        Row split = row("jacobi3d", "splitphase", 0, 0.80, 0.80, 0.80, 0.80, 0.80);
        Row slower = row("jacobi3d", "bamboo", 2, 0.84, 0.86, 0.88, 0.85, 0.90);
        assertEquals(Verdict.Kind.NOT_MET, find(judge(basic, split, slower), "jacobi3d",
                Target.FASTER_THAN_SPLITPHASE).kind());
        Row mixed = row("jacobi3d", "bamboo", 2, 0.76, 0.78, 0.79, 0.82, 0.84);
        Verdict v = find(judge(basic, split, mixed), "jacobi3d", Target.FASTER_THAN_SPLITPHASE);
        assertEquals(0.79 / 0.80, v.figure(), 1e-12, "faster by the median of the pairs");
        assertTrue(v.low() < 1 && v.high() > 1, v.toString());
        assertEquals(Verdict.Kind.UNDECIDED, v.kind());
    }

    @Test
    void bestKTiesGoToTheSmallerK() {
        Row k2 = row("jacobi3d", "virtual", 2, 0.7, 0.7, 0.7);
        Row k4 = row("jacobi3d", "virtual", 4, 0.7, 0.7, 0.7);
        TargetVerdicts.Choice c = TargetVerdicts.best(new ResultTable(List.of(k4, k2)), "jacobi3d", "virtual");
        assertEquals(4, c.row().plan().k(), "table order decides a tie: the first row");
        c = TargetVerdicts.best(new ResultTable(List.of(k2, k4)), "jacobi3d", "virtual");
        assertEquals(2, c.row().plan().k());
    }

    @Test
    void aCompareClassesRunIsJudgedOnItsSteadyRows() {
        Row steady = row("jacobi3d", "bamboo", 2, 0.7, 0.7, 0.7);
        Row fresh = new Row(steady.plan().fresh());
        for (double t : times(0.5, 0.5, 0.5)) {
            fresh.add(t);
        }
        TargetVerdicts.Choice c = TargetVerdicts.best(new ResultTable(List.of(steady, fresh)), "jacobi3d", "bamboo");
        assertTrue(c.row() == steady, "the steady row, though the fresh one is faster");
        c = TargetVerdicts.best(new ResultTable(List.of(fresh)), "jacobi3d", "bamboo");
        assertTrue(c.row() == fresh, "a --fresh-classes run has only fresh rows");
        // Its steady row failed: bamboo is not measured, rather than its fresh row judged against steady basic.
        Row failed = row("jacobi3d", "bamboo", 2, 0.7);
        failed.fail("boom");
        Row basic = row("jacobi3d", "basic", 0, 1.0, 1.0, 1.0);
        Row basicFresh = new Row(basic.plan().fresh());
        for (double t : times(1.0, 1.0, 1.0)) {
            basicFresh.add(t);
        }
        Row split = row("jacobi3d", "splitphase", 0, 0.8, 0.8, 0.8);
        Verdict v = find(judge(basic, basicFresh, split, failed, fresh), "jacobi3d", Target.FASTER_THAN_SPLITPHASE);
        assertEquals(Verdict.Kind.NOT_MEASURED, v.kind());
        assertEquals("bamboo k=2: FAILED: boom", v.detail());
    }

    @Test
    void onlyJacobi3dAndCannonHaveTheHidingAndFasterTargets() {
        List<Verdict> vs = judge(row("summa", "basic", 0, 1.0), row("cannon", "basic", 0, 1.0));
        assertEquals(List.of(Target.ZERO_COST, Target.MPJ_EXPRESS, Target.HIDDEN, Target.FASTER_THAN_SPLITPHASE,
                Target.FASTER_THAN_OVERSUBSCRIBED, Target.FASTER_THAN_VIRTUAL, Target.ZERO_COST, Target.MPJ_EXPRESS),
                vs.stream().map(Verdict::target).toList(), "summa first: application by application in table order");
    }

    // ---- zero cost

    @Test
    void zeroCostNeedsAFreeInterconnectAndBambooWithOneTaskPerRank() {
        Verdict v = find(judge(row("cg", "basic", 0, 1.0, 1.0, 1.0), row("cg", "bamboo", 1, 1.0, 1.0, 1.0)),
                "cg", Target.ZERO_COST);
        assertEquals(Verdict.Kind.NOT_MEASURED, v.kind());
        assertEquals("needs a run at --latency 0 --bandwidth inf (this one: 500us, 100MB/s)", v.detail());

        double inf = Double.POSITIVE_INFINITY;
        v = find(judge(row("cg", "basic", 0, 0, inf, 1.0, 1.0, 1.0), row("cg", "bamboo", 2, 0, inf, 1.0, 1.0, 1.0)),
                "cg", Target.ZERO_COST);
        assertEquals(Verdict.Kind.NOT_MEASURED, v.kind());
        assertEquals("no bamboo k=1 (as many tasks as basic has ranks) row in this run", v.detail());
    }

    @Test
    void zeroCostIsMetUndecidedOrNotMetByThePairsOfBambooOverBasic() {
        double inf = Double.POSITIVE_INFINITY;
        Row basic = row("halo26", "basic", 0, 0, inf, 1.00, 1.20, 0.90, 1.10, 1.00);
        Row close = row("halo26", "bamboo", 1, 0, inf, 1.02, 1.22, 0.91, 1.11, 1.01);
        Verdict v = find(judge(basic, close), "halo26", Target.ZERO_COST);
        assertEquals(Verdict.Kind.MET, v.kind(), v.toString());
        assertEquals(0.91 / 0.90, v.figure(), 1e-12, "the middle of 1.009, 1.010, 1.011, 1.017, 1.020");
        assertTrue(v.detail().startsWith("bamboo k=1 / basic, per pair"), v.detail());

        Row costly = row("halo26", "bamboo", 1, 0, inf, 1.10, 1.32, 0.99, 1.21, 1.10);
        assertEquals(Verdict.Kind.NOT_MET, find(judge(basic, costly), "halo26", Target.ZERO_COST).kind());

        Row straddling = row("halo26", "bamboo", 1, 0, inf, 1.00, 1.26, 0.93, 1.14, 1.10);
        v = find(judge(basic, straddling), "halo26", Target.ZERO_COST);
        assertTrue(v.low() <= 1.05 && v.high() > 1.05, v.toString());
        assertEquals(Verdict.Kind.UNDECIDED, v.kind());
    }

    // ---- MPJ Express

    @Test
    void mpjIsOurChildRowOverThePeersPerPair() {
        Row ours = row("summa", MpjPeer.OURS_VARIANT, 0, 0, Double.POSITIVE_INFINITY, 0.50, 0.52, 0.49, 0.51, 0.50);
        Row peer = row("summa", MpjPeer.VARIANT, 0, 0, Double.POSITIVE_INFINITY, 0.58, 0.60, 0.57, 0.59, 0.58);
        Verdict v = find(judge(row("summa", "basic", 0, 1.0), ours, peer), "summa", Target.MPJ_EXPRESS);
        assertEquals(Verdict.Kind.MET, v.kind(), v.toString());
        assertEquals(0.50 / 0.58, v.figure(), 1e-12);
        assertTrue(v.detail().startsWith("nocomm-child / mpj-express (both in child JVMs), per pair"), v.detail());
        Row notInstalled = skipped("summa", MpjPeer.VARIANT, 0, "MPJ Express not installed");
        v = find(judge(ours, notInstalled), "summa", Target.MPJ_EXPRESS);
        assertEquals(Verdict.Kind.NOT_MEASURED, v.kind());
        assertEquals("mpj-express: skipped: MPJ Express not installed", v.detail());
    }

    @Test
    void aFreshClassesRunStillJudgesThePeerRowsWhichRunInChildJvms() {
        Row basic = new Row(row("summa", "basic", 0, 1.0).plan().fresh());
        basic.add(1.0);
        Row ours = row("summa", MpjPeer.OURS_VARIANT, 0, 0, Double.POSITIVE_INFINITY, 0.50, 0.52, 0.49);
        Row peer = row("summa", MpjPeer.VARIANT, 0, 0, Double.POSITIVE_INFINITY, 0.58, 0.60, 0.57);
        ResultTable table = new ResultTable(List.of(basic, ours, peer));
        assertTrue(TargetVerdicts.judgesFresh(table, "summa"), "the peer rows do not count as steady");
        assertEquals(Verdict.Kind.MET, find(TargetVerdicts.judge(table), "summa", Target.MPJ_EXPRESS).kind());
    }

    // ---- intervals

    @Test
    void oneRepeatGivesNoIntervalAndSoNoVerdict() {
        Verdict v = find(judge(row("cannon", "basic", 0, 1.0), row("cannon", "splitphase", 0, 0.9),
                row("cannon", "bamboo", 4, 0.5)), "cannon", Target.FASTER_THAN_SPLITPHASE);
        assertEquals(Verdict.Kind.UNDECIDED, v.kind());
        assertTrue(Double.isNaN(v.low()) && Double.isNaN(v.high()));
        assertEquals(1, v.rounds());
    }

    @Test
    void theSameTimesGiveTheSameIntervals() {
        Row basic = row("jacobi3d", "basic", 0, 1.0, 0.9, 1.1, 1.05, 0.95, 1.2, 0.85);
        Row bamboo = row("jacobi3d", "bamboo", 2, 0.7, 0.8, 0.65, 0.75, 0.9, 0.72, 0.68);
        Row nocomm = row("jacobi3d", "nocomm", 0, 0.6, 0.65, 0.62, 0.7, 0.58, 0.61, 0.66);
        List<Verdict> first = judge(basic, bamboo, nocomm);
        List<Verdict> again = judge(basic, bamboo, nocomm);
        assertEquals(first, again);
    }

    @Test
    void withFivePairsTheIntervalOfAPerPairMedianIsTheirRange() {
        double[] ratios = {0.81, 0.95, 1.02, 0.90, 1.12};
        double[] iv = RoundBootstrap.interval(5, p -> Row.median(RoundBootstrap.pick(ratios, p)));
        assertEquals(0.81, iv[0], 1e-12);
        assertEquals(1.12, iv[1], 1e-12);
        // with nine, the 90% interval leaves the two extremes of each side out
        double[] nine = {0.70, 0.80, 0.85, 0.90, 0.95, 1.00, 1.05, 1.10, 1.30};
        double[] iv9 = RoundBootstrap.interval(9, p -> Row.median(RoundBootstrap.pick(nine, p)));
        assertTrue(iv9[0] > 0.70 && iv9[1] < 1.30, Arrays.toString(iv9));
    }

    @Test
    void pairedRatioIsTheFigureTheTargetsUseAndFormatsIt() {
        PairedRatio r = PairedRatio.of(new double[] {1.0, 2.0, 3.0, 4.0, 5.0}, new double[] {1.0, 2.0, 2.5, 4.0,
            4.0, 6.0});
        assertEquals(5, r.pairs(), "the shorter series");
        assertEquals(1.0, r.median(), 1e-12, "ratios 1, 1, 1.2, 1, 1.25");
        assertEquals("1.000x [1.000x, 1.250x] (5 pairs)", r.format(), "five pairs: their range");
        assertEquals("1.000x no interval (1 pair)", PairedRatio.of(new double[] {2}, new double[] {2}).format());
        assertEquals("-", PairedRatio.of(new double[0], new double[] {1}).format());
    }

    private static double[] scaled(double[] v, double f) {
        List<Double> out = new ArrayList<>();
        for (double x : v) {
            out.add(x * f);
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
