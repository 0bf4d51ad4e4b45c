package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import bamboo.shim.engine.CoreGate;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Regression (session 9): an idle worker of a gated process yielded its thread up to 20 times before it
 * parked. The gate already decides which of the process's threads run on its cores, so such a yield could
 * only hand the core to a thread outside the process (the JIT, the collector, another program), which an
 * untranslated rank waiting in the shim never does, and on a loaded machine it could cost a time slice
 * before the worker saw its message. A gated worker now spins, then parks; ungated ones still yield.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GatedWorkerYieldsItsCoreTest {

    private static WorkerIdler worker(ThreadStats stats, CoreGate gate) {
        // no spins, 20 yields, parks of 1 µs: the first idle call yields or parks
        return new WorkerIdler(new Parking(1), new SharedRunQueue(), stats, 0, 0, 20, 1_000, null, null, gate);
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
    void anUngatedIdleWorkerStillYieldsFirst() {
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
