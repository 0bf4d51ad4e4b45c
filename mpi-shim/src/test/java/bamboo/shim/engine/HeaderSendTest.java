package bamboo.shim.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import mpi.MPI;
import mpi.MPIException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A copying send that carries a progress engine's header with its payload (the task-graph runtime's one
 * shim message per message between processes), and the rule that a deposit wakes a rank's waiters only
 * when it changed something they look at.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HeaderSendTest {
    private final World world = new World(2, new Network(2, 1, 0, Double.POSITIVE_INFINITY),
            World.DEFAULT_EAGER_LIMIT, false);
    private final Endpoint sender = world.endpoint(0);
    private final Endpoint receiver = world.endpoint(1);
    private final Scope scope = world.worldScope();

    @Test
    void theHeaderTravelsWithThePayloadAndATakeGetsBoth() throws MPIException {
        final long[] header = {7, -1, Long.MAX_VALUE, 0, 42};
        sender.sendCopy(scope, header, 5, new double[] {1.5, 2.5, 3.5}, 1, 2, MPI.DOUBLE, 1, 9, "send");
        header[0] = 99; // the header was copied: changing it now changes nothing
        final Taken t = new Taken();
        assertTrue(receiver.take(scope, MPI.ANY_SOURCE, MPI.ANY_TAG, t));
        assertEquals(5, t.headerLength);
        assertArrayEquals(new long[] {7, -1, Long.MAX_VALUE, 0, 42}, java.util.Arrays.copyOf(t.header, 5));
        assertEquals(2, t.elements);
        assertEquals(2.5, ((double[]) t.data)[0]);
        assertEquals(3.5, ((double[]) t.data)[1]);
        assertEquals(9, t.tag);
        assertEquals(0, t.source);
    }

    @Test
    void anEmptyPayloadCarriesOnlyTheHeader() throws MPIException {
        sender.sendCopy(scope, new long[] {3}, 1, new int[0], 0, 0, MPI.INT, 1, 9, "send");
        final Taken t = new Taken();
        assertTrue(receiver.take(scope, 0, 9, t));
        assertEquals(1, t.headerLength);
        assertEquals(3, t.header[0]);
        assertEquals(0, t.elements);
        assertNull(t.data);
        assertFalse(t.pooled);
    }

    /** An ordinary receive gets the data of a message with a header, and nothing breaks on an empty one. */
    @Test
    void anOrdinaryReceiveTakesTheDataWithoutTheHeader() throws MPIException {
        sender.sendCopy(scope, new long[] {1}, 1, new int[] {5, 6}, 0, 2, MPI.INT, 1, 9, "send");
        sender.sendCopy(scope, new long[] {2}, 1, new int[0], 0, 0, MPI.INT, 1, 9, "send");
        final int[] into = new int[2];
        assertEquals(2, receiver.recv(scope, into, 0, 2, MPI.INT, 0, 9, "Recv").Get_count(MPI.INT));
        assertArrayEquals(new int[] {5, 6}, into);
        assertEquals(0, receiver.recv(scope, into, 0, 2, MPI.INT, 0, 9, "Recv").Get_count(MPI.INT));
    }

    /** A message without a header taken into a Taken that held one before reports none. */
    @Test
    void aPlainMessageInterleavedWithHeaderedOnesKeepsItsOrderAndHasNoHeader() throws MPIException {
        sender.sendCopy(scope, new long[] {1}, 1, new int[] {10}, 0, 1, MPI.INT, 1, 9, "send");
        sender.sendCopy(scope, new int[] {20}, 0, 1, MPI.INT, 1, 9, "send");
        sender.sendCopy(scope, new long[] {3}, 1, new int[] {30}, 0, 1, MPI.INT, 1, 9, "send");
        final Taken t = new Taken();
        final int[] expectedHeaders = {1, 0, 1};
        final int[] expectedData = {10, 20, 30};
        for (int i = 0; i < 3; i++) {
            assertTrue(receiver.take(scope, 0, 9, t));
            assertEquals(expectedHeaders[i], t.headerLength, "message " + i);
            assertEquals(expectedData[i], ((int[]) t.data)[0], "message " + i);
        }
    }

    @Test
    void badArgumentsAreNamed() {
        final IllegalArgumentException tooLong = assertThrows(IllegalArgumentException.class, () ->
                sender.sendCopy(scope, new long[9], 9, new int[1], 0, 1, MPI.INT, 1, 9, "send"));
        assertEquals("send: headerLength must be 0..8 and fit the header array, got 9", tooLong.getMessage());
        final IllegalArgumentException objects = assertThrows(IllegalArgumentException.class, () ->
                sender.sendCopy(scope, new long[1], 1, new Object[1], 0, 1, MPI.OBJECT, 1, 9, "send"));
        assertEquals("send: a message with a header carries primitive data, not MPI.OBJECT", objects.getMessage());
    }

    /**
     * A deposit that neither became matchable nor brought the next arrival forward wakes nobody: waking the
     * receiver's waiters for a message still on a simulated link would only make them find nothing due and
     * park again, once per message.
     */
    @Test
    void aDepositThatArrivesNoEarlierThanTheNextArrivalWakesNobody() throws MPIException {
        final World slow = new World(2, new Network(2, 2, TimeUnit.SECONDS.toNanos(30), Double.POSITIVE_INFINITY),
                World.DEFAULT_EAGER_LIMIT, false);
        final Endpoint from = slow.endpoint(0);
        final Endpoint to = slow.endpoint(1);
        final Scope s = slow.worldScope();
        from.sendCopy(s, new int[] {1}, 0, 1, MPI.INT, 1, 9, "send");
        assertEquals(1, to.receives.depositWakeups, "the first message in transit sets the next arrival: waiters re-read it");
        from.sendCopy(s, new int[] {2}, 0, 1, MPI.INT, 1, 9, "send");
        from.sendCopy(s, new long[] {5}, 1, new int[] {3}, 0, 1, MPI.INT, 1, 9, "send");
        assertEquals(1, to.receives.depositWakeups, "later arrivals on the same link change nothing a waiter looks at");
        // A message that is matchable at once (same node) wakes them while a thread of the rank watches for
        // arrivals (Probe, a progress engine); a receive's waiter is woken by its completion instead.
        final World near = new World(2, new Network(2, 1, 0, Double.POSITIVE_INFINITY), World.DEFAULT_EAGER_LIMIT,
                false);
        near.endpoint(0).sendCopy(near.worldScope(), new int[] {1}, 0, 1, MPI.INT, 1, 9, "send");
        assertEquals(0, near.endpoint(1).receives.depositWakeups, "nobody watches for arrivals");
        near.endpoint(1).waits.arrivalWatchers.incrementAndGet();
        near.endpoint(0).sendCopy(near.worldScope(), new int[] {1}, 0, 1, MPI.INT, 1, 9, "send");
        near.endpoint(0).sendCopy(near.worldScope(), new long[] {1}, 1, new int[] {1}, 0, 1, MPI.INT, 1, 9, "send");
        assertEquals(2, near.endpoint(1).receives.depositWakeups);
    }

    /** The waiter's side of the rule: one parked until the next arrival is not woken by a later deposit,
     *  and returns once that arrival is due. */
    @Test
    void aReceiverWaitingForTheNextArrivalReturnsWhenItIsDue() throws Exception {
        final World slow = new World(2, new Network(2, 2, TimeUnit.MILLISECONDS.toNanos(300), Double.POSITIVE_INFINITY),
                World.DEFAULT_EAGER_LIMIT, false);
        final Endpoint from = slow.endpoint(0);
        final Endpoint to = slow.endpoint(1);
        final Scope s = slow.worldScope();
        final long seen = to.arrivals();
        from.sendCopy(s, new long[] {1}, 1, new int[] {1}, 0, 1, MPI.INT, 1, 9, "send");
        from.sendCopy(s, new long[] {2}, 1, new int[] {2}, 0, 1, MPI.INT, 1, 9, "send");
        final Taken t = new Taken();
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        int taken = 0;
        while (taken < 2 && System.nanoTime() < deadline) {
            to.awaitArrival(to.arrivals(), TimeUnit.SECONDS.toNanos(30));
            while (to.take(s, 0, 9, t)) {
                assertEquals(++taken, t.header[0]);
            }
        }
        assertEquals(2, taken);
        assertTrue(to.arrivals() > seen);
    }
}
