package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.ThreadsJob;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The micro-benchmark's program runs on both libraries, and only the timed run's figures count. */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class MicroBenchTest {
    private static final List<String> TINY = List.of("scale=0.005");

    @Test
    void onlyTheTimedRunCounts() throws Exception {
        Map<String, Double> got = MicroBench.parse("ours", "micro latency 5.0\n" + MpjChild.TIMED
                + "\nmicro latency 7.5\nsome other line\nmicro halo 3.0\n");
        assertEquals(Map.of("latency", 7.5, "halo", 3.0), got);
    }

    @Test
    void anApplicationRunGivesItsTimeAndItsCpuTime() throws Exception {
        String out = "jacobi3d basic: verified: ok\njacobi3d basic: time 9.0 s\n" + MpjChild.TIMED
                + "\njacobi3d basic: verified: ok\njacobi3d basic: time 1.25 s\n" + MpjChild.CPU + "2400\n";
        assertEquals(Map.of("jacobi3d", 1250.0, "jacobi3d cpu", 2400.0), MicroBench.appTimes("jacobi3d", "ours", out));
        assertEquals(Map.of("jacobi3d", 1250.0), MicroBench.appTimes("jacobi3d", "ours",
                MpjChild.TIMED + "\njacobi3d basic: verified: ok\njacobi3d basic: time 1.25 s\n"), "no CPU line: none");
    }

    @Test
    void columnsAlternateTheirOrder() {
        assertEquals(List.of("ours", "base", "mpj"), MicroBench.alternating(List.of("ours", "base", "mpj"), 1));
        assertEquals(List.of("mpj", "base", "ours"), MicroBench.alternating(List.of("ours", "base", "mpj"), 2));
    }

    @Test
    void aRunWithoutTheTimedPartFails() {
        Runner.RunFailure f = assertThrows(Runner.RunFailure.class,
                () -> MicroBench.parse("mpj", "micro latency 5.0\nException in thread main\n"));
        assertTrue(f.getMessage().startsWith("mpj: no timed run in the output"), f.getMessage());
    }

    @Test
    void everyOperationRunsOnOurShim() throws Exception {
        URL examples = MicroOps.class.getProtectionDomain().getCodeSource().getLocation();
        JobResult[] result = new JobResult[1];
        String out = OutputCapture.of(() -> result[0] = ThreadsJob.runMain(JobConfig.of(2), new URL[] {examples},
                MicroOps.class.getName(), TINY.toArray(new String[0])));
        assertTrue(result[0].succeeded(), result[0].message());
        assertAllOperations(MicroBench.parse("ours", MpjChild.TIMED + "\n" + out));
    }

    @Test
    void everyOperationRunsOnMpjExpress() throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(Path.of("/usr/share/mpj/lib/mpj.jar")),
                "MPJ Express not installed (apt-get install libmpj-java liblog4j1.2-java)");
        MpjPeer peer = MpjPeer.forExamples();
        assertNull(peer.skipReason(), peer.status());
        assertAllOperations(MicroBench.parse("mpj", peer.output(2, MicroOps.class.getName(), TINY)));
    }

    private static void assertAllOperations(Map<String, Double> got) {
        assertEquals(List.of(MicroOps.ALL), List.copyOf(got.keySet()));
        got.forEach((op, ns) -> assertTrue(ns > 0, op + ": " + ns));
    }
}
