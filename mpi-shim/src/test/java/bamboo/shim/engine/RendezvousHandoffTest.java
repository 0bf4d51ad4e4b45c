package bamboo.shim.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import mpi.MPI;
import mpi.MPIException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A rendezvous message whose receive is posted and whose receiving rank busy-waits for it is copied by
 * the receiving rank's thread, not by the sender's: the data then lands in the cache of the core that
 * reads it next (SUMMA's panels). A receive nobody waits for is still copied by the sender (progress), and
 * a receiver that stopped spinning to park is woken for the copy.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RendezvousHandoffTest {
    /** Eager limit of these worlds: the messages below (16 KiB) go by rendezvous. */
    private static final int EAGER = 1024;
    private static final int N = 4096;

    private static World world(boolean spin) {
        return new World(2, new Network(2, 1, 0, Double.POSITIVE_INFINITY), EAGER, spin);
    }

    private static int[] data() {
        final int[] d = new int[N];
        for (int i = 0; i < N; i++) {
            d[i] = i * 7 + 1;
        }
        return d;
    }

    private static Pending isend(World w, int[] data) throws MPIException {
        return w.endpoint(0).isend(w.worldScope(), data, 0, data.length, MPI.INT, 1, 5, SendMode.STANDARD, "Isend");
    }

    private static RecvOp irecv(World w, int[] into) {
        return (RecvOp) w.endpoint(1).irecv(w.worldScope(), into, 0, into.length, MPI.INT, 0, 5, "Irecv");
    }

    @Test
    void aRendezvousIntoASpinningReceiveIsCopiedByTheReceiver() throws Exception {
        final World w = world(true);
        final Endpoint receiver = w.endpoint(1);
        receiver.waits.spinNanos = TimeUnit.SECONDS.toNanos(20); // spins, never parks, for this test
        final int[] into = new int[N];
        final RecvOp r = irecv(w, into);
        final AtomicReference<Thread> copier = new AtomicReference<>();
        final Thread t = new Thread(() -> {
            receiver.await(r, "Wait");
            copier.set(Thread.currentThread());
        });
        t.start();
        while (!r.spinning) {
            Thread.onSpinWait();
        }
        final int[] data = data();
        final Pending s = isend(w, data);
        w.endpoint(0).await(s, "Wait"); // complete only once the receiver has copied
        t.join();
        assertArrayEquals(data(), into);
        assertEquals(1, receiver.receives.handoffs, "the receiving rank's thread copied the message");
        assertEquals(t, copier.get());
        r.complete();
        s.complete();
    }

    @Test
    void aRendezvousIntoAReceiveNobodyWaitsForIsCopiedByTheSender() throws MPIException {
        final World w = world(true);
        final int[] into = new int[N];
        final RecvOp r = irecv(w, into); // posted, but its rank computes: the sender must not wait for it
        final Pending s = isend(w, data());
        assertTrue(s.poll(), "the sender copied at once");
        assertTrue(r.poll());
        assertArrayEquals(data(), into);
        assertEquals(0, w.endpoint(1).receives.handoffs);
    }

    @Test
    void aHandedOffRendezvousCompletesAtTheReceiversNextPoll() throws MPIException {
        final World w = world(true);
        final int[] into = new int[N];
        final RecvOp r = irecv(w, into);
        r.spinning = true; // as if its rank were spinning for it when the sender matched it
        final int[] data = data();
        final Pending s = isend(w, data);
        assertFalse(s.poll(), "left for the receiver: the send waits for its copy");
        assertTrue(r.poll(), "the receiver's poll copies it");
        assertTrue(s.poll());
        assertArrayEquals(data(), into);
        assertEquals(1, w.endpoint(1).receives.handoffs);
    }

    @Test
    void aReceiverThatParkedIsWokenForAHandedOffRendezvous() throws Exception {
        final World w = world(false); // no spinning: the receiver parks at once
        final Endpoint receiver = w.endpoint(1);
        final int[] into = new int[N];
        final RecvOp r = irecv(w, into);
        r.spinning = true; // the sender reads it as a receiver that has just stopped spinning to park
        final Thread t = new Thread(() -> receiver.await(r, "Wait"));
        t.start();
        while (receiver.waits.blocked.isEmpty()) {
            Thread.onSpinWait(); // parked in MPI
        }
        final Pending s = isend(w, data());
        t.join(); // woken by the hand-off, copies, returns
        assertArrayEquals(data(), into);
        assertTrue(s.poll());
        assertEquals(1, receiver.receives.handoffs);
    }
}
