package bamboo.shim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The per-key queues of the mailbox ({@link MatchTable}) match exactly as MPI's linear rule does: a
 * receive takes the oldest waiting message it matches, a message the earliest posted receive that
 * matches it, wildcards included; checked against a plain list model over random operations. Empty
 * queues go away once they dominate.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MatchingQueuesTest {
    private static final int RANKS = 3;
    private final World world = new World(RANKS, new Network(RANKS, 1, 0, Double.POSITIVE_INFINITY),
            World.DEFAULT_EAGER_LIMIT, false);
    private final Endpoint receiver = world.endpoint(0);
    private final long[] seq = new long[RANKS];
    private final Scope worldScope = world.worldScope();
    private final Scope otherScope = worldScope.withContext(6, "other");

    private void inject(Scope scope, int source, int tag, int value) {
        final Envelope e = new Envelope(scope.wireContext(), source, tag, Datatype.Base.INT, 1, new int[] {value}, 0,
                4, null);
        e.seq = seq[source]++;
        receiver.mailbox.inject(e);
    }

    /** A message of the model: where it came from and its unique value. */
    private record Sent(int context, int source, int tag, int value) {
        boolean matches(int context, int source, int tag) {
            return this.context == context && (source == MPI.ANY_SOURCE || source == this.source)
                    && (tag == MPI.ANY_TAG || tag == this.tag);
        }
    }

    /** A receive of the model, and the shim's, with its buffer. */
    private record Posted(int context, int source, int tag, Pending op, int[] buf) {
    }

    @Test
    void randomOperationsMatchAsTheLinearRuleWouldWithWildcardsAndCancels() throws MPIException {
        final Random random = new Random(20261128);
        final List<Sent> waiting = new ArrayList<>();  // the model's unexpected messages, oldest first
        final List<Posted> posted = new ArrayList<>(); // the model's posted receives, earliest first
        int value = 0;
        int matchedOnArrival = 0;
        int matchedOnPost = 0;
        for (int step = 0; step < 40_000; step++) {
            final Scope scope = random.nextInt(4) == 0 ? otherScope : worldScope;
            final int context = scope.wireContext();
            final int source = random.nextInt(RANKS);
            final int tag = random.nextInt(5);
            final int wantSource = random.nextInt(3) == 0 ? MPI.ANY_SOURCE : source;
            final int wantTag = random.nextInt(3) == 0 ? MPI.ANY_TAG : tag;
            switch (random.nextInt(7)) {
                case 0, 1 -> { // a message arrives: the earliest posted receive matching it takes it
                    final Sent m = new Sent(context, source, tag, ++value);
                    Posted taker = null;
                    for (Posted p : posted) {
                        if (m.matches(p.context, p.source, p.tag)) {
                            taker = p;
                            break;
                        }
                    }
                    inject(scope, source, tag, m.value);
                    if (taker != null) {
                        posted.remove(taker);
                        assertTrue(taker.op.poll(), "the earliest matching posted receive completed");
                        assertEquals(m.value, taker.buf[0]);
                        matchedOnArrival++;
                    } else {
                        waiting.add(m);
                    }
                }
                case 2, 3 -> { // a receive is posted: it takes the oldest matching message, else waits
                    final int[] buf = new int[1];
                    final Pending op = receiver.irecv(scope, buf, 0, 1, MPI.INT, wantSource, wantTag, "Irecv");
                    final Sent m = oldest(waiting, context, wantSource, wantTag);
                    if (m != null) {
                        waiting.remove(m);
                        assertTrue(op.poll());
                        final Status st = op.complete();
                        assertEquals(m.value, buf[0]);
                        assertEquals(m.source, st.source);
                        assertEquals(m.tag, st.tag);
                        matchedOnPost++;
                    } else {
                        assertFalse(op.poll());
                        posted.add(new Posted(context, wantSource, wantTag, op, buf));
                    }
                }
                case 4 -> { // a probe sees the oldest matching message and leaves it
                    final Status st = receiver.iprobe(scope, wantSource, wantTag);
                    final Sent m = oldest(waiting, context, wantSource, wantTag);
                    if (m == null) {
                        assertNull(st);
                    } else {
                        assertNotNull(st);
                        assertEquals(m.source, st.source);
                        assertEquals(m.tag, st.tag);
                    }
                }
                case 5 -> { // a progress engine's take removes the oldest matching message
                    final Taken into = new Taken();
                    final Sent m = oldest(waiting, context, wantSource, wantTag);
                    assertEquals(m != null, receiver.take(scope, wantSource, wantTag, into));
                    if (m != null) {
                        waiting.remove(m);
                        assertEquals(m.value, ((int[]) into.data)[0]);
                    }
                }
                default -> { // a posted receive is cancelled
                    if (!posted.isEmpty()) {
                        final Posted p = posted.remove(random.nextInt(posted.size()));
                        assertTrue(p.op.cancel());
                        assertTrue(p.op.complete().Test_cancelled());
                    }
                }
            }
        }
        assertTrue(matchedOnArrival > 500 && matchedOnPost > 500, matchedOnArrival + " / " + matchedOnPost);
        // Drain: everything left is received in the model's order.
        for (Iterator<Posted> it = posted.iterator(); it.hasNext(); ) {
            assertTrue(it.next().op.cancel());
            it.remove();
        }
        while (!waiting.isEmpty()) {
            final Sent m = waiting.remove(0);
            final int[] buf = new int[1];
            final Pending op = receiver.irecv(m.context == 0 ? worldScope : otherScope, buf, 0, 1, MPI.INT,
                    MPI.ANY_SOURCE, MPI.ANY_TAG, "Irecv");
            assertTrue(op.poll());
            assertEquals(m.value, buf[0]);
        }
        final int[] shape = receiver.mailbox.matchTableShape();
        assertEquals(shape[0], shape[1], "no queue is left holding anything");
        assertTrue(shape[1] <= 64, "a few empty queues of hot keys may stay: " + shape[1]);
    }

    private static Sent oldest(List<Sent> waiting, int context, int source, int tag) {
        for (Sent m : waiting) {
            if (m.matches(context, source, tag)) {
                return m;
            }
        }
        return null;
    }

    @Test
    void aMessageGoesToTheEarliestPostedOfAnExactAndAWildcardReceive() throws MPIException {
        final int[] wild = new int[1];
        final int[] exact = new int[1];
        final Pending w = receiver.irecv(worldScope, wild, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG, "Irecv");
        final Pending x = receiver.irecv(worldScope, exact, 0, 1, MPI.INT, 1, 7, "Irecv");
        inject(worldScope, 1, 7, 10);
        assertTrue(w.poll(), "posted first: takes the message although the other matches it exactly");
        assertFalse(x.poll());
        inject(worldScope, 1, 7, 11);
        assertTrue(x.poll());
        assertEquals(10, wild[0]);
        assertEquals(11, exact[0]);
    }

    @Test
    void aWildcardUsedFirstAfterMessagesWaitedFindsTheOldestAndQueuesLaterArrivals() throws MPIException {
        inject(worldScope, 1, 5, 100);
        inject(worldScope, 2, 3, 200);
        inject(worldScope, 1, 3, 101);
        assertEquals(3, receiver.mailbox.matchTableShape()[0], "exact queues only so far");
        final int[] got = new int[1];
        Status st = receiver.recv(worldScope, got, 0, 1, MPI.INT, MPI.ANY_SOURCE, 3, "Recv");
        assertEquals(200, got[0], "the oldest message of tag 3 from any source");
        assertEquals(2, st.source);
        inject(worldScope, 2, 3, 201);
        st = receiver.recv(worldScope, got, 0, 1, MPI.INT, 1, MPI.ANY_TAG, "Recv");
        assertEquals(100, got[0], "the oldest message from rank 1, whatever its tag");
        assertEquals(5, st.tag);
        receiver.recv(worldScope, got, 0, 1, MPI.INT, MPI.ANY_SOURCE, 3, "Recv");
        assertEquals(101, got[0]);
        receiver.recv(worldScope, got, 0, 1, MPI.INT, MPI.ANY_SOURCE, 3, "Recv");
        assertEquals(201, got[0], "arrived after the level was first used: queued there too");
        assertEquals(0, receiver.mailbox.queued());
    }

    @Test
    void manyDistinctTagsReceivedInReverseOrderLeaveNoQueueBehind() throws MPIException {
        final int n = 50_000;
        for (int tag = 0; tag < n; tag++) {
            for (int s = 1; s < RANKS; s++) {
                inject(worldScope, s, tag, s * n + tag);
            }
        }
        int[] shape = receiver.mailbox.matchTableShape();
        // Each message is in its exact queue only: no receive or probe has used a wildcard here.
        assertEquals(2 * n, shape[0]);
        assertEquals(0, shape[1]);
        final int[] got = new int[1];
        for (int tag = n - 1; tag >= 0; tag--) {
            for (int s = 1; s < RANKS; s++) {
                final Pending r = receiver.irecv(worldScope, got, 0, 1, MPI.INT, s, tag, "Recv");
                assertTrue(r.poll());
                assertEquals(s * n + tag, got[0]);
            }
        }
        shape = receiver.mailbox.matchTableShape();
        assertEquals(shape[0], shape[1], "every queue is empty");
        assertTrue(shape[1] <= 64 && shape[2] <= 256, "the table shrank back: " + java.util.Arrays.toString(shape));
        assertEquals(0, receiver.mailbox.queued());
    }
}
