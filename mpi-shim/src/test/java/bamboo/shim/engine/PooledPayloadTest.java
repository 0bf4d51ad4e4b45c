package bamboo.shim.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The shim's eager copies come from {@link PayloadPool#shared()} and go back there once copied out: by
 * the receive that matched them, or by whoever took the message by reference ({@link Endpoint#take}),
 * never earlier, and a user's buffer never goes there. (Single-threaded: the pool is the JVM's, so these
 * tests look at what changes between two steps, and at array identity.)
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PooledPayloadTest {
    private static final int N = 40; // a size class of its own: 40 ints
    private final World world = new World(2, new Network(2, 1, 0, Double.POSITIVE_INFINITY),
            World.DEFAULT_EAGER_LIMIT, false);
    private final Endpoint sender = world.endpoint(0);
    private final Endpoint receiver = world.endpoint(1);
    private final Scope scope = world.worldScope();
    private final PayloadPool pool = PayloadPool.shared();

    private static int[] data(int first, int n) {
        final int[] d = new int[n];
        Arrays.setAll(d, i -> first + i);
        return d;
    }

    private void copySend(int[] data, int tag) throws MPIException {
        sender.sendCopy(scope, data, 0, data.length, MPI.INT, 1, tag, "send");
    }

    @Test
    void aReceivedEagerCopyGoesBackToThePoolSoTheNextSendAllocatesNothing() throws MPIException {
        final int[] into = new int[N];
        sender.send(scope, data(1, N), 0, N, MPI.INT, 1, 7, SendMode.STANDARD, "Send"); // eager, unexpected
        receiver.recv(scope, into, 0, N, MPI.INT, 0, 7, "Recv");
        assertArrayEquals(data(1, N), into);
        final long allocations = pool.allocations();
        for (int i = 2; i < 10; i++) {
            sender.send(scope, data(i, N), 0, N, MPI.INT, 1, 7, SendMode.STANDARD, "Send");
            receiver.recv(scope, into, 0, N, MPI.INT, 0, 7, "Recv");
            assertArrayEquals(data(i, N), into);
        }
        assertEquals(allocations, pool.allocations(), "each copy reused the one the last receive returned");
    }

    /** Regression: an array taken by reference must stay the taker's until it returns it, however many
     *  sends come meanwhile; returned, it serves the next send. */
    @Test
    void aTakenArrayIsNeverReusedBeforeItsTakerReturnsIt() throws MPIException {
        copySend(data(100, N), 1);
        final Taken first = new Taken();
        assertTrue(receiver.take(scope, 0, 1, first));
        assertTrue(first.pooled, "the shim's own copy");
        final Object kept = first.data;
        for (int i = 0; i < 5; i++) {
            copySend(data(i * 1000, N), 2);
            final Taken later = new Taken();
            assertTrue(receiver.take(scope, 0, 2, later));
            assertNotSame(kept, later.data, "a later send got the array the first taker still holds");
            assertTrue(pool.release(later.data));
        }
        assertArrayEquals(data(100, N), Arrays.copyOf((int[]) kept, N), "the first message's data is intact");
        assertTrue(pool.release(kept));
        copySend(data(5, N), 3);
        final Taken next = new Taken();
        assertTrue(receiver.take(scope, 0, 3, next));
        assertSame(kept, next.data, "returned, it serves the next copy");
        assertArrayEquals(data(5, N), Arrays.copyOf((int[]) next.data, N));
        pool.release(next.data);
    }

    @Test
    void aSendersBufferNeverEntersThePool() throws MPIException {
        final int n = 65_536; // 256 KiB: above the eager limit (rendezvous), and a size class's exact length
        assertEquals(n, PayloadPool.lengthOf(PayloadPool.classOf(n)));
        final int[] user = data(3, n);
        final Pending s = sender.isend(scope, user, 0, n, MPI.INT, 1, 4, SendMode.STANDARD, "Isend");
        final int[] into = new int[n];
        receiver.recv(scope, into, 0, n, MPI.INT, 0, 4, "Recv"); // copied straight from the sender's buffer
        assertTrue(s.poll());
        assertArrayEquals(user, into);
        final Object drawn = pool.take(Datatype.Base.INT, n);
        assertNotSame(user, drawn, "the sender's buffer was returned to the pool");
        assertNotSame(into, drawn, "the receiver's buffer was returned to the pool");
        pool.release(drawn);

        // Taken by reference, a rendezvous message is copied out of the sender's buffer into a pooled array.
        final Pending s2 = sender.isend(scope, user, 0, n, MPI.INT, 1, 5, SendMode.STANDARD, "Isend");
        final Taken t = new Taken();
        assertTrue(receiver.take(scope, 0, 5, t));
        assertTrue(s2.poll());
        assertNotSame(user, t.data);
        assertTrue(t.pooled);
        assertArrayEquals(user, (int[]) t.data);
        pool.release(t.data);

        // Straight into a posted receive: no copy of the shim's at all.
        final int[] small = data(9, N);
        final int[] posted = new int[N];
        final Pending r = receiver.irecv(scope, posted, 0, N, MPI.INT, 0, 6, "Irecv");
        sender.send(scope, small, 0, N, MPI.INT, 1, 6, SendMode.STANDARD, "Send");
        assertTrue(r.poll());
        assertArrayEquals(small, posted);
        final Object again = pool.take(Datatype.Base.INT, N);
        assertNotSame(small, again);
        assertNotSame(posted, again);
        pool.release(again);
    }

    @Test
    void aTruncatedMessageStillReturnsItsCopy() throws MPIException {
        sender.send(scope, data(1, N), 0, N, MPI.INT, 1, 8, SendMode.STANDARD, "Send");
        final int[] tooSmall = new int[N / 2];
        final Pending r = receiver.irecv(scope, tooSmall, 0, tooSmall.length, MPI.INT, 0, 8, "Irecv");
        assertTrue(r.poll());
        final long allocations = pool.allocations();
        sender.send(scope, data(2, N), 0, N, MPI.INT, 1, 9, SendMode.STANDARD, "Send");
        assertEquals(allocations, pool.allocations(), "the dropped message's copy served this one");
        final int[] into = new int[N];
        receiver.recv(scope, into, 0, N, MPI.INT, 0, 9, "Recv");
        assertArrayEquals(data(2, N), into);
    }
}
