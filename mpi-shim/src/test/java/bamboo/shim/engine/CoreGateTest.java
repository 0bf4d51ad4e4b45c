package bamboo.shim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CoreGateTest {

    /** Waits until {@code t} is parked (in the gate), so the order in which threads queue is known. */
    private static void awaitParked(Thread t) throws InterruptedException {
        while (t.getState() != Thread.State.WAITING) {
            Thread.sleep(1);
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void permitsGoOutInTheOrderTheyWereAskedFor() throws Exception {
        final CoreGate g = new CoreGate(1, 4);
        g.acquire();
        assertFalse(g.contended());
        final List<Integer> order = new CopyOnWriteArrayList<>();
        final Thread[] ts = new Thread[3];
        for (int i = 0; i < ts.length; i++) {
            final int id = i;
            ts[i] = new Thread(() -> {
                g.acquire();
                order.add(id);
                g.release();
            });
            ts[i].start();
            awaitParked(ts[i]);
        }
        assertTrue(g.contended());
        g.release();
        for (Thread t : ts) {
            t.join();
        }
        assertEquals(List.of(0, 1, 2), order);
        assertFalse(g.contended());
    }

    @Test
    void twoCoresLetTwoThroughAndTheThirdWaits() throws Exception {
        final CoreGate g = new CoreGate(2, 3);
        g.acquire();
        g.acquire();
        final Thread third = new Thread(g::acquire);
        third.start();
        awaitParked(third);
        assertTrue(third.isAlive());
        g.release();
        third.join();
        assertFalse(g.contended());
    }

    @Test
    void openLetsWaitersThrough() throws Exception {
        final CoreGate g = new CoreGate(1, 2);
        g.acquire();
        final Thread waiter = new Thread(g::acquire);
        waiter.start();
        awaitParked(waiter);
        g.open();
        waiter.join();
        g.acquire(); // open: no wait
        assertTrue(g.isOpen());
    }

    @Test
    void anInterruptDoesNotEndTheWaitAndIsKept() throws Exception {
        final CoreGate g = new CoreGate(1, 2);
        g.acquire();
        final boolean[] kept = new boolean[1];
        final Thread waiter = new Thread(() -> {
            g.acquire();
            kept[0] = Thread.currentThread().isInterrupted();
        });
        waiter.start();
        awaitParked(waiter);
        waiter.interrupt();
        Thread.sleep(20);
        assertTrue(waiter.isAlive(), "an interrupt is no permit");
        g.release();
        waiter.join();
        assertTrue(kept[0]);
    }

    /** tryAcquire takes a free permit, never one that is taken, and never jumps the queue of waiters. */
    @Test
    void tryAcquireTakesOnlyAFreePermitAndNeverJumpsTheQueue() throws Exception {
        final CoreGate g = new CoreGate(1, 4);
        assertTrue(g.tryAcquire());
        assertFalse(g.tryAcquire(), "the one permit is taken");
        final CountDownLatch checked = new CountDownLatch(1);
        final Thread waiter = new Thread(() -> {
            g.acquire();
            awaitQuietly(checked); // holds the permit until the check below: woken or not, it is the waiter's
            g.release();
        });
        waiter.start();
        awaitParked(waiter);
        g.release(); // the waiter's turn: its ticket is eligible before it has even woken
        assertFalse(g.tryAcquire(), "the waiter is first in line");
        checked.countDown();
        waiter.join();
        assertTrue(g.tryAcquire(), "free again");
        assertFalse(g.contended());
        g.release();
        g.open();
        g.acquire();
        assertTrue(g.tryAcquire(), "an open gate lets everybody through");
    }

    @Test
    void yieldToWaiterSaysWhetherItGaveTheCoreUp() throws Exception {
        final CoreGate g = new CoreGate(1, 4);
        g.acquire();
        assertFalse(g.yieldToWaiter(), "nobody waits");
        final Thread waiter = new Thread(() -> {
            g.acquire();
            g.release();
        });
        waiter.start();
        awaitParked(waiter);
        assertTrue(g.yieldToWaiter());
        waiter.join();
        g.release();
        assertFalse(g.contended());
    }
}
