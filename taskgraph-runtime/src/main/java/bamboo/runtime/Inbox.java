package bamboo.runtime;

import java.util.ArrayList;
import java.util.List;

import org.agrona.collections.Long2ObjectHashMap;

/**
 * The messages a task holds, one FIFO per (source, tag): a message that arrives before the task needs it
 * waits here, and receive takes the oldest of its pair, which keeps MPI's non-overtaking order. Used only
 * by the thread that owns the task. FIFOs are created once per pair and kept, so steady state allocates
 * nothing.
 *
 * <p>Every held message is also on one arrival-ordered list (intrusive, doubly linked), which is what
 * wildcards ({@link Task#ANY_SOURCE}, {@link Task#ANY_TAG}) match against: a wildcard takes the oldest
 * arrival that matches. Messages of one source arrive in send order (a sender's messages reach the
 * inbox in order, locally and through the handler), so the oldest match from a source is also the head
 * of its pair's FIFO: non-overtaking per sender holds for wildcards too, with ANY_TAG included.
 *
 * <p>Claims serve firing rules with several receives: a dry run claims, receive by receive, the message
 * that receive would take (the oldest unclaimed match), so a rule with wildcards and specific receives in
 * one window counts each message once. A claim is an epoch stamp on the message; {@link #unclaimAll()}
 * starts a new epoch, so forgetting every claim costs nothing.
 */
final class Inbox {
    private static final class Fifo {
        Message head;
        Message tail;
        int size;
    }

    private final Long2ObjectHashMap<Fifo> fifos = new Long2ObjectHashMap<>();
    // One-entry cache: most tasks talk to the same pair over and over.
    private long lastKey = Long.MIN_VALUE;
    private Fifo lastFifo;
    private int size;
    // The arrival list: oldest first.
    private Message oldest;
    private Message newest;
    private int epoch = 1;
    // ANY_TAG matches tags up to this one (the translator reserves the top tags for its collectives,
    // which a user's ANY_TAG must not match, as MPI's collectives never match user receives).
    private int anyTagMax = Integer.MAX_VALUE;

    void anyTagMax(int max) {
        anyTagMax = max;
    }

    private static long key(int source, int tag) {
        return ((long) source << 32) | (tag & 0xFFFFFFFFL);
    }

    private static boolean wild(int source, int tag) {
        return source == Task.ANY_SOURCE || tag == Task.ANY_TAG || Task.isBlockWildcard(tag);
    }

    private boolean matches(Message m, int source, int tag) {
        // ANY_TAG matches the user's tags of COMM_WORLD (>= 0, up to anyTagMax), never the negative tags of
        // translated communicators and collectives (bamboo.runtime.comm.TaskComm); a block wildcard matches
        // the tags of one such communicator (Task.anyTagInBlock).
        return (source == Task.ANY_SOURCE || m.source == source)
                && (tag == Task.ANY_TAG ? m.tag >= 0 && m.tag <= anyTagMax
                : tag == m.tag || Task.isBlockWildcard(tag) && Task.tagMatches(tag, m.tag));
    }

    private Fifo fifo(int source, int tag, boolean create) {
        long k = key(source, tag);
        if (k == lastKey) {
            return lastFifo;
        }
        Fifo f = fifos.get(k);
        if (f == null) {
            if (!create) {
                return null;
            }
            f = new Fifo();
            fifos.put(k, f);
        }
        lastKey = k;
        lastFifo = f;
        return f;
    }

    void add(Message m) {
        Fifo f = fifo(m.source, m.tag, true);
        m.next = null;
        m.claimEpoch = 0;
        if (f.tail == null) {
            f.head = m;
        } else {
            f.tail.next = m;
        }
        f.tail = m;
        f.size++;
        size++;
        m.newer = null;
        m.older = newest;
        if (newest == null) {
            oldest = m;
        } else {
            newest.newer = m;
        }
        newest = m;
    }

    /** How many messages match (source, tag); either may be a wildcard. */
    int count(int source, int tag) {
        if (wild(source, tag)) {
            int n = 0;
            for (Message m = oldest; m != null; m = m.newer) {
                if (matches(m, source, tag)) {
                    n++;
                }
            }
            return n;
        }
        Fifo f = fifo(source, tag, false);
        return f == null ? 0 : f.size;
    }

    boolean has(int source, int tag) {
        return find(source, tag) != null;
    }

    /** The oldest message matching (source, tag), left in place; null when none. */
    Message find(int source, int tag) {
        if (wild(source, tag)) {
            for (Message m = oldest; m != null; m = m.newer) {
                if (matches(m, source, tag)) {
                    return m;
                }
            }
            return null;
        }
        Fifo f = fifo(source, tag, false);
        return f == null ? null : f.head;
    }

    /** Removes and returns the oldest message matching (source, tag), or null; either may be a wildcard. */
    Message poll(int source, int tag) {
        Message found = wild(source, tag) ? find(source, tag) : null;
        if (found != null) {
            source = found.source;
            tag = found.tag;
        }
        Fifo f = fifo(source, tag, false);
        if (f == null || f.head == null) {
            return null;
        }
        Message m = f.head;
        f.head = m.next;
        if (f.head == null) {
            f.tail = null;
        }
        m.next = null;
        f.size--;
        size--;
        unlink(m);
        return m;
    }

    private void unlink(Message m) {
        if (m.older == null) {
            oldest = m.newer;
        } else {
            m.older.newer = m.newer;
        }
        if (m.newer == null) {
            newest = m.older;
        } else {
            m.newer.older = m.older;
        }
        m.older = null;
        m.newer = null;
    }

    // ---- claims (dry runs of firing rules) ----------------------------------------------------------

    /** Forgets every claim: a new dry run starts. */
    void unclaimAll() {
        epoch++;
        if (epoch == 0) {
            epoch = 1; // 0 marks a message never claimed
        }
    }

    /**
     * The oldest message matching (source, tag) that no claim of this dry run holds, or null; claims it
     * when {@code claim}.
     */
    Message unclaimed(int source, int tag, boolean claim) {
        Message m;
        if (wild(source, tag)) {
            m = oldest;
            while (m != null && (m.claimEpoch == epoch || !matches(m, source, tag))) {
                m = m.newer;
            }
        } else {
            Fifo f = fifo(source, tag, false);
            m = f == null ? null : f.head;
            while (m != null && m.claimEpoch == epoch) {
                m = m.next;
            }
        }
        if (m != null && claim) {
            m.claimEpoch = epoch;
        }
        return m;
    }

    int size() {
        return size;
    }

    /** (source, tag, count) triples of the held messages, for reports. */
    List<int[]> held() {
        List<int[]> out = new ArrayList<>();
        fifos.forEach((k, f) -> {
            if (f.size > 0) {
                out.add(new int[] {(int) (k >> 32), (int) (long) k, f.size});
            }
        });
        out.sort((a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]));
        return out;
    }

    /** Removes every held message, handing each to {@code sink}. */
    void clear(java.util.function.Consumer<Message> sink) {
        fifos.forEach((k, f) -> {
            Message m = f.head;
            while (m != null) {
                Message next = m.next;
                m.older = null;
                m.newer = null;
                sink.accept(m);
                m = next;
            }
            f.head = null;
            f.tail = null;
            f.size = 0;
        });
        oldest = null;
        newest = null;
        size = 0;
    }
}
