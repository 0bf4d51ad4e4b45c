package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import bamboo.shim.engine.CoreGate;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An idle worker of a gated process spins, then parks, without yielding: the gate already decides which of
 * the process's threads run on its cores, so a yield could only hand the core to a thread outside the
 * process (the JIT, the collector, another program), which an untranslated rank waiting in the shim never
 * does, and on a loaded machine could cost a time slice before the worker saw its message. An ungated
 * worker yields between its spins and its park.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GatedIdleWorkerParksWithoutYieldingTest {

    private static WorkerIdler worker(ThreadStats stats, CoreGate gate) {
        // no spins, 20 yields, parks of 1 µs: the first idle call yields or parks
        // 64 cores: always one spare, so only the gate decides
        return new WorkerIdler(new Parking(1), new SharedRunQueue(), stats, 0, 0, 20, 1_000, null, new CoreShare(64),
                gate);
    }

    @Test
    void aGatedIdleWorkerParksWithoutYielding() {
        final ThreadStats stats = new ThreadStats("w", false);
        final WorkerIdler w = worker(stats, new CoreGate(1, 2));
        w.started();
        for (int i = 0; i < 3; i++) {
            w.idle();
        }
        assertEquals(0, stats.yields);
        assertEquals(3, stats.parks);
        w.finish();
    }

    @Test
    void anUngatedIdleWorkerYieldsBeforeItParks() {
        final ThreadStats stats = new ThreadStats("w", false);
        final WorkerIdler w = worker(stats, null);
        w.started();
        for (int i = 0; i < 3; i++) {
            w.idle();
        }
        assertEquals(3, stats.yields);
        assertEquals(0, stats.parks);
        w.finish();
    }
}
