package bamboo.shim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Envelopes of eager messages are recycled once received ({@link EnvelopePool}): nothing may read one
 * after that. A probing thread of the receiving rank used to read the status fields of the envelope it
 * found after unlocking the mailbox; with recycling, a concurrent receive could hand that envelope to the
 * next message meanwhile and the probe would report one message's tag with another's count.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EnvelopeRecyclingTest {
    private static final int MESSAGES = 20_000;
    private static final int TAGS = 40;
    private final World world = new World(2, new Network(2, 1, 0, Double.POSITIVE_INFINITY),
            World.DEFAULT_EAGER_LIMIT, false);
    private final Endpoint sender = world.endpoint(0);
    private final Endpoint receiver = world.endpoint(1);
    private final Scope scope = world.worldScope();

    /** Message i has tag i % TAGS and tag + 1 ints, each holding i. */
    private static int tagOf(int i) {
        return i % TAGS;
    }

    @Test
    void aProbeRacingReceivesAlwaysReportsOneMessagesTagAndCount() throws Exception {
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread send = new Thread(() -> {
            try {
                final int[] buf = new int[TAGS];
                for (int i = 0; i < MESSAGES; i++) {
                    final int tag = tagOf(i);
                    java.util.Arrays.fill(buf, 0, tag + 1, i);
                    sender.send(scope, buf, 0, tag + 1, MPI.INT, 1, tag, SendMode.STANDARD, "Send");
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        });
        final Thread receive = new Thread(() -> {
            try {
                final int[] buf = new int[TAGS];
                for (int i = 0; i < MESSAGES; i++) {
                    final Status s = receiver.recv(scope, buf, 0, TAGS, MPI.INT, 0, MPI.ANY_TAG, "Recv");
                    if (s.tag != tagOf(i) || s.elements() != s.tag + 1 || buf[0] != i || buf[s.tag] != i) {
                        throw new AssertionError("message " + i + " received as tag " + s.tag + ", " + s.elements()
                                + " ints starting " + buf[0]);
                    }
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        });
        send.start();
        receive.start();
        long probes = 0;
        int wanted = 0;
        while (receive.isAlive() && failure.get() == null) {
            wanted = (wanted + 1) % TAGS;
            final Status s = receiver.iprobe(scope, 0, wanted);
            if (s != null) {
                probes++;
                if (s.tag != wanted || s.elements() != wanted + 1) {
                    failure.compareAndSet(null, new AssertionError("a probe for tag " + wanted + " reported tag "
                            + s.tag + " with " + s.elements() + " ints: another message's envelope"));
                }
            }
        }
        send.join();
        receive.join();
        if (failure.get() != null) {
            throw new AssertionError(failure.get() + " (after " + probes + " probes)", failure.get());
        }
    }

    @Test
    void aRendezvousEnvelopeStaysWithItsRequestAndAnEagerOneIsReused() throws MPIException {
        // Rendezvous (above the eager limit): its envelope is the request's, never the pool's.
        final int n = World.DEFAULT_EAGER_LIMIT / 4 + 1;
        final int[] big = new int[n];
        final Pending s = sender.isend(scope, big, 0, n, MPI.INT, 1, 1, SendMode.STANDARD, "Isend");
        final Envelope rendezvous = ((SendOp) s).envelope;
        receiver.recv(scope, new int[n], 0, n, MPI.INT, 0, 1, "Recv");
        assertTrue(s.poll());
        assertEquals(n, s.complete().elements(), "the request still reads its envelope after the receive");
        // Eager: received, its envelope serves the next eager message to that rank.
        sender.send(scope, new int[] {1}, 0, 1, MPI.INT, 1, 2, SendMode.STANDARD, "Send");
        receiver.recv(scope, new int[1], 0, 1, MPI.INT, 0, 2, "Recv");
        sender.send(scope, new int[] {2}, 0, 1, MPI.INT, 1, 3, SendMode.STANDARD, "Send");
        final Taken t = new Taken();
        assertTrue(receiver.take(scope, 0, 3, t));
        assertEquals(1, t.elements);
        assertEquals(2, ((int[]) t.data)[0]);
        assertTrue(rendezvous.sendOp == s && rendezvous.elements == n, "the rendezvous envelope went to the pool");
        assertNull(receiver.iprobe(scope, MPI.ANY_SOURCE, MPI.ANY_TAG));
    }
}
