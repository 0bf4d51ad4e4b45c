package bamboo.shim.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An eager send whose receive is already posted is copied once, straight from the sender's buffer into
 * the receive buffer (no eager copy, nothing counted in the receiver's budget); otherwise it is copied
 * at once as before. Matching order is unchanged either way.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class DirectDeliveryTest {
    private final World world = new World(2, new Network(2, 1, 0, Double.POSITIVE_INFINITY),
            World.DEFAULT_EAGER_LIMIT, false);
    private final Endpoint sender = world.endpoint(0);
    private final Endpoint receiver = world.endpoint(1);
    private final Scope scope = world.worldScope();

    private Pending send(int[] data, int tag) throws MPIException {
        return sender.isend(scope, data, 0, data.length, MPI.INT, 1, tag, SendMode.STANDARD, "Isend");
    }

    private Pending post(int[] into, int source, int tag) {
        return receiver.irecv(scope, into, 0, into.length, MPI.INT, source, tag, "Irecv");
    }

    @Test
    void aPostedReceiveGetsTheDataWithoutAnEagerCopy() throws MPIException {
        final int[] into = new int[4];
        final Pending r = post(into, 0, 3);
        final int[] data = {1, 2, 3, 4};
        assertTrue(send(data, 3).poll(), "the send completed at once");
        data[0] = 99; // the send has returned: the buffer is the sender's again
        assertTrue(r.poll());
        final Status s = r.complete();
        assertArrayEquals(new int[] {1, 2, 3, 4}, into);
        assertEquals(4, s.elements());
        assertEquals(0, receiver.unexpectedBudget().peak(), "no eager copy was held for the receiver");
    }

    @Test
    void withoutAPostedReceiveTheSendIsCopiedAtOnce() throws MPIException {
        final int[] data = {5, 6};
        assertTrue(send(data, 1).poll());
        data[0] = 99;
        assertEquals(8, receiver.unexpectedBudget().used(), "an eager copy waits for its receive");
        final int[] into = new int[2];
        final Pending r = post(into, 0, 1);
        assertTrue(r.poll());
        r.complete();
        assertArrayEquals(new int[] {5, 6}, into);
        assertEquals(0, receiver.unexpectedBudget().used());
    }

    @Test
    void anEarlierUnexpectedMessageStillMatchesFirst() throws MPIException {
        assertTrue(send(new int[] {1}, 7).poll()); // no receive yet: queued as unexpected
        final int[] first = new int[1];
        final int[] second = new int[1];
        final Pending r1 = post(first, MPI.ANY_SOURCE, MPI.ANY_TAG); // takes the queued message
        final Pending r2 = post(second, 0, 7);                       // posted: the next send goes direct
        assertTrue(send(new int[] {2}, 7).poll());
        assertTrue(r1.poll() && r2.poll());
        r1.complete();
        r2.complete();
        assertArrayEquals(new int[] {1}, first);
        assertArrayEquals(new int[] {2}, second);
    }

    @Test
    void aPostedReceiveForAnotherTagIsLeftAlone() throws MPIException {
        final int[] into = new int[1];
        final Pending r = post(into, 0, 8);
        assertTrue(send(new int[] {4}, 9).poll());
        assertFalse(r.poll(), "tag 9 does not match the receive for tag 8");
        assertEquals(4, receiver.unexpectedBudget().used());
        assertTrue(send(new int[] {5}, 8).poll());
        assertTrue(r.poll());
        r.complete();
        assertArrayEquals(new int[] {5}, into);
    }

    @Test
    void truncationIsStillReportedOnTheReceive() {
        final int[] into = new int[1];
        final Pending r = post(into, 0, 2);
        try {
            assertTrue(send(new int[] {1, 2}, 2).poll());
            assertTrue(r.poll());
            r.complete();
            throw new AssertionError("expected a truncation error");
        } catch (MPIException e) {
            assertTrue(e.getMessage().contains("message truncated (MPI_ERR_TRUNCATE)"), e.getMessage());
        }
    }
}
