package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.shim.net.RankPlacement;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code bench apps --placement} and each application's default placement: alike for every variant. */
class PlacementBenchTest {
    private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    private static final Runner NEVER = (plan, argv) -> {
        throw new AssertionError("nothing runs here");
    };

    private static List<RunPlan> plans(String app, String... args) {
        BenchOptions o = BenchOptions.parse(args);
        return new AppBench(o, NEVER, NEVER, QUIET).plans(Apps.byName(app));
    }

    @Test
    void everyApplicationDefaultsToBlockForEveryVariant() {
        // Cannon too: at its defaults block keeps the shifts of A inside a node (docs/benchmarks.md, "Defaults")
        List<RunPlan> cannon = plans("cannon", "--variants", "basic,oversubscribed,bamboo,nocomm");
        assertEquals(8, cannon.size()); // basic, 3 k each of two, nocomm
        for (RunPlan p : cannon) {
            assertEquals(RankPlacement.BLOCK, p.placement(), p.label());
        }
        for (RunPlan p : plans("jacobi3d", "--variants", "basic,bamboo")) {
            assertEquals(RankPlacement.BLOCK, p.placement(), p.label());
        }
        for (RunPlan p : plans("summa", "--variants", "basic,bamboo")) {
            assertEquals(RankPlacement.BLOCK, p.placement(), p.label());
        }
    }

    @Test
    void thePlacementOptionOverridesTheApplications() {
        for (RunPlan p : plans("cannon", "--variants", "basic,virtual,bamboo", "--placement", "grid")) {
            assertEquals(RankPlacement.GRID, p.placement(), p.label());
        }
        for (RunPlan p : plans("jacobi2d", "--variants", "bamboo", "--k", "2,4", "--placement", "grid")) {
            assertEquals(RankPlacement.GRID, p.placement(), p.label());
            assertNull(p.skipReason(), p.label());
        }
    }

    /** 6 ranks on 2 nodes: a 3x2 grid over a 2x1 node grid does not split; that row says so, the others run. */
    @Test
    void aRowWhoseGridDoesNotSplitIsSkippedSayingWhy() {
        List<RunPlan> p = plans("jacobi3d", "--variants", "basic,oversubscribed", "--k", "2,3", "--placement", "grid");
        assertEquals(List.of("basic", "oversubscribed k=2", "oversubscribed k=3"),
                p.stream().map(RunPlan::label).toList());
        assertNull(p.get(0).skipReason());
        assertNull(p.get(1).skipReason());
        assertEquals("placement grid: a 3x2 grid of ranks does not split into equal blocks over 2x1 nodes (each "
                + "extent must divide; give the shapes as grid:PxQ/RxC, or use block)", p.get(2).skipReason());
    }

    @Test
    void theHeaderNamesEachApplicationsPlacement() {
        String header = AppBench.header(BenchOptions.parse(new String[] {"--app", "cannon,jacobi3d"}), null);
        assertTrue(header.contains("\ncannon: {n=1152, warmup=true}; 4 nodes x 1 cores; placement block; "), header);
        assertTrue(header.contains("\njacobi3d: {n=128, iters=120, errEvery=10, warmup=true}; 2 nodes x 1 cores; "
                + "placement block; "), header);
        String forced = AppBench.header(BenchOptions.parse(new String[] {"--app", "cannon", "--placement",
                "grid:6x6/2x2"}), null);
        assertTrue(forced.contains("; placement grid:6x6/2x2; "), forced);
    }

    @Test
    void theCsvCarriesThePlacementAndOldFilesReadAsBlock() {
        AppSpec cannon = Apps.byName("cannon");
        Row row = new Row(new RunPlan(cannon, "bamboo", 9, "Annotated", 36, 4, 1, 100_000, 35e6, false, null)
                .placed(RankPlacement.GRID));
        row.add(1.5, Double.NaN);
        String csv = new ResultTable(List.of(row)).csv();
        assertTrue(csv.lines().toList().get(1).endsWith(",steady,grid"), csv);
        assertEquals(RankPlacement.GRID, ResultsCsv.read("r.csv", csv).rows().get(0).plan().placement());
        String old = csv.replace(",placement\n", "\n").replace(",steady,grid\n", ",steady\n");
        assertEquals(RankPlacement.BLOCK, ResultsCsv.read("old.csv", old).rows().get(0).plan().placement());
        String bad = csv.replace(",steady,grid\n", ",steady,hexagonal\n");
        assertEquals("r.csv:2: placement 'hexagonal': unknown (expected block, grid, grid:PxQ or grid:PxQ/RxC)",
                assertThrows(IllegalArgumentException.class, () -> ResultsCsv.read("r.csv", bad)).getMessage());
    }

    @Test
    void aBadPlacementIsAUsageError() {
        assertEquals("--placement 'grid:6x': rank grid '6x' needs two positive whole numbers ROWSxCOLUMNS (e.g. 6x6)",
                assertThrows(IllegalArgumentException.class,
                        () -> BenchOptions.parse(new String[] {"--placement", "grid:6x"})).getMessage());
        assertEquals("--placement needs a value", assertThrows(IllegalArgumentException.class,
                () -> BenchOptions.parse(new String[] {"--placement", "--quick"})).getMessage());
    }
}
