package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Applications whose kernels keep their state in mutable statics (the Java Grande-style sor, lufact,
 * moldyn and spmv) load their classes afresh every run in every mode, and a missing SplitPhase form is a
 * skipped row.
 */
class StatefulAppsPlanTest {
    private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    private static List<String> labels(List<RunPlan> plans) {
        List<String> out = new ArrayList<>();
        plans.forEach(p -> out.add(p.label()));
        return out;
    }

    @Test
    void statefulAppsRunWithFreshClassesInSteadyStateMode() {
        BenchOptions o = BenchOptions.parse(new String[] {"--app", "sor,jacobi2d", "--k", "2",
            "--variants", "basic,splitphase,bamboo,nocomm"});
        AppBench bench = new AppBench(o, (p, a) -> 1.0, null, QUIET);
        assertEquals(List.of("basic fresh", "splitphase fresh", "bamboo k=2 fresh", "nocomm fresh"),
                labels(bench.plans(Apps.byName("sor"))));
        assertEquals(List.of("basic", "splitphase", "bamboo k=2", "nocomm"),
                labels(bench.plans(Apps.byName("jacobi2d"))), "other applications stay in steady state");
    }

    @Test
    void compareClassesGivesAStatefulAppOneRowPerVariant() {
        BenchOptions o = BenchOptions.parse(new String[] {"--app", "spmv", "--compare-classes",
            "--variants", "basic,nocomm"});
        assertEquals(List.of("basic fresh", "nocomm fresh"),
                labels(new AppBench(o, (p, a) -> 1.0, null, QUIET).plans(Apps.byName("spmv"))));
    }

    @Test
    void aMissingSplitPhaseFormIsASkippedRow() {
        BenchOptions o = BenchOptions.parse(new String[] {"--app", "lufact,moldyn,spmv,sor",
            "--variants", "basic,splitphase"});
        AppBench bench = new AppBench(o, (p, a) -> 1.0, null, QUIET);
        for (String app : List.of("lufact", "moldyn", "spmv")) {
            List<RunPlan> plans = bench.plans(Apps.byName(app));
            assertNull(plans.get(0).skipReason(), app + " basic runs");
            assertEquals(app + " has no SplitPhase form", plans.get(1).skipReason());
        }
        assertNull(bench.plans(Apps.byName("sor")).get(1).skipReason(), "sor has a SplitPhase form");
    }

    @Test
    void onlyTheJavaGrandeStyleAppsAreStateful() {
        for (AppSpec a : Apps.all()) {
            boolean grande = List.of("sor", "lufact", "moldyn", "spmv").contains(a.name());
            assertEquals(grande, a.freshClasses(), a.name());
        }
        assertTrue(Apps.byName("jacobi3d").splitPhase());
        assertFalse(Apps.byName("lufact").splitPhase());
    }

    @Test
    void theHeaderSaysAStatefulAppLoadsFreshClasses() {
        BenchOptions o = BenchOptions.parse(new String[] {"--app", "moldyn,cg"});
        String header = AppBench.header(o, null);
        assertTrue(header.matches("(?s).*\nmoldyn: [^\n]*; classes fresh every run \\(kernel state in mutable statics\\)\n.*"),
                header);
        assertFalse(header.matches("(?s).*\ncg: [^\n]*classes fresh.*"), header);
    }
}
