package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.shim.engine.CoreGate;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A handler back from a park or a doze takes a core of its gated process only if one is free; while every
 * core is busy with a worker it stays off the cores, so a computing worker does not hand its core over at
 * the end of its next duty cycle for a handler pass that finds nothing to do. It waits in line for a core
 * only for what only it can do ({@link HandlerIdler#take}).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WokenHandlerLeavesBusyWorkersCoresAloneTest {
    /** The machine's cores are not what these tests are about: only the gate's. */
    private static final CoreShare ALWAYS_SPARE = new CoreShare(64);

    private static WorkerIdler worker(CoreGate gate) {
        return new WorkerIdler(new Parking(1), new SharedRunQueue(), new ThreadStats("w", false), 0, 0, 0, 1_000,
                null, ALWAYS_SPARE, gate);
    }

    private static void awaitState(Thread t, Thread.State s) throws InterruptedException {
        while (t.getState() != s && t.isAlive()) {
            Thread.sleep(1);
        }
    }

    /** A doze woken while the worker computes: the handler comes back without a core, not waiting for one. */
    @Test
    void aDozeWokenWhileTheWorkerComputesLeavesItsCoreAlone() throws Exception {
        final CoreGate gate = new CoreGate(1, 2);
        final HandlerIdler h = new HandlerIdler(new ThreadStats("h", true), 2_000, ALWAYS_SPARE, gate);
        final CountDownLatch dozing = new CountDownLatch(1);
        final AtomicReference<Boolean> onCore = new AtomicReference<>();
        final Thread handler = new Thread(() -> {
            h.started();
            dozing.countDown();
            onCore.set(h.doze(TimeUnit.SECONDS.toNanos(50)));
        });
        handler.start();
        assertTrue(dozing.await(30, TimeUnit.SECONDS));
        awaitState(handler, Thread.State.TIMED_WAITING); // in the doze: its core is free
        final WorkerIdler w = worker(gate);
        w.started(); // the worker takes the node's one core and computes
        java.util.concurrent.locks.LockSupport.unpark(handler); // the monitor's poke
        handler.join(TimeUnit.SECONDS.toMillis(30));
        assertFalse(handler.isAlive(), "the handler waited for the busy worker's core");
        assertEquals(Boolean.FALSE, onCore.get());
        assertTrue(h.away());
        assertEquals(1, h.awayWakes);
        assertFalse(gate.contended(), "nobody waits for the core");
        w.idle(1); // the end of the worker's duty cycle: nobody to hand the core to
        assertEquals(0, w.turnsGiven);
        w.finish();
    }

    /** The poll phase's short park: the handler gives its core to a waiting worker and does not queue again. */
    @Test
    void aShortParkHandsTheCoreOverOnce() throws Exception {
        final CoreGate gate = new CoreGate(1, 2);
        final HandlerIdler h = new HandlerIdler(new ThreadStats("h", true), 2_000, ALWAYS_SPARE, gate);
        h.started(); // the test's thread is the handler, on the node's one core
        final WorkerIdler w = worker(gate);
        final AtomicBoolean workerRan = new AtomicBoolean();
        final CountDownLatch done = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final Thread workerThread = new Thread(() -> {
            w.started(); // waits for the handler's core
            workerRan.set(true);
            try {
                release.await(); // computes until the test is done looking
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            w.idle(1);
            w.finish();
            done.countDown();
        });
        workerThread.start();
        awaitState(workerThread, Thread.State.WAITING);
        assertTrue(gate.contended());
        h.idle(); // nothing to do and a worker waits: no spin, a short park that gives the core up
        while (!workerRan.get()) {
            Thread.sleep(1); // the worker got the core (the test's timeout catches a hang)
        }
        assertTrue(h.away(), "back from the park with the core busy, the handler stays off it");
        assertFalse(gate.contended(), "the handler does not queue for the busy worker's core");
        release.countDown();
        assertTrue(done.await(30, TimeUnit.SECONDS));
        assertEquals(0, w.turnsGiven, "the worker's duty cycle ended without a hand-off");
        assertTrue(h.doze(1_000)); // the core is free now: the handler takes it
        assertFalse(h.away());
        h.finish();
        assertFalse(gate.contended());
    }

    /** A handler with work only it can do (a stop, messages queued before binding) still waits in line. */
    @Test
    void takeWaitsInLine() throws Exception {
        final CoreGate gate = new CoreGate(1, 2);
        final HandlerIdler h = new HandlerIdler(new ThreadStats("h", true), 2_000, ALWAYS_SPARE, gate);
        final CountDownLatch dozing = new CountDownLatch(1);
        final AtomicBoolean ran = new AtomicBoolean();
        final Thread handler = new Thread(() -> {
            h.started();
            dozing.countDown();
            h.doze(TimeUnit.SECONDS.toNanos(50)); // woken below while the worker computes: back without a core
            h.take();
            ran.set(true);
            h.finish();
        });
        handler.start();
        assertTrue(dozing.await(30, TimeUnit.SECONDS));
        awaitState(handler, Thread.State.TIMED_WAITING);
        final WorkerIdler w = worker(gate);
        w.started();
        java.util.concurrent.locks.LockSupport.unpark(handler);
        while (!gate.contended()) {
            Thread.sleep(1); // the handler queues for the core (the test's timeout catches a hang)
        }
        assertFalse(ran.get());
        w.idle(1); // the worker's duty cycle ends: the handler waiting in line has its turn
        handler.join(TimeUnit.SECONDS.toMillis(30));
        assertTrue(ran.get());
        assertEquals(1, w.turnsGiven);
        assertEquals(1, h.awayWakes);
        w.finish();
    }
}
