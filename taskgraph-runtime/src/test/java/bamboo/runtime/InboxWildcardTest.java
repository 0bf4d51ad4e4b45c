package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The inbox's wildcard matching, arrival order and claims, on messages made by hand (no threads). */
class InboxWildcardTest {
    private static final int ANY_SOURCE = Task.ANY_SOURCE;
    private static final int ANY_TAG = Task.ANY_TAG;

    private final Inbox inbox = new Inbox();

    private Message arrive(int source, int tag, int count) {
        Message m = new Message();
        m.source = source;
        m.tag = tag;
        m.count = count;
        inbox.add(m);
        return m;
    }

    @Test
    void anySourceTakesTheOldestArrivalAcrossSenders() {
        Message a = arrive(3, 7, 1);
        Message b = arrive(1, 7, 2);
        Message c = arrive(3, 7, 3);
        assertSame(a, inbox.poll(ANY_SOURCE, 7));
        assertSame(b, inbox.poll(ANY_SOURCE, 7));
        assertSame(c, inbox.poll(ANY_SOURCE, 7));
        assertNull(inbox.poll(ANY_SOURCE, 7));
        assertEquals(0, inbox.size());
    }

    @Test
    void anyTagKeepsEachSendersOrder() {
        // Non-overtaking with ANY_TAG: two messages of one sender are received in send (arrival) order,
        // whatever their tags.
        Message first = arrive(2, 9, 1);
        Message other = arrive(4, 1, 1);
        Message second = arrive(2, 1, 1);
        assertSame(first, inbox.poll(2, ANY_TAG));
        assertSame(second, inbox.poll(2, ANY_TAG));
        assertSame(other, inbox.poll(ANY_SOURCE, ANY_TAG));
    }

    @Test
    void specificReceiveAfterWildcardKeepsPairFifo() {
        Message a = arrive(5, 1, 1);
        Message b = arrive(5, 1, 1);
        Message c = arrive(6, 1, 1);
        assertSame(a, inbox.poll(ANY_SOURCE, ANY_TAG));
        assertSame(c, inbox.poll(6, 1));
        assertSame(b, inbox.poll(ANY_SOURCE, 1));
        assertNull(inbox.poll(5, 1));
    }

    @Test
    void countsAndFindsWithWildcards() {
        arrive(0, 4, 1);
        arrive(1, 4, 1);
        arrive(1, 5, 1);
        assertEquals(2, inbox.count(ANY_SOURCE, 4));
        assertEquals(2, inbox.count(1, ANY_TAG));
        assertEquals(3, inbox.count(ANY_SOURCE, ANY_TAG));
        assertEquals(1, inbox.count(1, 5));
        assertEquals(0, inbox.count(2, ANY_TAG));
        assertTrue(inbox.has(ANY_SOURCE, 5));
        assertFalse(inbox.has(ANY_SOURCE, 6));
        assertEquals(1, inbox.find(1, ANY_TAG).tag == 4 ? 1 : 0);
        assertEquals(3, inbox.size(), "find does not consume");
    }

    @Test
    void claimsCountEachMessageOnceAcrossWildcardAndSpecificReceives() {
        // A window Recv(ANY_SOURCE, 7) then Recv(3, 7): with one message from 3 and none from others, the
        // wildcard claims it and the specific receive must wait for a second one.
        arrive(3, 7, 1);
        inbox.unclaimAll();
        assertTrue(inbox.unclaimed(ANY_SOURCE, 7, true) != null);
        assertNull(inbox.unclaimed(3, 7, true));
        arrive(3, 7, 1);
        inbox.unclaimAll();
        Message w = inbox.unclaimed(ANY_SOURCE, 7, true);
        Message s = inbox.unclaimed(3, 7, true);
        assertTrue(w != null && s != null && w != s);
        // The receives that follow take exactly the claimed messages, in the same order.
        assertSame(w, inbox.poll(ANY_SOURCE, 7));
        assertSame(s, inbox.poll(3, 7));
    }

    @Test
    void aNewEpochForgetsClaimsAndPeeksDoNotClaim() {
        Message a = arrive(1, 2, 1);
        inbox.unclaimAll();
        assertSame(a, inbox.unclaimed(1, 2, false));
        assertSame(a, inbox.unclaimed(ANY_SOURCE, ANY_TAG, true));
        assertNull(inbox.unclaimed(1, ANY_TAG, true));
        inbox.unclaimAll();
        assertSame(a, inbox.unclaimed(1, 2, true));
    }

    @Test
    void anyTagSkipsTagsAboveTheLimit() {
        inbox.anyTagMax(1000);
        Message reserved = arrive(1, 2_147_483_005, 1);
        Message user = arrive(1, 7, 1);
        assertSame(user, inbox.find(ANY_SOURCE, ANY_TAG));
        assertEquals(1, inbox.count(ANY_SOURCE, ANY_TAG));
        assertSame(user, inbox.poll(1, ANY_TAG));
        assertNull(inbox.poll(ANY_SOURCE, ANY_TAG));
        assertSame(reserved, inbox.poll(1, 2_147_483_005));
    }

    @Test
    void clearEmptiesTheArrivalList() {
        arrive(1, 1, 1);
        arrive(2, 2, 1);
        int[] n = new int[1];
        inbox.clear(m -> n[0]++);
        assertEquals(2, n[0]);
        assertNull(inbox.find(ANY_SOURCE, ANY_TAG));
        Message again = arrive(1, 1, 1);
        assertSame(again, inbox.poll(ANY_SOURCE, ANY_TAG));
    }

    @Test
    void aBlockWildcardMatchesOnlyTheTagsOfItsBlock() {
        // block b holds the negative tags MIN_VALUE + b * 65536 ... + 65535: one translated communicator
        int block = 5;
        int base = Integer.MIN_VALUE + block * 65536;
        int any = Task.anyTagInBlock(block);
        assertTrue(Task.isBlockWildcard(any));
        assertFalse(Task.isBlockWildcard(ANY_TAG));
        Message world = arrive(1, 3, 1);
        Message before = arrive(2, base - 1, 1);
        Message first = arrive(2, base + 65535, 1);
        Message after = arrive(2, base + 65536, 1);
        Message second = arrive(4, base, 1);
        assertEquals(2, inbox.count(ANY_SOURCE, any));
        assertEquals(1, inbox.count(4, any));
        assertSame(first, inbox.find(ANY_SOURCE, any));
        assertSame(first, inbox.poll(ANY_SOURCE, any));
        assertSame(second, inbox.poll(ANY_SOURCE, any));
        assertNull(inbox.poll(ANY_SOURCE, any));
        assertSame(world, inbox.poll(ANY_SOURCE, ANY_TAG), "ANY_TAG takes only tags >= 0");
        assertNull(inbox.poll(ANY_SOURCE, ANY_TAG));
        assertSame(before, inbox.poll(2, base - 1));
        assertSame(after, inbox.poll(2, base + 65536));
    }

    @Test
    void claimsWithABlockWildcardSkipClaimedMessages() {
        int base = Integer.MIN_VALUE + 3 * 65536;
        int any = Task.anyTagInBlock(3);
        Message a = arrive(1, base + 7, 1);
        Message b = arrive(2, base + 8, 1);
        inbox.unclaimAll();
        assertSame(a, inbox.unclaimed(1, base + 7, true));
        assertSame(b, inbox.unclaimed(ANY_SOURCE, any, true));
        assertNull(inbox.unclaimed(ANY_SOURCE, any, true));
    }
}
