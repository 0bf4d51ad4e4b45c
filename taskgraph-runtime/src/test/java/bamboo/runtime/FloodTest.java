package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Floods on the runtime: many messages to one task faster than it receives them. Flow control holds
 * the senders (the receiver's inbox stays bounded, read from the runtime's own counters), or, when the
 * receiver cannot take them in the order they come, the run ends with a message naming the limit.
 * Every message arrives exactly once with its content.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FloodTest {
    private static final int INTS = 256; // 1 KiB messages
    private static final int CHARGE = INTS * 4 + Node.MESSAGE_OVERHEAD;

    static void fill(int[] a, int source, int tag) {
        for (int i = 0; i < a.length; i++) {
            a[i] = source * 1_000_003 + tag * 7919 + i;
        }
    }

    static long checksum(int[] a) {
        long h = 1;
        for (int v : a) {
            h = 31 * h + v;
        }
        return h;
    }

    static long expected(int source, int tag) {
        final int[] a = new int[INTS];
        fill(a, source, tag);
        return checksum(a);
    }

    /** Sends {@code messages} messages to task 0, one per execution, yielding in between. */
    static final class Sender extends Task {
        private final int messages;
        private final int[] buf = new int[INTS];
        private int next;

        Sender(int messages) {
            this.messages = messages;
        }

        @Override
        protected Outcome execute() {
            fill(buf, id(), next);
            send(0, next, buf, 0, INTS);
            next++;
            return next == messages ? Outcome.FINISHED : Outcome.YIELDED;
        }

        @Override
        protected boolean ready() {
            return true;
        }
    }

    /** Finishes at once. */
    static final class Idle extends Task {
        @Override
        protected Outcome execute() {
            return Outcome.FINISHED;
        }

        @Override
        protected boolean ready() {
            return true;
        }
    }

    /** Takes the next message of whichever sender has one, one per execution (a slow consumer). */
    static final class AnyOrderReceiver extends Task {
        private final int messages;
        /** The senders are tasks first..numTasks()-1. */
        private final int first;
        private final int[] buf = new int[INTS];
        private int[] next;
        private int total;

        AnyOrderReceiver(int messages) {
            this(messages, 1);
        }

        AnyOrderReceiver(int messages, int first) {
            this.messages = messages;
            this.first = first;
        }

        @Override
        protected Outcome execute() {
            if (next == null) {
                next = new int[numTasks()];
            }
            for (int s = first; s < numTasks(); s++) {
                if (next[s] < messages && arrived(s, next[s])) {
                    assertEquals(INTS, receive(s, next[s], buf, 0, INTS));
                    assertEquals(expected(s, next[s]), checksum(buf), "message " + next[s] + " from " + s);
                    next[s]++;
                    total++;
                    if (total == messages * (numTasks() - first)) {
                        return Outcome.FINISHED;
                    }
                    return Outcome.YIELDED;
                }
            }
            return Outcome.WAITING;
        }

        @Override
        protected boolean ready() {
            for (int s = first; s < numTasks(); s++) {
                if (next[s] < messages && arrived(s, next[s])) {
                    return true;
                }
            }
            return false;
        }
    }

    /** The "killer" receiver: the last tag of every sender first, down to tag 0. */
    static final class ReverseReceiver extends Task {
        private final int messages;
        private final int[] buf = new int[INTS];
        private int tag;
        private int source = 1;

        ReverseReceiver(int messages) {
            this.messages = messages;
            this.tag = messages - 1;
        }

        @Override
        protected Outcome execute() {
            while (tag >= 0) {
                if (!arrived(source, tag)) {
                    return Outcome.WAITING;
                }
                assertEquals(INTS, receive(source, tag, buf, 0, INTS));
                assertEquals(expected(source, tag), checksum(buf), "message " + tag + " from " + source);
                if (++source == numTasks()) {
                    source = 1;
                    tag--;
                }
            }
            return Outcome.FINISHED;
        }

        @Override
        protected boolean ready() {
            return arrived(source, tag);
        }
    }

    private static Graph.Builder flood(int tasks, int messages, boolean reverse) {
        return Graph.builder(tasks, id -> id == 0
                ? (reverse ? new ReverseReceiver(messages) : new AnyOrderReceiver(messages))
                : new Sender(messages)).workers(2);
    }

    @Test
    void manySendersOneReceiverHoldsTheSendersAndStaysBounded() {
        final int messages = 400;
        final long limit = 128 * 1024; // the flood is 7 x 400 KiB, twenty times more
        final Graph.Result r = flood(8, messages, false).inboxLimit(limit).build().run();
        assertEquals(0, r.unreceivedMessages(), "every message was received once");
        assertTrue(r.peakInboxBytes() <= limit, "peak inbox " + r.peakInboxBytes() + " over the limit " + limit);
        assertTrue(r.heldSenders() > 0, "the senders were held");
        System.out.println("runtime flood: 7 senders x " + messages + " x 1 KiB, inbox limit " + limit + " B: peak "
                + r.peakInboxBytes() + " B, senders held " + r.heldSenders() + " times");
    }

    @Test
    void manySendersOneReceiverAcrossProcesses() {
        // Senders on process 1, the receiver on process 0: the handler counts what it injects.
        final int messages = 100;
        final Graph.Result r = flood(4, messages, false).nodes(2).inboxLimit(1 << 20).build().run();
        assertEquals(0, r.unreceivedMessages());
        assertTrue(r.peakInboxBytes() > 0 && r.peakInboxBytes() <= 1 << 20, "peak " + r.peakInboxBytes());
    }

    /** Senders in another process of the JVM are held by flow control as local ones are, not only counted
     *  against the hard limit. */
    @Test
    void remoteSendersAreHeldByFlowControl() {
        // Tasks 0 and 1 on process 0 (task 1 does nothing), the senders 2 and 3 on process 1.
        final int messages = 400;
        final long limit = 128 * 1024; // the flood is 2 x 400 KiB, six times more
        final Graph.Result r = Graph.builder(4, id -> switch (id) {
            case 0 -> new AnyOrderReceiver(messages, 2);
            case 1 -> new Idle();
            default -> new Sender(messages);
        }).workers(2).nodes(2).inboxLimit(limit).build().run();
        assertEquals(0, r.unreceivedMessages(), "every message was received once");
        assertTrue(r.peakInboxBytes() <= limit, "peak inbox " + r.peakInboxBytes() + " over the limit " + limit);
        assertTrue(r.heldSenders() > 0, "the senders in the other process were held");
    }

    @Test
    void killerPatternRunsWithinTheLimit() {
        // The receiver takes the last messages first, so it must hold the whole flood: it fits.
        final int messages = 200;
        final long flood = 3L * messages * CHARGE;
        final Graph.Result r = flood(4, messages, true).inboxLimit(2 * flood).build().run();
        assertEquals(0, r.unreceivedMessages());
        // Before the last sender's last message, the receiver can have taken only the others' last ones.
        assertTrue(r.peakInboxBytes() >= flood - 2 * CHARGE && r.peakInboxBytes() <= flood,
                "the whole flood was held at once: peak " + r.peakInboxBytes() + " of " + flood);
    }

    @Test
    void killerPatternBeyondTheLimitFailsNamingIt() {
        final int messages = 200;
        final GraphFlood f = assertThrows(GraphFlood.class,
                () -> flood(4, messages, true).inboxLimit(64 * 1024).build().run());
        assertEquals(0, f.receiver());
        assertEquals(64 * 1024, f.limit());
        assertTrue(f.getMessage().matches("flow control: task [123] sent task 0 a message \\(tag \\d+, 1024 bytes\\) "
                + "while task 0 held \\d+ bytes of messages it has not received; the inbox limit is 65536 bytes "
                + "\\(Graph.Builder.inboxLimit, --inbox-limit\\): raise it, or receive sooner"), f.getMessage());
    }

    @Test
    void killerAcrossProcessesBeyondTheLimitFailsNamingIt() {
        final GraphFlood f = assertThrows(GraphFlood.class,
                () -> flood(4, 200, true).nodes(2).inboxLimit(64 * 1024).build().run());
        assertEquals(0, f.receiver());
        assertTrue(f.getMessage().contains("the inbox limit is 65536 bytes (Graph.Builder.inboxLimit, --inbox-limit)"),
                f.getMessage());
    }

    @Test
    void aTinyInboxLimitIsRefused() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Graph.builder(1, id -> new Sender(1)).inboxLimit(10));
        assertEquals("Graph.Builder.inboxLimit: must be >= 1024 bytes, got 10", e.getMessage());
    }
}
