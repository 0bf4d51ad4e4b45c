package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the benchmark shows the MPJ Express peer: its own row, compared with our side run alike (the
 *  nocomm-child row: our shim in a child JVM per run), or else with our nocomm row. */
class MpjPeerRowsTest {
    private static final AppSpec APP = Apps.byName("jacobi3d");
    private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    private static Row row(String variant, long latency, double bandwidth, String skip, double... times) {
        Row r = new Row(new RunPlan(APP, variant, 0, "Basic", 2, 2, 1, latency, bandwidth, false, skip));
        for (double t : times) {
            r.add(t);
        }
        return r;
    }

    private static ResultTable table(Row peer, boolean withNocomm) {
        Row basic = row("basic", 100_000, 2e8, null, 1.0, 1.0, 1.0);
        Row nocomm = row("nocomm", 0, Double.POSITIVE_INFINITY, null, 0.6, 0.5, 0.7);
        return new ResultTable(withNocomm ? List.of(basic, nocomm, peer) : List.of(basic, peer));
    }

    @Test
    void peerRowShowsOursOverTheirsAgainstNocommAndNoSpeedupOverBasic() {
        Row peer = row(MpjPeer.VARIANT, 0, Double.POSITIVE_INFINITY, null, 1.3, 1.2, 1.1);
        ResultTable t = table(peer, true);
        assertTrue(Double.isNaN(t.speedup(peer)), "basic ran under the simulated interconnect, the peer did not");
        assertTrue(Double.isNaN(t.hidden(peer)));
        assertEquals("ours/MPJ Express 0.50x (our nocomm 0.6000 s vs MPJ Express multicore)", MpjPeer.note(t, peer));
        String line = t.format().lines().filter(l -> l.contains(MpjPeer.VARIANT)).findFirst().orElseThrow();
        assertTrue(line.matches("jacobi3d\\s+mpj-express\\s+2\\s+2\\s+1\\.2000\\s+1\\.1000\\s+1\\.3000\\s+-\\s+-\\s+"
                + "ours/MPJ Express 0\\.50x \\(our nocomm 0\\.6000 s vs MPJ Express multicore\\)"), line);
        assertTrue(t.csv().contains("jacobi3d,mpj-express,0,Basic,2,2,1,0,inf,platform,3,1.200000,1.100000,"
                + "1.300000,,,1.300000;1.200000;1.100000,"), t.csv());
    }

    @Test
    void peerRowWithoutOurSideSaysWhatTheRatioNeeds() {
        Row peer = row(MpjPeer.VARIANT, 0, Double.POSITIVE_INFINITY, null, 1.0);
        assertEquals("ours/MPJ Express: - (needs the nocomm-child or nocomm row)", MpjPeer.note(table(peer, false), peer));
    }

    /** Both sides in fresh child JVMs: the ratio is our child row's over the peer's; nocomm's beside it. */
    @Test
    void peerRowComparesWithOurChildJvmRowFirst() {
        Row basic = row("basic", 100_000, 2e8, null, 1.0);
        Row nocomm = row("nocomm", 0, Double.POSITIVE_INFINITY, null, 0.6, 0.5, 0.7);
        Row child = row(MpjPeer.OURS_VARIANT, 0, Double.POSITIVE_INFINITY, null, 0.9, 0.8, 1.0);
        Row peer = row(MpjPeer.VARIANT, 0, Double.POSITIVE_INFINITY, null, 1.3, 1.2, 1.1);
        ResultTable t = new ResultTable(List.of(basic, nocomm, child, peer));
        assertEquals("ours/MPJ Express 0.75x (both in child JVMs: ours 0.9000 s); per pair 0.69x [0.67-0.91]; "
                + "our nocomm in this JVM 0.50x", MpjPeer.note(t, peer));
        assertEquals("our shim in a child JVM per run, as MPJ Express", MpjPeer.note(t, child));
        assertTrue(Double.isNaN(t.speedup(child)) && Double.isNaN(t.hidden(child)),
                "no interconnect: no speed-up over basic");
        assertEquals(0.6, t.medianOf("jacobi3d", "nocomm"), 0, "nocomm stays the bound of comm hidden");
    }

    /** The spread of the ratio: pair by pair (repeat i beside repeat i), by wall time and by the child
     *  JVMs' CPU time when both rows have it. */
    @Test
    void peerNoteGivesThePerPairSpreadAndTheCpuRatio() {
        Row child = new Row(new RunPlan(APP, MpjPeer.OURS_VARIANT, 0, "Basic", 2, 2, 1, 0, Double.POSITIVE_INFINITY,
                false, null));
        Row peer = new Row(new RunPlan(APP, MpjPeer.VARIANT, 0, "Basic", 2, 2, 1, 0, Double.POSITIVE_INFINITY,
                false, null));
        double[][] pairs = {{0.40, 0.36, 1.0, 1.2}, {0.50, 0.40, 1.1, 1.0}, {0.30, 0.60, 0.9, 1.8}};
        for (double[] p : pairs) {
            child.add(p[0], p[2]);
            peer.add(p[1], p[3]);
        }
        ResultTable t = new ResultTable(List.of(child, peer));
        assertEquals("ours/MPJ Express 1.00x (both in child JVMs: ours 0.4000 s); per pair 1.11x [0.50-1.25], "
                + "CPU 0.83x [0.50-1.10]", MpjPeer.note(t, peer));
        assertTrue(t.csv().contains(",1.000;1.100;0.900,child JVM,block\n"), t.csv());
    }

    @Test
    void aRowWithoutCpuTimesGivesTheWallSpreadOnly() {
        Row child = row(MpjPeer.OURS_VARIANT, 0, Double.POSITIVE_INFINITY, null, 0.4, 0.5);
        Row peer = new Row(new RunPlan(APP, MpjPeer.VARIANT, 0, "Basic", 2, 2, 1, 0, Double.POSITIVE_INFINITY,
                false, null));
        peer.add(0.4, 1.0);
        peer.add(0.5, 1.0);
        assertEquals("; per pair 1.00x [1.00-1.00]", MpjPeer.spread(child, peer));
        assertTrue(child.cpuTimes().isEmpty());
    }

    @Test
    void theCpuFigureIsReadAfterTheTimedMarkerOnly() {
        assertEquals(1.25, MpjPeer.cpuOf("warm-up\n" + MpjChild.TIMED + "\ntime 1\n" + MpjChild.CPU + "1250\n"), 1e-12);
        assertTrue(Double.isNaN(MpjPeer.cpuOf(MpjChild.CPU + "1250\n")), "no timed run, no figure");
        assertTrue(Double.isNaN(MpjPeer.cpuOf(MpjChild.TIMED + "\n" + MpjChild.CPU + "n/a\n")));
    }

    @Test
    void ourChildRowAndThePeerSwapPlacesEverySecondRepeat() {
        Row nocomm = row("nocomm", 0, Double.POSITIVE_INFINITY, null);
        Row child = row(MpjPeer.OURS_VARIANT, 0, Double.POSITIVE_INFINITY, null);
        Row peer = row(MpjPeer.VARIANT, 0, Double.POSITIVE_INFINITY, null);
        List<Row> rows = List.of(nocomm, child, peer);
        assertEquals(rows, AppBench.peerPairAlternating(rows, 1));
        assertEquals(List.of(nocomm, peer, child), AppBench.peerPairAlternating(rows, 2));
        assertEquals(rows, AppBench.peerPairAlternating(rows, 3));
    }

    @Test
    void skippedAndFailedPeerRowsShowWhy() {
        Row skipped = row(MpjPeer.VARIANT, 0, Double.POSITIVE_INFINITY, "not installed (apt-get install libmpj-java)");
        assertTrue(table(skipped, true).format().contains("skipped: not installed (apt-get install libmpj-java)"));
        Row failed = row(MpjPeer.VARIANT, 0, Double.POSITIVE_INFINITY, null);
        failed.fail("MPJ Express run did not finish within 600 s");
        assertTrue(table(failed, true).format().contains("FAILED: MPJ Express run did not finish within 600 s"));
    }

    @Test
    void peerIsAVariantOfItsOwnThatRunsTheNocommPlan() {
        BenchOptions o = BenchOptions.parse(new String[] {"--app", "jacobi3d", "--variants", "mpj,nocomm,basic"});
        assertEquals(List.of("basic", "nocomm", MpjPeer.VARIANT), o.variants, "table order, 'mpj' an alias");
        List<RunPlan> plans = new AppBench(o, (p, a) -> 1.0, null, null, QUIET).plans(APP);
        RunPlan nocomm = plans.get(1);
        RunPlan child = plans.get(2);
        RunPlan peer = plans.get(3);
        assertEquals(MpjPeer.OURS_VARIANT, child.variant(), "the peer brings our side run alike");
        for (RunPlan p : List.of(child, peer)) {
            assertEquals(List.of(nocomm.np(), nocomm.latencyNanos(), nocomm.bandwidth(), "Basic"),
                    List.of(p.np(), p.latencyNanos(), p.bandwidth(), p.form()));
            assertEquals("MPJ Express peer not configured", p.skipReason());
            assertTrue(MpjPeer.isPeer(p));
        }
    }

    @Test
    void nocommGetsTheWarmUpWhenBasicIsNotSelected() {
        List<String> seen = new ArrayList<>();
        Runner shim = (p, a) -> {
            seen.add(p.label());
            return 1.0;
        };
        BenchOptions o = BenchOptions.parse(new String[] {"--app", "jacobi3d", "--set", "n=6", "--set", "iters=2",
            "--variants", "nocomm,mpj-express", "--repeat", "2", "--warmup-runs", "1"});
        ResultTable t = new AppBench(o, shim, null, null, QUIET).measure();
        assertEquals(List.of("nocomm", "nocomm", "nocomm"), seen, "a warm-up, then two repeats; the peer skipped");
        assertEquals("skipped: MPJ Express peer not configured", t.rows().get(1).status());
        assertEquals("skipped: MPJ Express peer not configured", t.rows().get(2).status());
    }

    @Test
    void timeIsReadFromTheTimedRunAfterItsVerification() throws Exception {
        String warm = "jacobi3d basic: verified: ok\njacobi3d basic: time 9.000000 s\n";
        String timed = "jacobi3d basic: verified: ok\njacobi3d basic: time 1.250000 s\n";
        assertEquals(1.25, MpjPeer.timeOf("jacobi3d", warm + MpjChild.TIMED + "\n" + timed), 0);
    }

    @Test
    void aRunThatThrewReportsTheInnermostCauseNotTheStartersExitCode() {
        String out = "java.lang.reflect.InvocationTargetException\n\tat x.y(Z.java:1)\n"
                + "Caused by: java.lang.NoClassDefFoundError: mpi/Datatype\n\tat a.b(C.java:2)\n";
        Runner.RunFailure f = assertThrows(Runner.RunFailure.class, () -> MpjPeer.timeOf("jacobi3d", out));
        assertEquals("MPJ Express: the program printed no verification line for jacobi3d "
                + "(java.lang.NoClassDefFoundError: mpi/Datatype)", f.getMessage());
        Runner.RunFailure w = assertThrows(Runner.RunFailure.class, () -> MpjPeer.timeOf("jacobi3d",
                "jacobi3d basic: verification FAILED: checksum 3 (expected 4)\njava.lang.IllegalStateException: x\n"));
        assertEquals("MPJ Express: verification failed: checksum 3 (expected 4)", w.getMessage(),
                "the warm-up's failure");
        Runner.RunFailure g = assertThrows(Runner.RunFailure.class, () -> MpjPeer.timeOf("jacobi3d",
                MpjChild.TIMED + "\njacobi3d basic: verification FAILED: checksum 1 (expected 2)\n"));
        assertEquals("MPJ Express: verification failed: checksum 1 (expected 2)", g.getMessage());
        Runner.RunFailure o = assertThrows(Runner.RunFailure.class, () -> MpjPeer.timeOf("our shim in a child JVM",
                "jacobi3d", MpjChild.TIMED + "\nFAILED: rank 1 failed: java.lang.ArithmeticException: / by zero\n"));
        assertEquals("our shim in a child JVM: the program printed no verification line for jacobi3d "
                + "(rank 1 failed: java.lang.ArithmeticException: / by zero)", o.getMessage());
    }
}
