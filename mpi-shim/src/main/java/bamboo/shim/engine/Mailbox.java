package bamboo.shim.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import mpi.MPI;
import mpi.Status;

/**
 * The receive side of one rank: messages that arrived before their receive (unexpected), messages still
 * on a simulated link (transit), and receives posted before their message.
 *
 * <p>Non-overtaking: every message carries a per (sender, receiver) sequence number. Messages enter
 * matching strictly in that order; one that physically arrives early waits in a reorder buffer until its
 * predecessors are in. Per pair the simulated link is FIFO, so arrival times follow the same order and a
 * message still in transit never lets a later one from the same sender match first.
 *
 * <p>Matching is done under the lock; data is copied after it is released, by whichever thread found
 * the match (a sender finding a posted receive, a receiver finding an unexpected message, or any
 * waiter moving arrived messages out of transit).
 *
 * <p>Matching costs O(1) per message whatever the order of the receives ({@link MatchTable}): waiting
 * messages and posted receives are queued per (context, source, tag), wildcards included, so neither a
 * receive nor an arrival ever scans messages or receives it cannot match.
 */
final class Mailbox {
    private final ReentrantLock lock = new ReentrantLock();
    private final long[] nextSeq;
    private final long[] expected;
    private final Map<Long, Envelope>[] early;
    private final MatchTable table = new MatchTable();
    /**
     * Per level of the match table, whether waiting messages are queued at it. The exact level always is;
     * a wildcard level (any tag, any source, both) only from the first receive or probe with that pattern
     * on: a program that never uses it (most floods) pays for one bucket per message, not up to four.
     * The first look at a level queues every message waiting then, in arrival order, once.
     */
    private final boolean[] indexed = {true, false, false, false};
    /** Oldest and newest of every waiting (unexpected) message, in arrival order, for reports. */
    private Envelope oldest;
    private Envelope newest;
    private final ArrayList<Envelope> transit = new ArrayList<>();
    /** Posting order of receives: among the receives a message matches, the lowest takes it. */
    private long postings;
    /** Posted receives with a wildcard source, tag, or both: an arrival skips those buckets while 0. */
    private int postedAnySource;
    private int postedAnyTag;
    private int postedAnyBoth;
    private volatile long nextArrival = Long.MAX_VALUE;
    /** Number of waiting messages, readable without the lock: a polling Iprobe on an empty mailbox
     *  (the runtime's message handler) then costs two volatile reads, not a lock the senders need. */
    private volatile int unexpectedCount;
    /** Messages that became matchable so far (written under the lock): a progress engine compares it
     *  with the value it read before its last probe (see {@link Endpoint#awaitArrival}). */
    private volatile long arrivals;
    private RecvOp chain;
    /** Number of posted receives, readable without the lock: a sender skips the direct path when it is 0. */
    private volatile int postedCount;

    @SuppressWarnings({"unchecked", "rawtypes"}) // a generic array: one reorder map per sender
    Mailbox(int worldSize) {
        nextSeq = new long[worldSize];
        expected = new long[worldSize];
        early = new Map[worldSize];
    }

    /** Delivers a message sent now: assigns its sequence number and its arrival time on the link (both
     *  under the lock, so the two orders agree). Returns the matches for the caller to finish. */
    RecvOp send(Envelope e, Network network, int destination) {
        lock.lock();
        try {
            e.seq = nextSeq[e.source]++;
            e.arrival = network.arrival(e.source, destination, e.bytes);
            deliverLocked(e);
            return takeChain();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Delivers a message straight into an already posted receive, if there is one it may match now: same
     * node (no simulated link), no earlier message of its sender held back, and a posted receive that
     * matches it. Returns the match for the caller to finish (the data is copied from the sender's own
     * buffer, before the send returns, so no eager copy is made), or null, having changed nothing, when
     * the message must go the ordinary way ({@link #send}).
     */
    RecvOp sendIfPosted(Envelope e, Network network, int destination) {
        if (postedCount == 0 || !network.immediate(e.source, destination)) {
            return null;
        }
        lock.lock();
        try {
            final int src = e.source;
            if (nextSeq[src] != expected[src] || postedMatch(e) == null) {
                return null;
            }
            e.seq = nextSeq[src]++;
            e.arrival = 0;
            deliverLocked(e); // in order and at once: it takes the first matching posted receive
            return takeChain();
        } finally {
            lock.unlock();
        }
    }

    /** True when some receive may be posted (racy: a hint for {@link #sendIfPosted}). */
    boolean hasPosted() {
        return postedCount != 0;
    }

    /** The earliest posted receive that matches {@code e}: the oldest head of the (up to) four buckets
     *  whose key {@code e} matches. */
    private RecvOp postedMatch(Envelope e) {
        final int context = e.context;
        final int source = e.source;
        final int tag = e.tag;
        RecvOp best = postedHead(context, source, tag);
        if (postedAnyTag != 0) {
            best = earlier(best, postedHead(context, source, MPI.ANY_TAG));
        }
        if (postedAnySource != 0) {
            best = earlier(best, postedHead(context, MPI.ANY_SOURCE, tag));
        }
        if (postedAnyBoth != 0) {
            best = earlier(best, postedHead(context, MPI.ANY_SOURCE, MPI.ANY_TAG));
        }
        return best;
    }

    private RecvOp postedHead(int context, int source, int tag) {
        final MatchTable.Bucket b = table.find(context, source, tag);
        return b == null ? null : b.postedHead;
    }

    private static RecvOp earlier(RecvOp a, RecvOp b) {
        return a == null || b != null && b.order < a.order ? b : a;
    }

    /** Delivers a message whose sequence number and arrival time are already set (a transport, or a test
     *  that reorders arrivals), then finishes any matches. */
    void inject(Envelope e) {
        final RecvOp matches;
        lock.lock();
        try {
            deliverLocked(e);
            matches = takeChain();
        } finally {
            lock.unlock();
        }
        Transfer.finishAll(matches);
    }

    /** Posts a receive: matches the oldest matching arrived message, else waits in the posted list. */
    void post(RecvOp r) {
        final RecvOp matches;
        lock.lock();
        try {
            progressLocked(System.nanoTime());
            final Envelope e = oldestMatching(r.context, r.source, r.tag);
            if (e != null) {
                unlinkUnexpected(e);
                addMatch(r, e);
            } else {
                linkPosted(r);
            }
            matches = takeChain();
        } finally {
            lock.unlock();
        }
        Transfer.finishAll(matches);
    }

    /** The status of the oldest arrived message matching (source, tag) of {@code scope}, left in place;
     *  null when none. Read under the lock: once unlocked the message may be received by another thread
     *  and its envelope recycled for another message. */
    Status probe(Scope scope, int source, int tag) {
        if (unexpectedCount == 0 && nextArrival == Long.MAX_VALUE) {
            return null;
        }
        final int context = scope.wireContext();
        final RecvOp matches;
        Status found = null;
        lock.lock();
        try {
            progressLocked(System.nanoTime());
            final Envelope e = oldestMatching(context, source, tag);
            if (e != null) {
                found = new Status(scope.local(e.source), e.tag, e.elements);
            }
            matches = takeChain();
        } finally {
            lock.unlock();
        }
        Transfer.finishAll(matches);
        return found;
    }

    /** Removes and returns the oldest arrived message matching (context, source, tag); null when none. */
    Envelope take(int context, int source, int tag) {
        if (unexpectedCount == 0 && nextArrival == Long.MAX_VALUE) {
            return null;
        }
        final RecvOp matches;
        Envelope found = null;
        lock.lock();
        try {
            progressLocked(System.nanoTime());
            found = oldestMatching(context, source, tag);
            if (found != null) {
                unlinkUnexpected(found);
                found.taken = true;
            }
            matches = takeChain();
        } finally {
            lock.unlock();
        }
        Transfer.finishAll(matches);
        return found;
    }

    /** Moves messages whose simulated arrival time has passed into matching. Cheap when none is due. */
    void progress() {
        final long next = nextArrival;
        if (next == Long.MAX_VALUE || next - System.nanoTime() > 0) {
            return;
        }
        final RecvOp matches;
        lock.lock();
        try {
            progressLocked(System.nanoTime());
            matches = takeChain();
        } finally {
            lock.unlock();
        }
        Transfer.finishAll(matches);
    }

    long arrivals() {
        return arrivals;
    }

    /** True when a message waits to be received or a simulated arrival is due: two volatile reads, and a
     *  clock read only while something is in transit. */
    boolean due() {
        if (unexpectedCount != 0) {
            return true;
        }
        final long next = nextArrival;
        return next != Long.MAX_VALUE && next - System.nanoTime() <= 0;
    }

    /** Earliest arrival time of a message in transit, or {@link Long#MAX_VALUE}. */
    long nextArrival() {
        return nextArrival;
    }

    /** Removes a posted receive; false when it has matched already. */
    boolean cancel(RecvOp r) {
        lock.lock();
        try {
            if (r.postedIn == null) {
                return false;
            }
            unlinkPosted(r);
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Removes a not yet received message (a rendezvous or synchronous send); false when matched. */
    boolean cancel(Envelope e) {
        lock.lock();
        try {
            if (e.in0 != null) {
                unlinkUnexpected(e);
                e.taken = true;
                return true;
            }
            if (transit.remove(e)) {
                recomputeNextArrival();
                e.taken = true;
                return true;
            }
            return false;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Turns a deferred eager send into an ordinary eager message: if no receive has claimed {@code e} yet
     * (it waits unexpected, in transit or in the reorder buffer), its data becomes {@code copy} (the
     * sender's data, copied by the caller outside the lock) and it no longer refers to the sender's
     * operation, which the caller then completes. False, with nothing changed, when a receive has
     * claimed it meanwhile (it copies from the sender's buffer and completes the operation itself) or
     * another thread detached it first.
     */
    boolean detach(Envelope e, SendOp op, Object copy) {
        lock.lock();
        try {
            if (e.taken || e.sendOp != op) {
                return false;
            }
            e.data = copy;
            e.dataOffset = 0;
            e.pooled = true; // the caller's copy is a PayloadPool array
            e.sendOp = null;
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Number of messages waiting to be received (arrived or in transit), for reports and tests. */
    int queued() {
        lock.lock();
        try {
            return unexpectedCount + transit.size();
        } finally {
            lock.unlock();
        }
    }

    /** Buckets of the match table, how many of them are empty, and its slots, for tests: they follow what
     *  waits now. */
    int[] matchTableShape() {
        lock.lock();
        try {
            return new int[] {table.size(), table.emptyBuckets(), table.capacity()};
        } finally {
            lock.unlock();
        }
    }

    /** The first {@code max} unreceived messages as (source, tag) in world ranks, for deadlock reports. */
    String describeQueued(int max) {
        lock.lock();
        try {
            final StringBuilder b = new StringBuilder();
            final int n = unexpectedCount;
            Envelope e = oldest;
            for (int i = 0; i < Math.min(n, max); i++, e = e.nextAll) {
                if (i > 0) {
                    b.append(", ");
                }
                b.append("from rank ").append(e.source).append(" tag ").append(e.tag)
                        .append(e.context <= 1 ? (e.context == 0 ? "" : " (collective)") : " context " + e.context / 2);
            }
            if (n > max) {
                b.append(" and ").append(n - max).append(" more");
            }
            return b.toString();
        } finally {
            lock.unlock();
        }
    }

    private void deliverLocked(Envelope e) {
        final int src = e.source;
        if (e.seq != expected[src]) {
            if (early[src] == null) {
                early[src] = new HashMap<>();
            }
            early[src].put(e.seq, e);
            return;
        }
        acceptLocked(e);
        expected[src]++;
        final Map<Long, Envelope> held = early[src];
        if (held != null) {
            Envelope next;
            while ((next = held.remove(expected[src])) != null) {
                acceptLocked(next);
                expected[src]++;
            }
        }
    }

    private void acceptLocked(Envelope e) {
        if (e.arrival == 0) {
            arrivedLocked(e); // same node: nothing of this sender can be in transit
            return;
        }
        // One clock reading for both steps: a predecessor from the same sender arrives no later than e
        // (FIFO link), so it must leave transit before e may match.
        final long now = System.nanoTime();
        progressLocked(now);
        if (e.arrival - now > 0) {
            transit.add(e);
            if (e.arrival < nextArrival) {
                nextArrival = e.arrival;
            }
        } else {
            arrivedLocked(e); // already due: its predecessors left transit just above
        }
    }

    private void arrivedLocked(Envelope e) {
        arrivals++;
        if (postedCount != 0) {
            final RecvOp r = postedMatch(e);
            if (r != null) {
                unlinkPosted(r);
                addMatch(r, e);
                return;
            }
        }
        linkUnexpected(e);
    }

    /** The oldest waiting message that a receive of (context, source, tag) matches: the head of the one
     *  bucket of that key. */
    private Envelope oldestMatching(int context, int source, int tag) {
        if (unexpectedCount == 0) {
            return null;
        }
        final int level = MatchTable.level(source, tag);
        if (!indexed[level]) {
            index(level);
        }
        final MatchTable.Bucket b = table.find(context, source, tag);
        return b == null ? null : b.head;
    }

    /** Queues every waiting message at wildcard level {@code level}, oldest first, and every later one as
     *  it arrives. */
    private void index(int level) {
        indexed[level] = true;
        for (Envelope e = oldest; e != null; e = e.nextAll) {
            linkAt(level, e);
        }
    }

    /** Queues a waiting message at the tail of its buckets (the levels {@link #indexed}) and of the
     *  mailbox-wide list. */
    private void linkUnexpected(Envelope e) {
        for (int level = 0; level < MatchTable.LEVELS; level++) {
            if (indexed[level]) {
                linkAt(level, e);
            }
        }
        e.prevAll = newest;
        e.nextAll = null;
        if (newest == null) {
            oldest = e;
        } else {
            newest.nextAll = e;
        }
        newest = e;
        unexpectedCount++;
    }

    private void linkAt(int level, Envelope e) {
        final int source = (level & MatchTable.ANY_SOURCE) != 0 ? MPI.ANY_SOURCE : e.source;
        final int tag = (level & MatchTable.ANY_TAG) != 0 ? MPI.ANY_TAG : e.tag;
        final MatchTable.Bucket b = table.obtain(e.context, source, tag);
        final Envelope last = b.tail;
        e.in(level, b);
        e.prev(level, last);
        e.next(level, null);
        if (last == null) {
            b.head = e;
        } else {
            last.next(level, e);
        }
        b.tail = e;
    }

    /** Takes a waiting message out of its buckets (dropping those left empty) and the mailbox-wide list. */
    private void unlinkUnexpected(Envelope e) {
        for (int level = 0; level < MatchTable.LEVELS; level++) {
            final MatchTable.Bucket b = e.in(level);
            if (b == null) {
                continue; // a wildcard level nobody has looked at yet
            }
            final Envelope before = e.prev(level);
            final Envelope after = e.next(level);
            if (before == null) {
                b.head = after;
            } else {
                before.next(level, after);
            }
            if (after == null) {
                b.tail = before;
            } else {
                after.prev(level, before);
            }
            e.in(level, null);
            e.prev(level, null);
            e.next(level, null);
            table.released(b);
        }
        final Envelope before = e.prevAll;
        final Envelope after = e.nextAll;
        if (before == null) {
            oldest = after;
        } else {
            before.nextAll = after;
        }
        if (after == null) {
            newest = before;
        } else {
            after.prevAll = before;
        }
        e.prevAll = null;
        e.nextAll = null;
        unexpectedCount--;
    }

    /** Queues a posted receive at the tail of the bucket of its own key. */
    private void linkPosted(RecvOp r) {
        final MatchTable.Bucket b = table.obtain(r.context, r.source, r.tag);
        r.order = postings++;
        r.postedIn = b;
        r.prevPosted = b.postedTail;
        r.nextPosted = null;
        if (b.postedTail == null) {
            b.postedHead = r;
        } else {
            b.postedTail.nextPosted = r;
        }
        b.postedTail = r;
        countPosted(r, 1);
    }

    private void unlinkPosted(RecvOp r) {
        final MatchTable.Bucket b = r.postedIn;
        final RecvOp before = r.prevPosted;
        final RecvOp after = r.nextPosted;
        if (before == null) {
            b.postedHead = after;
        } else {
            before.nextPosted = after;
        }
        if (after == null) {
            b.postedTail = before;
        } else {
            after.prevPosted = before;
        }
        r.postedIn = null;
        r.prevPosted = null;
        r.nextPosted = null;
        table.released(b);
        countPosted(r, -1);
    }

    private void countPosted(RecvOp r, int delta) {
        switch (MatchTable.level(r.source, r.tag)) {
            case MatchTable.ANY_TAG -> postedAnyTag += delta;
            case MatchTable.ANY_SOURCE -> postedAnySource += delta;
            case MatchTable.ANY_BOTH -> postedAnyBoth += delta;
            default -> { }
        }
        postedCount += delta;
    }

    private void progressLocked(long now) {
        if (transit.isEmpty() || nextArrival - now > 0) {
            return;
        }
        // Keep transit order: messages of one sender leave it in sequence order.
        int kept = 0;
        for (int i = 0, n = transit.size(); i < n; i++) {
            final Envelope e = transit.get(i);
            if (e.arrival - now <= 0) {
                arrivedLocked(e);
            } else {
                transit.set(kept++, e);
            }
        }
        transit.subList(kept, transit.size()).clear();
        recomputeNextArrival();
    }

    private void recomputeNextArrival() {
        long next = Long.MAX_VALUE;
        for (int i = 0, n = transit.size(); i < n; i++) {
            next = Math.min(next, transit.get(i).arrival);
        }
        nextArrival = next;
    }

    private void addMatch(RecvOp r, Envelope e) {
        e.taken = true;
        r.matched = e;
        r.nextMatch = chain;
        chain = r;
    }

    private RecvOp takeChain() {
        final RecvOp c = chain;
        chain = null;
        return c;
    }
}
