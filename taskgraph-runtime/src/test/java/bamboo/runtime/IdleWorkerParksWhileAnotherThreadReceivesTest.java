package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.shim.engine.Endpoint;
import bamboo.shim.engine.Network;
import bamboo.shim.engine.SendMode;
import bamboo.shim.engine.World;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import mpi.MPI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An idle worker whose process's inbound lock is held by another thread (the handler, or another worker,
 * perhaps preempted while receiving) parks instead of waiting in the shim: the shim returns at once while
 * a message is due that nobody has taken yet, so waiting there would loop through park calls without ever
 * parking, on the core the lock holder needs.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IdleWorkerParksWhileAnotherThreadReceivesTest {

    @Test
    void workerParksWhileAnotherThreadHoldsTheInboundLockWithAMessageDue() throws Exception {
        World world = new World(2, new Network(2, 2, 2_000_000, Double.POSITIVE_INFINITY), 1 << 17, false);
        Config config = new Config();
        config.numTasks = 2;
        config.nodes = 2;
        Node node = new Node(0, new Placement(2, 2), config, new RunControl(2));
        Handler handler = new Handler(node, 2);
        handler.bind(world.endpoint(0));
        // A message from process 1, 2 ms in the simulated link: due after the sleep, and nobody takes it.
        Endpoint from = world.endpoint(1);
        from.isend(from.world().worldScope(), new int[] {7}, 0, 1, MPI.INT, 0, 5, SendMode.COPY, "send");
        Thread.sleep(20);
        assertTrue(handler.tryLockInbound(), "the test is the receiver that holds the lock");

        CoreShare share = new CoreShare(1);
        share.want(); // another thread computing: no core spare, so a park would be a long one
        ThreadStats stats = new ThreadStats("w", false);
        WorkerIdler idler = new WorkerIdler(node.parking, node.queue, stats, 0, 0, 0, 30_000_000_000L, handler, share, null);
        final boolean[] stop = new boolean[1];
        Thread worker = new Thread(() -> {
            idler.started();
            while (!stopRequested(stop)) {
                idler.idle(0);
            }
            idler.finish();
        }, "idle-worker");
        worker.start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (worker.getState() != Thread.State.TIMED_WAITING && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertEquals(Thread.State.TIMED_WAITING, worker.getState(),
                    "the idle worker parks instead of looping in the shim");
        } finally {
            synchronized (stop) {
                stop[0] = true;
            }
            LockSupport.unpark(worker);
            worker.join();
            handler.unlockInbound();
        }
        assertTrue(stats.parks <= 3, "a park or two, not a loop: " + stats.parks);
        assertEquals(1, share.wanting(), "the worker released its core when it finished");
    }

    private static boolean stopRequested(boolean[] stop) {
        synchronized (stop) {
            return stop[0];
        }
    }
}
