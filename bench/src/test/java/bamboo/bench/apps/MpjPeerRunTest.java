package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.examples.common.Reference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Runs a small Basic under MPJ Express's multicore device when the Debian package is installed. */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class MpjPeerRunTest {
    private static final AppSpec APP = Apps.byName("jacobi3d");
    private static final Map<String, String> PROBLEM = Map.of("n", "12", "iters", "6", "errEvery", "2");

    @BeforeEach
    void needsMpjExpress() {
        Assumptions.assumeTrue(Files.isRegularFile(Path.of("/usr/share/mpj/lib/mpj.jar")),
                "MPJ Express not installed (apt-get install libmpj-java liblog4j1.2-java)");
    }

    private static RunPlan plan(int np) {
        return new RunPlan(APP, MpjPeer.VARIANT, 0, "Basic", np, np, 1, 0, Double.POSITIVE_INFINITY, false, null);
    }

    @Test
    void basicRunsOnThreeRanksAndVerifies() throws Exception {
        MpjPeer peer = MpjPeer.forExamples();
        assertNull(peer.skipReason(), peer.status());
        Reference ref = APP.reference().apply(PROBLEM);
        // Three ranks that shared one mpi.MPI would all be one rank: the halo would not verify, or hang.
        double t = peer.run(plan(3), AppSpec.argv(PROBLEM, ref));
        assertTrue(t > 0 && t < 60, "the program's own time: " + t);
    }

    @Test
    void aWrongReferenceFailsTheRun() {
        MpjPeer peer = MpjPeer.forExamples();
        Reference ref = APP.reference().apply(PROBLEM);
        Reference wrong = new Reference(ref.checksum() + 1, ref.value());
        Runner.RunFailure f = assertThrows(Runner.RunFailure.class,
                () -> peer.run(plan(2), AppSpec.argv(PROBLEM, wrong)));
        assertTrue(f.getMessage().startsWith("MPJ Express: verification failed: checksum"), f.getMessage());
    }

    @Test
    void statusNamesTheDeviceAndTheComparison() {
        String status = MpjPeer.forExamples().status();
        assertEquals("peer MPJ Express 0.44 (/usr/share/mpj): multicore device in a child JVM, Basic classes; "
                + "row 'mpj-express' compares with 'nocomm-child' (our shim in a child JVM alike; no simulated interconnect)",
                status);
    }
}
