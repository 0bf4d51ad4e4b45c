package bamboo.shim.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Non-overtaking holds when messages physically arrive out of order. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ReorderTest {
    private final World world = new World(3, new Network(3, 1, 0, Double.POSITIVE_INFINITY),
            World.DEFAULT_EAGER_LIMIT, false);
    private final Endpoint receiver = world.endpoint(0);

    private static Envelope message(int source, int tag, long seq, int value) {
        final Envelope e = new Envelope(0, source, tag, Datatype.Base.INT, 1, new int[] {value}, 0, 4, null);
        e.seq = seq;
        return e;
    }

    private int receive(int source, int tag) throws MPIException {
        final int[] got = new int[1];
        final Pending r = receiver.irecv(world.worldScope(), got, 0, 1, MPI.INT, source, tag, "Recv");
        assertTrue(r.poll(), "a message is there");
        r.complete();
        return got[0];
    }

    @Test
    void laterMessageArrivingFirstWaitsForItsPredecessor() throws MPIException {
        receiver.initImplicitly();
        receiver.mailbox.inject(message(1, 5, 1, 200)); // second message arrives first
        assertNull(receiver.iprobe(world.worldScope(), 1, 5), "held back until message 0 is in");
        receiver.mailbox.inject(message(1, 5, 0, 100));
        assertEquals(100, receive(1, 5));
        assertEquals(200, receive(1, 5));
    }

    @Test
    void postedWildcardReceiveGetsTheEarliestMessageNotTheFirstArrival() throws MPIException {
        final int[] got = new int[1];
        final Pending r = receiver.irecv(world.worldScope(), got, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG, "Irecv");
        receiver.mailbox.inject(message(2, 1, 2, 3));
        receiver.mailbox.inject(message(2, 9, 1, 2));
        assertFalse(r.poll());
        receiver.mailbox.inject(message(2, 4, 0, 1));
        assertTrue(r.poll());
        final Status s = r.complete();
        assertEquals(1, got[0]);
        assertEquals(4, s.tag);
        assertEquals(2, receive(MPI.ANY_SOURCE, MPI.ANY_TAG));
        assertEquals(3, receive(2, MPI.ANY_TAG));
    }

    @Test
    void aLaterMessageNeverOvertakesAnEarlierOneStillInTransit() throws Exception {
        final long t = System.nanoTime();
        final Envelope first = message(1, 0, 0, 1);
        first.arrival = t + 5_000_000;
        receiver.mailbox.inject(first); // in transit: nobody has looked since it arrived
        Thread.sleep(20);
        final Envelope second = message(1, 0, 1, 2);
        second.arrival = t + 6_000_000; // already arrived when delivered
        receiver.mailbox.inject(second);
        assertEquals(1, receive(1, 0));
        assertEquals(2, receive(1, 0));
    }

    @Test
    void randomArrivalOrderFromTwoSendersIsDeliveredInSendOrder() throws MPIException {
        final Random random = new Random(42);
        final List<Envelope> all = new ArrayList<>();
        final int perSender = 200;
        for (int src = 1; src <= 2; src++) {
            for (int i = 0; i < perSender; i++) {
                all.add(message(src, random.nextInt(3), i, src * 1000 + i));
            }
        }
        Collections.shuffle(all, random);
        for (Envelope e : all) {
            receiver.mailbox.inject(e);
        }
        final int[] next = {0, 0, 0};
        for (int k = 0; k < 2 * perSender; k++) {
            final int[] got = new int[1];
            final Pending r = receiver.irecv(world.worldScope(), got, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG,
                    "Recv");
            assertTrue(r.poll());
            final Status s = r.complete();
            assertEquals(s.source * 1000 + next[s.source]++, got[0]);
        }
        assertArrayEquals(new int[] {0, perSender, perSender}, next);
    }
}
