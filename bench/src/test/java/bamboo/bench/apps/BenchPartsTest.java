package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.cli.launch.Units;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class BenchPartsTest {

    /** The benchmark reads its interconnect with the command line's one units parser, within its bounds. */
    @Test
    void interconnectOptionsReadAsBambooRunReadsThem() {
        assertEquals(200_000, BenchOptions.parse(new String[] {"--latency", "0.2ms"}).latencyNanos);
        assertEquals(1.25e9, BenchOptions.parse(new String[] {"--bandwidth", "10Gb/s"}).bandwidth, "a lower-case b counts bits");
        assertEquals(Double.POSITIVE_INFINITY, BenchOptions.parse(new String[] {"--bandwidth", "inf"}).bandwidth);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BenchOptions.parse(new String[] {"--latency", "50"}));
        assertTrue(e.getMessage().startsWith("--latency: duration '50' needs a unit"), e.getMessage());
    }

    /** An interconnect so slow that a run would wait years for its first message (--latency 1e9s) is refused. */
    @Test
    void anInterconnectSoSlowThatRunsNeverEndIsRefused() {
        assertEquals(1_000_000_000L, Units.parseLatencyNanos("--latency", "1s", BenchOptions.MAX_LATENCY_NANOS));
        assertEquals("--latency 1e9s: at most 1s (every message between nodes waits that long: runs would"
                + " take hours)", assertThrows(IllegalArgumentException.class,
                () -> Units.parseLatencyNanos("--latency", "1e9s", BenchOptions.MAX_LATENCY_NANOS)).getMessage());
        assertEquals(1e6, Units.parseBandwidth("--bandwidth", "1MB/s", BenchOptions.MIN_BANDWIDTH));
        assertEquals("--bandwidth 10KB/s: at least 1MB/s (slower links make every run take minutes to hours),"
                + " or inf", assertThrows(IllegalArgumentException.class,
                () -> Units.parseBandwidth("--bandwidth", "10KB/s", BenchOptions.MIN_BANDWIDTH)).getMessage());
    }

    @Test
    void aMissingValueIsNamedEvenWhenAnotherOptionFollows() {
        assertEquals("--repeat needs a value", assertThrows(IllegalArgumentException.class,
                () -> BenchOptions.parse(new String[] {"--repeat", "--quick"})).getMessage());
        assertEquals("--k 2,,4: '' is not a positive integer", assertThrows(IllegalArgumentException.class,
                () -> BenchOptions.parse(new String[] {"--k", "2,,4"})).getMessage());
        assertEquals("--repeat x: expected a positive integer", assertThrows(IllegalArgumentException.class,
                () -> BenchOptions.parse(new String[] {"--repeat", "x"})).getMessage());
    }

    @Test
    void helpAnswersWhatTheColumnsDefaultsAndExitCodesAre() {
        String help = BenchOptions.usage();
        AppSpec jacobi3d = Apps.byName("jacobi3d");
        String defaults = "  jacobi3d  " + jacobi3d.defaultNodes() + " nodes, " + Units.formatLatency(jacobi3d.latencyNanos())
                + ", " + Units.formatBandwidth(jacobi3d.bandwidth()) + ", block\n            full:  n=128 iters=120 errEvery=10\n"
                + "            quick: n=80 iters=50 errEvery=10\n";
        for (String s : new String[] {"comm hidden  = (T_basic - T) / (T_basic - T_nocomm)",
            "speed-up     = T_basic / T", defaults, "Exit code: 0", "temurin-25", "results.csv",
            "--repeat N", "mpj-express"}) {
            assertTrue(help.contains(s), "help has '" + s + "':\n" + help);
        }
        assertTrue(help.replaceAll("\\s+", " ").contains("tasks per node of bamboo"), help);
        for (String line : help.split("\n")) {
            assertTrue(line.length() <= 80, "lines fit 80 columns, as the CLI's own help: " + line);
        }
    }

    @Test
    void cannonRunsTheSquareKsOfItsNodesUnlessKIsGiven() {
        AppSpec cannon = Apps.byName("cannon");
        BenchOptions defaults = BenchOptions.parse(new String[0]);
        assertEquals(List.of(4, 9, 16), cannon.ks(defaults), "16, 36 and 64 ranks on 4 nodes: all square");
        for (int k : cannon.ks(defaults)) {
            assertEquals(null, cannon.unusable(cannon.defaultNodes() * k), "k=" + k + " is not skipped");
        }
        assertEquals(List.of(2, 4, 8), Apps.byName("jacobi3d").ks(defaults));
        assertEquals(List.of(2), cannon.ks(BenchOptions.parse(new String[] {"--k", "2"})), "--k wins");
        assertEquals(List.of(4), cannon.ks(BenchOptions.parse(new String[] {"--quick"})));
    }

    @Test
    void optionsHaveDefaultsAndNameBadValues() {
        BenchOptions o = BenchOptions.parse(new String[0]);
        assertEquals(5, o.repeat);
        assertEquals(List.of(2, 4, 8), o.ks);
        assertEquals(BenchOptions.VARIANTS, o.variants);
        BenchOptions q = BenchOptions.parse(new String[] {"--quick", "--variants", "nocomm,basic", "--app",
            "cannon", "--output", "x", "--latency", "10us", "--set", "n=8"});
        assertEquals(3, q.repeat);
        assertEquals(List.of("basic", "nocomm"), q.variants, "table order whatever the order given");
        assertEquals("cannon", q.apps.get(0).name());
        assertEquals(Path.of("x"), q.out);
        assertEquals(10_000L, q.latencyNanos);
        assertEquals("8", q.overrides.get("n"));
        assertEquals("unknown option: '--fast' (see --help)",
                assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(new String[] {"--fast"}))
                        .getMessage());
        assertEquals("--repeat 0: expected a positive integer", assertThrows(IllegalArgumentException.class,
                () -> BenchOptions.parse(new String[] {"--repeat", "0"})).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> BenchOptions.parse(new String[] {"--app", "lu"})).getMessage()
                .startsWith("--app lu: unknown application (known: jacobi3d,"));
        assertEquals("--nodes needs a value", assertThrows(IllegalArgumentException.class,
                () -> BenchOptions.parse(new String[] {"--nodes"})).getMessage());
    }

    @Test
    void outputParserNeedsVerificationThenTime() throws Exception {
        String ok = "jacobi3d basic: 8^3 grid\njacobi3d basic: verified against the sequential reference: x\n"
                + "jacobi3d basic: time 0.125000 s\n";
        assertEquals(0.125, OutputParser.time("jacobi3d", ok));
        Runner.RunFailure f = assertThrows(Runner.RunFailure.class,
                () -> OutputParser.time("jacobi3d", "jacobi3d basic: time 0.1 s\n"));
        assertEquals("the program printed no verification line for jacobi3d", f.getMessage());
        f = assertThrows(Runner.RunFailure.class, () -> OutputParser.time("cannon",
                "cannon basic: verification FAILED: checksum 1 (expected 2)\n"));
        assertEquals("verification failed: checksum 1 (expected 2)", f.getMessage());
    }

    @Test
    void medianOfOddAndEvenCounts() {
        assertEquals(2.0, Row.median(List.of(3.0, 1.0, 2.0)));
        assertEquals(2.5, Row.median(List.of(4.0, 1.0, 2.0, 3.0)));
        assertTrue(Double.isNaN(Row.median(List.of())));
    }
}
