package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The progress line's account of what else happened during a run. */
class RunMeterTest {

    @Test
    void readsTheMachineTicksWithIowaitAsIdle() {
        RunMeter.Ticks t = RunMeter.ticks("cpu  100 5 20 300 7 0 3 11 4 0\ncpu0 50 2 10 150 3 0 1 5 2 0\n");
        assertEquals(100 + 5 + 20 + 300 + 7 + 0 + 3 + 11, t.total(), "guest time is inside user already");
        assertEquals(307, t.idle());
        assertEquals(11, t.steal());
        assertNull(RunMeter.ticks("intr 1 2 3"));
        assertNull(RunMeter.ticks("cpu  1 2 3"));
        assertNull(RunMeter.ticks("cpu  1 2 3 x 5 6 7 8"));
        assertNull(RunMeter.ticks(null));
    }

    @Test
    void readsMinorFaultsPastACommandWithSpacesAndParentheses() {
        assertEquals(101, RunMeter.minorFaults("32456 (my (odd) cmd) R 32454 32454 27856 0 -1 4194304 101 0 0 0"));
        assertEquals(-1, RunMeter.minorFaults("32456 (cat) R 1 2"));
        assertEquals(-1, RunMeter.minorFaults("no parenthesis"));
        assertEquals(-1, RunMeter.minorFaults(null));
    }

    @Test
    void describesCollectionsFaultsAndWhoHadTheCores() {
        // 1 s on 2 cpus = 200 ticks: 20 idle, 10 stolen, so 170 ticks (1.70 cores) busy; this JVM used 1.5 s
        RunMeter.Snapshot a = new RunMeter.Snapshot(0, 4, 100, 0, 1000, new RunMeter.Ticks(1000, 500, 50));
        RunMeter.Snapshot b = new RunMeter.Snapshot(1_000_000_000L, 6, 130, 1_500_000_000L, 1250,
                new RunMeter.Ticks(1200, 520, 60));
        assertEquals("GC 2 (30 ms), 250 faults, cores: this JVM 1.50, others 0.20, steal 0.10",
                RunMeter.describe(a, b, 2, true));
        assertEquals("cores: busy 1.70, steal 0.10", RunMeter.describe(a, b, 2, false), "a child JVM's run");
        RunMeter.Snapshot noGc = new RunMeter.Snapshot(1_000_000_000L, 4, 100, 1_500_000_000L, 1000, null);
        assertEquals("GC 0, 0 faults, cores: this JVM 1.50", RunMeter.describe(a, noGc, 2, true));
        RunMeter.Snapshot unknown = new RunMeter.Snapshot(0, -1, -1, -1, -1, null);
        assertEquals("", RunMeter.describe(unknown, unknown, 2, true));
    }

    @Test
    void aReadingNowSeesThisJvmsCollections() {
        RunMeter.Snapshot a = RunMeter.now();
        System.gc();
        RunMeter.Snapshot b = RunMeter.now();
        assertTrue(b.gcCount() > a.gcCount(), a + " -> " + b);
        assertTrue(b.nanos() > a.nanos());
    }
}
