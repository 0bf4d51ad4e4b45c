package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.examples.common.Reference;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Our side of the peer comparison: a Basic on our shim in a child JVM (needs no MPJ Express). */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class PeerOurSideRunTest {
    private static final AppSpec APP = Apps.byName("jacobi3d");
    private static final Map<String, String> PROBLEM = Map.of("n", "12", "iters", "6", "errEvery", "2");

    private static RunPlan plan(int np) {
        return new RunPlan(APP, MpjPeer.OURS_VARIANT, 0, "Basic", np, np, 1, 0, Double.POSITIVE_INFINITY, false, null);
    }

    @Test
    void basicRunsInAChildJvmAndVerifies() throws Exception {
        MpjPeer peer = MpjPeer.forExamples();
        assertNull(peer.oursSkipReason());
        Reference ref = APP.reference().apply(PROBLEM);
        double t = peer.run(plan(3), AppSpec.argv(PROBLEM, ref));
        assertTrue(t > 0 && t < 60, "the program's own time: " + t);
    }

    @Test
    void theChildReportsItsCpuTimeAfterTheTimedRun() throws Exception {
        MpjPeer peer = MpjPeer.forExamples();
        Reference ref = APP.reference().apply(PROBLEM);
        String out = peer.oursOutput(MpjPeer.location(bamboo.shim.job.ThreadsJob.class), 2,
                APP.mainClass("Basic"), java.util.List.of(AppSpec.argv(PROBLEM, ref)));
        Map<String, Double> got = MicroBench.appTimes("jacobi3d", "ours", out);
        assertTrue(got.get("jacobi3d cpu") >= 0, out);
    }

    @Test
    void aWrongReferenceFailsTheRunAndNamesOurSide() {
        MpjPeer peer = MpjPeer.forExamples();
        Reference ref = APP.reference().apply(PROBLEM);
        Reference wrong = new Reference(ref.checksum() + 1, ref.value());
        Runner.RunFailure f = assertThrows(Runner.RunFailure.class,
                () -> peer.run(plan(2), AppSpec.argv(PROBLEM, wrong)));
        assertTrue(f.getMessage().startsWith("our shim in a child JVM: verification failed: checksum"), f.getMessage());
    }
}
