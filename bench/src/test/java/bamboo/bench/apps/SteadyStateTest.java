package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import steadyprog.Basic;

/** Steady state in {@code bench apps}: each row keeps its program's classes across its runs. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SteadyStateTest {
    private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    private static final AppSpec STEADY = new AppSpec("steady", "steadyprog", Map.of(), Map.of(), null, 0,
            Double.POSITIVE_INFINITY, 1, false, null);

    private static RunPlan plan(String form, int np) {
        return new RunPlan(STEADY, "basic", 0, form, np, 1, 1, 0, Double.POSITIVE_INFINITY, false, null);
    }

    private static ShimRunner runner() {
        return new ShimRunner(new URL[] {Basic.class.getProtectionDomain().getCodeSource().getLocation()});
    }

    private static Object seen(String run, int rank) {
        return System.getProperties().get(Basic.CLASS_KEY + run + "." + rank);
    }

    @Test
    void optionsDefaultToSteadyStateWithTenWarmUpsAndFreshClassesToOne() {
        BenchOptions o = BenchOptions.parse(new String[0]);
        assertFalse(o.freshClasses);
        assertEquals(10, o.warmupRuns);
        assertEquals(1, BenchOptions.parse(new String[] {"--fresh-classes"}).warmupRuns);
        assertEquals(10, BenchOptions.parse(new String[] {"--compare-classes"}).warmupRuns);
        BenchOptions f = BenchOptions.parse(new String[] {"--fresh-classes", "--warmup-runs", "3"});
        assertTrue(f.freshClasses);
        assertEquals(3, f.warmupRuns);
        assertEquals("--warmup-runs 0: expected a positive integer", assertThrows(IllegalArgumentException.class,
                () -> BenchOptions.parse(new String[] {"--warmup-runs", "0"})).getMessage());
        assertEquals("--warmup-runs needs a value", assertThrows(IllegalArgumentException.class,
                () -> BenchOptions.parse(new String[] {"--warmup-runs", "--fresh-classes"})).getMessage());
    }

    @Test
    void helpAndHeaderSayWhichModeRuns() {
        String help = BenchOptions.usage();
        assertTrue(help.contains("  --fresh-classes      Every run loads and JIT-compiles its own copy"), help);
        assertTrue(help.contains("  --warmup-runs N      Uncounted runs per variant"), help);
        assertTrue(help.contains("Steady state (default): each variant (row) keeps its program's classes"), help);
        help.lines().forEach(l -> assertTrue(l.length() <= 80, "at most 80 columns: " + l));
        String steady = AppBench.header(BenchOptions.parse(new String[] {"--app", "jacobi3d"}), null);
        assertTrue(steady.contains("\nclasses: steady state: each variant keeps its program's classes (loaded and"
                + " JIT-compiled) from its 10 warm-up runs to its timed runs\n"), steady);
        String one = AppBench.header(BenchOptions.parse(new String[] {"--app", "jacobi3d", "--warmup-runs", "1"}),
                null);
        assertTrue(one.contains(" from its 1 warm-up run to its timed runs\n"), one);
        String fresh = AppBench.header(BenchOptions.parse(new String[] {"--app", "jacobi3d", "--fresh-classes",
            "--warmup-runs", "2"}), null);
        assertTrue(fresh.contains("\nclasses: fresh (--fresh-classes): every run loads and JIT-compiles its own copy"
                + " of the program; 2 warm-up runs per variant\n"), fresh);
    }

    /** Records the calls a runner gets, in order. */
    private static class Recorder implements Runner {
        final List<String> calls = new ArrayList<>();

        @Override
        public void retain(RunPlan plan) {
            calls.add("retain " + plan.label());
        }

        @Override
        public void release(RunPlan plan) {
            calls.add("release " + plan.label());
        }

        @Override
        public double run(RunPlan plan, String[] argv) {
            calls.add(plan.label());
            return 1.0;
        }
    }

    @Test
    void eachRowIsRetainedBeforeItsWarmUpsAndReleasedAfterItsLastRun() {
        Recorder r = new Recorder();
        BenchOptions o = BenchOptions.parse(new String[] {"--app", "jacobi3d", "--set", "n=6", "--set", "iters=3",
            "--variants", "basic,nocomm", "--repeat", "1", "--warmup-runs", "2"});
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        new AppBench(o, r, null, new PrintStream(err, true, StandardCharsets.UTF_8)).measure();
        assertEquals(List.of("retain basic", "retain nocomm", "basic", "nocomm", "basic", "nocomm", "basic", "nocomm",
                "release basic", "release nocomm"), r.calls);
        String progress = err.toString(StandardCharsets.UTF_8);
        assertTrue(progress.contains("[  4/6") && progress.contains("jacobi3d nocomm (np=2) warm-up 2/2 ..."), progress);
    }

    @Test
    void freshClassesRetainsNothing() {
        Recorder r = new Recorder();
        BenchOptions o = BenchOptions.parse(new String[] {"--app", "jacobi3d", "--set", "n=6", "--set", "iters=3",
            "--variants", "basic", "--repeat", "2", "--fresh-classes"});
        new AppBench(o, r, null, QUIET).measure();
        assertEquals(List.of("basic fresh", "basic fresh", "basic fresh"), r.calls);
    }

    @Test
    void aRetainedRowRunsTheSameClassesEveryRunAndOtherRowsTheirOwn() throws Exception {
        ShimRunner shim = runner();
        RunPlan row = plan("Basic", 2);
        RunPlan other = plan("Basic", 3);
        shim.retain(row);
        shim.retain(other);
        try {
            assertEquals(0.001, shim.run(row, new String[] {"a"}));
            assertEquals(0.001, shim.run(row, new String[] {"b"}));
            shim.run(other, new String[] {"c"});
            assertSame(seen("a", 0), seen("b", 0), "rank 0 of a row keeps its class");
            assertSame(seen("a", 1), seen("b", 1), "rank 1 too");
            assertNotSame(seen("a", 0), seen("a", 1), "each rank has its own copy");
            assertNotSame(seen("a", 0), seen("c", 0), "another row, another copy");
            assertNotSame(Basic.class, seen("a", 0), "not the driver's copy");
        } finally {
            shim.release(row);
            shim.release(other);
        }
        shim.run(row, new String[] {"d"});
        shim.run(row, new String[] {"e"});
        assertNotSame(seen("a", 0), seen("d", 0), "released: new loaders");
        assertNotSame(seen("d", 0), seen("e", 0), "not retained: every run loads afresh");
    }

    @Test
    void aProgramWithAMutableStaticFailsItsFirstRetainedRun() throws Exception {
        ShimRunner shim = runner();
        RunPlan row = plan("Stateful", 2);
        shim.retain(row);
        try {
            Runner.RunFailure e = assertThrows(Runner.RunFailure.class, () -> shim.run(row, new String[0]));
            assertEquals("class steadyprog.Stateful has a mutable static field 'runs': its runs cannot share classes"
                    + " (steady state); measure it with --fresh-classes", e.getMessage());
        } finally {
            shim.release(row);
        }
        assertEquals(0.001, shim.run(row, new String[0]), "with fresh classes it runs");
    }

    @Test
    void compareClassesRunsEveryVariantBothWaysInterleavedAndComparesLikeWithLike() {
        Recorder r = new Recorder() {
            @Override
            public double run(RunPlan plan, String[] argv) {
                super.run(plan, argv);
                return (plan.variant().equals("basic") ? 2.0 : 1.0) * (plan.freshClasses() ? 3 : 1);
            }
        };
        BenchOptions o = BenchOptions.parse(new String[] {"--app", "jacobi3d", "--set", "n=6", "--set", "iters=3",
            "--variants", "basic,splitphase", "--repeat", "1", "--warmup-runs", "1", "--compare-classes"});
        ResultTable t = new AppBench(o, r, null, QUIET).measure();
        assertEquals(List.of("retain basic", "retain splitphase", "basic", "basic fresh", "splitphase",
                "splitphase fresh", "basic", "basic fresh", "splitphase", "splitphase fresh", "release basic",
                "release splitphase"), r.calls);
        Row splitFresh = t.rows().get(3);
        assertEquals("splitphase fresh", splitFresh.plan().label());
        assertEquals(2.0, t.speedup(splitFresh), 1e-12, "fresh against fresh basic (6 s / 3 s)");
        assertEquals(2.0, t.speedup(t.rows().get(2)), 1e-12, "steady against steady basic (2 s / 1 s)");
        String table = t.format();
        assertTrue(table.contains("\njacobi3d  splitphase fresh     "), table);
        List<String> csv = t.csv().lines().toList();
        assertTrue(csv.get(0).endsWith(",classes,placement"), csv.get(0));
        assertTrue(csv.get(1).startsWith("jacobi3d,basic,") && csv.get(1).endsWith(",steady,block"), csv.get(1));
        assertTrue(csv.get(2).startsWith("jacobi3d,basic,") && csv.get(2).endsWith(",fresh,block"), csv.get(2));
        assertTrue(AppBench.header(o, null).contains("\nclasses: both ways (--compare-classes): "), AppBench.header(o, null));
        assertEquals("--compare-classes runs every variant both ways: leave out --fresh-classes",
                assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(new String[] {
                    "--compare-classes", "--fresh-classes"})).getMessage());
    }

    @Test
    void freshClassesMarksEveryRowFresh() {
        BenchOptions o = BenchOptions.parse(new String[] {"--app", "jacobi3d", "--variants", "basic,bamboo", "--k", "2",
            "--fresh-classes"});
        List<RunPlan> plans = new AppBench(o, (p, a) -> 1.0, null, QUIET).plans(Apps.byName("jacobi3d"));
        assertEquals(List.of("basic fresh", "bamboo k=2 fresh"), plans.stream().map(RunPlan::label).toList());
        assertTrue(plans.stream().allMatch(p -> p.classes().equals("fresh")));
    }

    @Test
    void aLongLabelWidensTheVariantColumn() {
        Row wide = new Row(new RunPlan(Apps.byName("cannon"), "oversubscribed", 16, "Basic", 64, 4, 1, 0,
                Double.POSITIVE_INFINITY, false, null, true));
        wide.add(1.0);
        String[] lines = new ResultTable(List.of(wide)).format().split("\n");
        assertEquals("oversubscribed k=16 fresh", wide.plan().label());
        assertEquals(lines[0].indexOf("  np "), lines[2].indexOf("  64 "), String.join("\n", lines));
        assertEquals(10 + 25 + 1, lines[2].indexOf("  64 "));
    }
}
