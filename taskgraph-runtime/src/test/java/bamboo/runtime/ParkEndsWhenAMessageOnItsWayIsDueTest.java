package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.shim.engine.Endpoint;
import bamboo.shim.engine.Network;
import bamboo.shim.engine.SendMode;
import bamboo.shim.engine.World;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import mpi.MPI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An idle worker that parks while another thread holds the inbound lock parks only until the next message
 * on its way is due, so a message that becomes due after the holder has let go is received then, not when
 * the park would have ended. The park is unchanged when nothing is on its way or what is on its way is
 * due already (then it is the lock holder's).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ParkEndsWhenAMessageOnItsWayIsDueTest {
    private static final long PARK = TimeUnit.SECONDS.toNanos(30);

    private static Handler handler(World world) {
        Config config = new Config();
        config.numTasks = 2;
        config.nodes = 2;
        Node node = new Node(0, new Placement(2, 2), config, new RunControl(2));
        Handler handler = new Handler(node, 2);
        handler.bind(world.endpoint(0));
        return handler;
    }

    @Test
    void aParkEndsWhenTheNextMessageOnItsWayIsDue() throws Exception {
        long latency = TimeUnit.SECONDS.toNanos(10);
        World world = new World(2, new Network(2, 2, latency, Double.POSITIVE_INFINITY), 1 << 17, false);
        Handler handler = handler(world);
        assertEquals(PARK, handler.untilNextArrival(PARK), "nothing on its way: the whole park");
        Endpoint from = world.endpoint(1);
        long sent = System.nanoTime();
        from.isend(from.world().worldScope(), new int[] {7}, 0, 1, MPI.INT, 0, 5, SendMode.COPY, "send");
        long bound = handler.untilNextArrival(PARK);
        assertTrue(bound <= latency && bound > latency - (System.nanoTime() - sent) - TimeUnit.SECONDS.toNanos(1),
                "bounded by the arrival, 10 s away: " + bound);
        assertEquals(1_000, handler.untilNextArrival(1_000), "a shorter park stays as it is");
    }

    /** The worker's side: parked while the test holds the inbound lock, it looks at the shim once the
     *  message on its way is due (0.3 s), not after its 30 s park. */
    @Test
    void anIdleWorkerParkedWhileTheLockIsHeldReceivesWhenTheMessageIsDue() throws Exception {
        World world = new World(2, new Network(2, 2, TimeUnit.MILLISECONDS.toNanos(300), Double.POSITIVE_INFINITY),
                1 << 17, false);
        Handler handler = handler(world);
        Throwable[] failure = new Throwable[1];
        handler.onError = t -> failure[0] = t; // the message is not runtime traffic: its receipt is the failure
        assertTrue(handler.tryLockInbound(), "the test holds the lock: the worker cannot wait in the shim");
        Endpoint to = world.endpoint(0);
        long before = to.arrivals();
        Endpoint from = world.endpoint(1);
        from.isend(from.world().worldScope(), new int[] {7}, 0, 1, MPI.INT, 0, 5, SendMode.COPY, "send");
        CoreShare share = new CoreShare(1);
        share.want(); // no core spare: the park is the longest one, 30 s
        Node node = handler.node;
        WorkerIdler idler = new WorkerIdler(node.parking, node.queue, new ThreadStats("w", false), 0, 0, 0, PARK,
                handler, share, null);
        AtomicBoolean stop = new AtomicBoolean();
        Thread worker = new Thread(() -> {
            idler.started();
            while (!stop.get() && to.arrivals() == before) {
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
            assertEquals(Thread.State.TIMED_WAITING, worker.getState(), "the worker parked, the lock being held");
            handler.unlockInbound(); // let go before the message is due: nobody else will look for it
            worker.join(TimeUnit.SECONDS.toMillis(10));
            assertTrue(to.arrivals() > before, "the parked worker received the message once it was due");
        } finally {
            stop.set(true);
            LockSupport.unpark(worker);
            worker.join();
        }
    }

    @Test
    void anArrivalDueAlreadyLeavesTheParkAsItIs() throws Exception {
        World world = new World(2, new Network(2, 2, 1_000_000, Double.POSITIVE_INFINITY), 1 << 17, false);
        Handler handler = handler(world);
        Endpoint from = world.endpoint(1);
        from.isend(from.world().worldScope(), new int[] {7}, 0, 1, MPI.INT, 0, 5, SendMode.COPY, "send");
        Thread.sleep(20); // due, and nobody has taken it: the lock holder's (IdleWorkerParksWhileAnotherThreadReceivesTest)
        assertEquals(PARK, handler.untilNextArrival(PARK));
    }
}
