package bamboo.shim.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A non-blocking eager send of at least {@link SendPath#DEFER_MIN_BYTES} that finds no posted receive is
 * deferred: a receive posted before the sender waits copies it once, straight from the sender's buffer
 * (no eager copy); a sender that waits (or tests, or frees the request) first makes the eager copy then
 * and completes at once, as an eager send. Blocking sends and small messages are copied at once as before.
 * (Some tests change the send buffer before the send has completed, which MPI forbids, only to show
 * which copy a receive got.)
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DeferredEagerSendTest {
    private static final int N = SendPath.DEFER_MIN_BYTES / 4; // ints: just at the threshold
    private final World world = new World(2, new Network(2, 1, 0, Double.POSITIVE_INFINITY),
            World.DEFAULT_EAGER_LIMIT, false);
    private final Endpoint sender = world.endpoint(0);
    private final Endpoint receiver = world.endpoint(1);
    private final Scope scope = world.worldScope();

    private static int[] data(int first) {
        final int[] d = new int[N];
        Arrays.setAll(d, i -> first + i);
        return d;
    }

    private Pending isend(int[] data, int tag) throws MPIException {
        return sender.isend(scope, data, 0, data.length, MPI.INT, 1, tag, SendMode.STANDARD, "Isend");
    }

    private Pending post(int[] into, int tag) {
        return receiver.irecv(scope, into, 0, into.length, MPI.INT, 0, tag, "Irecv");
    }

    @Test
    void aReceivePostedBeforeTheSenderWaitsTakesTheDataStraightFromItsBuffer() throws MPIException {
        final int[] data = data(1);
        final Pending s = isend(data, 3);
        assertTrue(s.waitLast(), "deferred: no receive was posted");
        assertEquals(4L * N, receiver.unexpectedBudget().used(), "counted in the receiver's budget like an eager copy");
        data[0] = -7; // forbidden in MPI before completion: shows that no copy was made at the send
        final int[] into = new int[N];
        final Pending r = post(into, 3);
        assertTrue(r.poll());
        r.complete();
        assertEquals(-7, into[0], "the receive read the sender's buffer");
        assertTrue(s.poll(), "the receive completed the send");
        assertEquals(0, receiver.unexpectedBudget().used());
    }

    @Test
    void aSenderThatWaitsFirstMakesTheEagerCopyThenAndCompletesAtOnce() throws MPIException {
        final int[] data = data(1);
        final Pending s = isend(data, 4);
        assertTrue(s.poll(), "no receive needed: it completes as an eager send");
        data[0] = -7; // completed: the buffer is the sender's again
        final int[] into = new int[N];
        final Pending r = post(into, 4);
        assertTrue(r.poll());
        r.complete();
        assertArrayEquals(data(1), into);
        assertEquals(0, receiver.unexpectedBudget().used());
    }

    @Test
    void freeingTheRequestCopiesTheDataNow() throws MPIException {
        final int[] data = data(10);
        final Request req = new ShimRequest(isend(data, 5));
        req.Free();
        data[0] = -7; // the caller cannot tell when the send would complete: the copy was made at Free
        final int[] into = new int[N];
        final Pending r = post(into, 5);
        assertTrue(r.poll());
        r.complete();
        assertArrayEquals(data(10), into);
    }

    @Test
    void blockingSendsAndSmallMessagesAreCopiedAtOnce() throws MPIException {
        final int[] big = data(1);
        sender.send(scope, big, 0, N, MPI.INT, 1, 6, SendMode.STANDARD, "Send");
        big[0] = -7;
        final int[] small = {1, 2, 3};
        final Pending s = sender.isend(scope, small, 0, 3, MPI.INT, 1, 6, SendMode.STANDARD, "Isend");
        assertFalse(s.waitLast(), "below the threshold: an eager copy");
        small[0] = -7;
        final int[] into = new int[N];
        final Pending r = post(into, 6);
        assertTrue(r.poll());
        r.complete();
        assertArrayEquals(data(1), into);
        final int[] intoSmall = new int[3];
        final Pending r2 = receiver.irecv(scope, intoSmall, 0, 3, MPI.INT, 0, 6, "Irecv");
        assertTrue(r2.poll());
        r2.complete();
        assertArrayEquals(new int[] {1, 2, 3}, intoSmall);
    }

    @Test
    void aDeferredSendKeepsItsPlaceInTheMatchingOrder() throws MPIException {
        final Pending big = isend(data(100), 9);
        final int[] small = {42};
        assertTrue(sender.isend(scope, small, 0, 1, MPI.INT, 1, 9, SendMode.STANDARD, "Isend").poll());
        assertTrue(big.poll()); // copied now, still first in line
        final int[] first = new int[N];
        final int[] second = new int[N];
        final Pending r1 = post(first, 9);
        final Pending r2 = post(second, 9);
        assertTrue(r1.poll() && r2.poll());
        assertEquals(N, r1.complete().elements());
        assertEquals(1, r2.complete().elements());
        assertArrayEquals(data(100), first);
        assertEquals(42, second[0]);
    }

    /** The sender's copy and a receive taking the data race: whichever wins, the receive gets the data
     *  exactly once and the send completes once. */
    @Test
    void theSendersCopyAndAConcurrentReceiveNeverLoseOrMixData() throws Exception {
        final int rounds = 2000;
        final AtomicReference<Throwable> failed = new AtomicReference<>();
        final Thread recv = new Thread(() -> {
            try {
                final int[] into = new int[N];
                for (int i = 0; i < rounds; i++) {
                    final Pending r = post(into, 11);
                    receiver.await(r, "Irecv");
                    r.complete();
                    if (into[0] != i || into[N - 1] != i + N - 1) {
                        throw new AssertionError("round " + i + " received " + into[0] + ".." + into[N - 1]);
                    }
                }
            } catch (Throwable t) {
                failed.set(t);
            }
        });
        recv.start();
        final int[] data = new int[N];
        for (int i = 0; i < rounds && failed.get() == null; i++) {
            final int first = i;
            Arrays.setAll(data, k -> first + k); // only after the previous send completed
            final Pending s = isend(data, 11);
            if ((i & 1) == 0) {
                Thread.onSpinWait(); // vary the timing a little between rounds
            }
            sender.await(s, "Wait");
            s.complete();
        }
        recv.join(TimeUnit.SECONDS.toMillis(50));
        assertFalse(recv.isAlive(), "the receiver finished");
        if (failed.get() != null) {
            throw new AssertionError(failed.get());
        }
        assertEquals(0, receiver.unexpectedBudget().used());
    }
}
