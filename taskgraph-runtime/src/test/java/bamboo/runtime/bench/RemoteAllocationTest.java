package bamboo.runtime.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Regression: a message between two processes allocated about 330 bytes (envelopes, completed requests,
 * the header and payload copies) and its payload's size again (the shim's copy); with pooled payloads and
 * recycled envelopes steady traffic allocates nothing. Counted, not timed: the bounds leave room for the
 * run's monitor and the test JVM's own threads on a loaded machine (measured: under 1 byte).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RemoteAllocationTest {
    @Test
    void smallMessagesBetweenProcessesAllocateNothingInSteadyState() {
        double perMessage = AllocationProbe.remoteBytesPerMessage(1, 10_000, 30_000);
        assertTrue(perMessage < 64, "8-byte messages: " + perMessage + " B allocated per message");
    }

    @Test
    void largeMessagesBetweenProcessesAllocateNoPayloadArrays() {
        double perMessage = AllocationProbe.remoteBytesPerMessage(196_608, 30, 100);
        assertTrue(perMessage < 16 * 1024, "1.5 MB messages: " + perMessage + " B allocated per message");
    }
}
