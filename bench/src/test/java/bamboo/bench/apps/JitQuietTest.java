package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The wait for this JVM to go quiet before a timed run. No timing is asserted beyond generous bounds. */
class JitQuietTest {

    /** Other processes' load does not count (process CPU time), so an idle test JVM is seen quiet even
     *  on a machine at load 30. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void anIdleJvmIsSeenQuiet() {
        assertTrue(JitQuiet.await(TimeUnit.SECONDS.toNanos(30)));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void anInterruptedWaitGivesUpAndKeepsTheInterrupt() {
        Thread.currentThread().interrupt();
        try {
            assertFalse(JitQuiet.await(TimeUnit.SECONDS.toNanos(30)));
            assertTrue(Thread.currentThread().isInterrupted());
        } finally {
            Thread.interrupted();
        }
    }
}
