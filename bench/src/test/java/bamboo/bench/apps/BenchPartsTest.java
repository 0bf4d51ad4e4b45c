package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class BenchPartsTest {

    @Test
    void unitsParseAndPrint() {
        assertEquals(50_000, Units.parseLatencyNanos("--latency", "50us"));
        assertEquals(200_000, Units.parseLatencyNanos("--latency", "0.2ms"));
        assertEquals(20_000, Units.parseLatencyNanos("--latency", "20000ns"));
        assertEquals(0, Units.parseLatencyNanos("--latency", "0"));
        assertEquals(250e6, Units.parseBandwidth("--bandwidth", "250MB/s"));
        assertEquals(1e9, Units.parseBandwidth("--bandwidth", "1GB/s"));
        assertEquals(Double.POSITIVE_INFINITY, Units.parseBandwidth("--bandwidth", "inf"));
        assertEquals("50us", Units.latency(50_000));
        assertEquals("1ms", Units.latency(1_000_000));
        assertEquals("250MB/s", Units.bandwidth(250e6));
        assertEquals("1.5GB/s", Units.bandwidth(1.5e9));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Units.parseLatencyNanos("--latency", "50"));
        assertEquals("--latency 50: give a unit, e.g. 50us, 0.2ms or 20000ns", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Units.parseBandwidth("--bandwidth", "0MB/s"));
        assertEquals("--bandwidth 0MB/s: bandwidth must be positive (or inf)", e.getMessage());
    }

    @Test
    void bandwidthUnitsAreThoseOfBambooRunWithBitsAsBits() {
        assertEquals(1.25e9, Units.parseBandwidth("--bandwidth", "10Gb/s"), "a lower-case b counts bits");
        assertEquals(1024.0 * 1024 * 100, Units.parseBandwidth("--bandwidth", "100MiB/s"));
        assertEquals(2e6, Units.parseBandwidth("--bandwidth", "2MB"), "the /s may be left out");
        assertEquals(1.5e9, Units.parseBandwidth("--bandwidth", "1.5GB/s"));
        assertEquals(1e9, Units.parseBandwidth("--bandwidth", "1e9B/s"));
        assertEquals("--bandwidth -1MB/s: bandwidth must be positive (or inf)", assertThrows(
                IllegalArgumentException.class, () -> Units.parseBandwidth("--bandwidth", "-1MB/s")).getMessage());
        assertEquals("--bandwidth 12MX/s: give a unit, e.g. 1GB/s, 250MB/s or inf", assertThrows(
                IllegalArgumentException.class, () -> Units.parseBandwidth("--bandwidth", "12MX/s")).getMessage());
    }

    /** An interconnect so slow that a run would wait years for its first message (--latency 1e9s) is refused. */
    @Test
    void anInterconnectSoSlowThatRunsNeverEndIsRefused() {
        assertEquals(1_000_000_000L, Units.parseLatencyNanos("--latency", "1s"));
        assertEquals("--latency 1e9s: at most 1s (every message between nodes waits that long: runs would"
                + " take hours)", assertThrows(IllegalArgumentException.class,
                () -> Units.parseLatencyNanos("--latency", "1e9s")).getMessage());
        assertEquals(1e6, Units.parseBandwidth("--bandwidth", "1MB/s"));
        assertEquals("--bandwidth 10KB/s: at least 1MB/s (slower links make every run take minutes to hours),"
                + " or inf", assertThrows(IllegalArgumentException.class,
                () -> Units.parseBandwidth("--bandwidth", "10KB/s")).getMessage());
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
        String defaults = "  jacobi3d  " + jacobi3d.defaultNodes() + " nodes, " + Units.latency(jacobi3d.latencyNanos())
                + ", " + Units.bandwidth(jacobi3d.bandwidth()) + ", block\n            full:  n=128 iters=120 errEvery=10\n"
                + "            quick: n=80 iters=50 errEvery=10\n";
        for (String s : new String[] {"comm hidden  = (T_basic - T) / (T_basic - T_nocomm)",
            "speed-up     = T_basic / T", defaults, "Exit code: 0", "temurin-25", "tasks per\n", "results.csv",
            "--repeat N", "mpj-express"}) {
            assertTrue(help.contains(s), "help has '" + s + "':\n" + help);
        }
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
            "cannon", "--out", "x", "--latency", "10us", "--set", "n=8"});
        assertEquals(3, q.repeat);
        assertEquals(List.of("basic", "nocomm"), q.variants, "table order whatever the order given");
        assertEquals("cannon", q.apps.get(0).name());
        assertEquals(Path.of("x"), q.out);
        assertEquals(10_000L, q.latencyNanos);
        assertEquals("8", q.overrides.get("n"));
        assertEquals("unknown option '--fast' (see --help)",
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
