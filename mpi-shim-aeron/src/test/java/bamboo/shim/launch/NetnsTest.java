package bamboo.shim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two "hosts" as network namespaces on a bridge (veth pairs, {@link Namespaces}) with a 2 ms netem delay:
 * ranks placed by a hostfile talk UDP across them. Needs root and {@code ip netns}; skipped with the
 * reason otherwise.
 */
class NetnsTest {
    private static final String HALO = "bamboo.shim.launch.programs.Halo";

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void haloAcrossTwoNamespacesMatchesTheThreadsDevice(@TempDir Path dir) throws Exception {
        final String why = Namespaces.unavailable();
        assumeTrue(why == null, () -> "network namespaces unavailable, test skipped: " + why);
        try (Namespaces hosts = Namespaces.create(2, "2ms", null)) {
            if (hosts.shapingProblem() != null) {
                System.err.println("NetnsTest: no netem delay (" + hosts.shapingProblem() + "); running without");
            }
            final Path hostfile = hosts.writeHostfile(dir.resolve("hosts"), 1);
            // no bootstrap host given: the launcher finds its address on the route to the hosts (the bridge)
            final Jobs.Run aeron = Jobs.aeron(ProcessConfig.of(2).withHostfile(hostfile), HALO, "40", "20");
            assertEquals(0, aeron.exit(), aeron.err());
            final Jobs.Run threads = Jobs.threads(2, HALO, "40", "20");
            assertEquals(threads.out(), aeron.out());
            assertTrue(aeron.out().startsWith("halo checksum "), aeron.out());
        }
    }
}
