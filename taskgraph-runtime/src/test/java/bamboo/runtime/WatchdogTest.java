package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The watchdog: a task that never reaches its next evaluation point ends the run, named with where it is. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class WatchdogTest {

    /** Task 1 loops until interrupted (the watchdog interrupts the stuck worker after its report). */
    static final class Spinner extends Task {
        static volatile boolean sawInterrupt;

        @Override
        protected Outcome execute() {
            if (id() == 1) {
                spin();
            }
            return Outcome.FINISHED;
        }

        private static void spin() {
            long x = 0;
            while (!Thread.currentThread().isInterrupted()) {
                x++;
            }
            sawInterrupt = x > 0;
        }

        @Override
        protected boolean ready() {
            return true;
        }
    }

    /** Task 0 runs {@code millis} between evaluation points, then finishes. */
    static final class Slow extends Task {
        private final long millis;

        Slow(long millis) {
            this.millis = millis;
        }

        @Override
        protected Outcome execute() throws InterruptedException {
            Thread.sleep(millis);
            return Outcome.FINISHED;
        }

        @Override
        protected boolean ready() {
            return true;
        }
    }

    @Test
    void aTaskStuckInExecuteIsReportedWithWhereItIs() {
        Spinner.sawInterrupt = false;
        GraphTimeout t = assertThrows(GraphTimeout.class, () -> Graph.builder(3, id -> new Spinner()).workers(2)
                .taskTimeout(Duration.ofMillis(300)).build().run());
        assertEquals(1, t.taskId());
        assertTrue(t.runNanos() >= 300_000_000L, "reported after the limit: " + t.runNanos());
        StackTraceElement at = t.taskFrame();
        assertNotNull(at, "a frame of the task's code: " + t.frames());
        assertEquals(Spinner.class.getName(), at.getClassName());
        assertEquals("spin", at.getMethodName());
        assertTrue(t.getMessage().matches("task 1 has run for \\d+\\.\\d s without reaching its next evaluation point "
                + "\\(task timeout 0\\.3 s: Graph.Builder.taskTimeout, --task-timeout; 0 = off\\) at "
                + "bamboo\\.runtime\\.WatchdogTest\\$Spinner\\.spin\\(WatchdogTest\\.java:\\d+\\)"), t.getMessage());
    }

    @Test
    void aLongExecutionUnderTheLimitIsFine() {
        Graph.Result r = Graph.builder(1, id -> new Slow(200)).taskTimeout(Duration.ofSeconds(20)).build().run();
        assertEquals(0, r.unreceivedMessages());
    }

    @Test
    void zeroTurnsTheWatchdogOff() {
        GraphTimeout t = assertThrows(GraphTimeout.class,
                () -> Graph.builder(1, id -> new Slow(600)).taskTimeout(Duration.ofMillis(100)).build().run());
        assertEquals(0, t.taskId());
        Graph.Result r = Graph.builder(1, id -> new Slow(600)).taskTimeout(Duration.ZERO).build().run();
        assertFalse(r.elapsedNanos() < 600_000_000L, "ran to its end");
    }

    @Test
    void aNegativeTimeoutIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Graph.builder(1, id -> new Slow(1)).taskTimeout(Duration.ofSeconds(-1)));
        assertEquals("Graph.Builder.taskTimeout: must be >= 0 (0 = off), got PT-1S", e.getMessage());
    }
}
