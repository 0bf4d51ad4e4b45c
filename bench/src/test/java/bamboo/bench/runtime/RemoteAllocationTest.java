package bamboo.bench.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Steady traffic between two processes allocates nothing per message: envelopes and completed requests
 * are recycled and payloads pooled, where each message would otherwise allocate about 330 bytes and its
 * payload's size again. Counted, not timed, in a JVM of its own: once any
 * test of this JVM has initialised the flight recorder, the runtime's JFR events are created per message
 * (JfrEvents). The bounds leave room for the run's monitor on a loaded machine (measured: under 2 bytes).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RemoteAllocationTest {
    /** Entry point of the child JVM: prints the two figures. */
    public static final class Child {
        public static void main(String[] args) {
            System.out.println(AllocationProbe.remoteBytesPerMessage(1, 10_000, 30_000));
            System.out.println(AllocationProbe.remoteBytesPerMessage(196_608, 30, 100));
        }
    }

    @Test
    void messagesBetweenProcessesAllocateNothingInSteadyState() throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-Xmx512m",
                "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), Child.class.getName())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(100, TimeUnit.SECONDS), "the probe did not end");
        assertEquals(0, p.exitValue(), out);
        List<String> lines = out.lines().toList();
        double small = Double.parseDouble(lines.get(lines.size() - 2).trim());
        double large = Double.parseDouble(lines.get(lines.size() - 1).trim());
        assertTrue(small < 64, "8-byte messages: " + small + " B allocated per message");
        assertTrue(large < 16 * 1024, "1.5 MB messages: " + large + " B allocated per message");
    }
}
