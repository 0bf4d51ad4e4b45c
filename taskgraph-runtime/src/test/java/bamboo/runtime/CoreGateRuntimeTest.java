package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.runtime.samples.Ring;
import bamboo.runtime.samples.Stencil1D;
import bamboo.shim.engine.CoreGate;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The runtime's threads of a process share the process's cores ({@link Graph.Builder#coreGate}): its
 * handler runs only when a worker gives its core up (parks, or lets it have a turn after a duty cycle).
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class CoreGateRuntimeTest {
    /** The machine's cores are not what these tests are about: only the gate's. */
    private static final CoreShare ALWAYS_SPARE = new CoreShare(64);

    private static void awaitParked(Thread t) throws InterruptedException {
        while (t.getState() != Thread.State.WAITING && t.isAlive()) {
            Thread.sleep(1);
        }
    }

    private static WorkerIdler worker(CoreGate gate) {
        return new WorkerIdler(new Parking(1), new SharedRunQueue(), new ThreadStats("w", false), 0, 0, 0, 1_000,
                null, ALWAYS_SPARE, gate);
    }

    /** The handler waits while the worker runs, and gets the core when the worker parks. */
    @Test
    void theHandlerRunsWhenTheWorkerParks() throws Exception {
        final CoreGate gate = new CoreGate(1, 2);
        final WorkerIdler w = worker(gate);
        w.started();
        final HandlerIdler h = new HandlerIdler(new ThreadStats("h", true), 2_000, ALWAYS_SPARE, gate);
        final AtomicBoolean ran = new AtomicBoolean();
        final Thread handler = new Thread(() -> {
            h.started();
            ran.set(true);
            h.finish();
        });
        handler.start();
        awaitParked(handler);
        assertFalse(ran.get(), "the handler waits for the node's one core while the worker runs");
        w.idle(); // no spins or yields: parks, giving the core up
        handler.join();
        assertTrue(ran.get());
        w.finish();
        assertFalse(gate.contended());
    }

    /** A worker with work lets a waiting handler have a turn after its duty cycle. */
    @Test
    void aBusyWorkerLetsTheHandlerHaveATurn() throws Exception {
        final CoreGate gate = new CoreGate(1, 2);
        final WorkerIdler w = worker(gate);
        w.started();
        final HandlerIdler h = new HandlerIdler(new ThreadStats("h", true), 2_000, ALWAYS_SPARE, gate);
        final AtomicBoolean ran = new AtomicBoolean();
        final Thread handler = new Thread(() -> {
            h.started();
            ran.set(true);
            h.finish();
        });
        handler.start();
        awaitParked(handler);
        w.idle(1); // did work: the waiting handler gets its turn before the worker goes on
        assertTrue(ran.get(), "the handler ran before the worker's next duty cycle");
        handler.join();
        w.finish();
    }

    @ParameterizedTest(name = "ring: {0} tasks on {1} nodes x {2} workers, gated")
    @CsvSource({"2,2,1", "7,3,2", "16,4,1"})
    void ringAcrossGatedNodes(int n, int nodes, int workers) {
        final long[] result = new long[1];
        Ring.graph(n, 20, result).nodes(nodes).workers(workers).latency(5_000).coreGate(true).build().run();
        assertEquals(20L * n, result[0]);
    }

    @ParameterizedTest(name = "stencil: {0} tasks on {1} nodes x {2} workers, gated")
    @CsvSource({"4,2,1", "9,3,2"})
    void stencilAcrossGatedNodesMatchesSequential(int n, int nodes, int workers) {
        final int cells = 6;
        final double[] out = new double[n * cells];
        Stencil1D.graph(n, cells, 25, out).nodes(nodes).workers(workers).latency(2_000).bandwidth(1e9)
                .coreGate(true).build().run();
        assertArrayEquals(Stencil1D.sequential(n * cells, 25), out, 0.0);
    }
}
