package bamboo.runtime;

import java.util.ArrayList;
import java.util.List;

import org.agrona.collections.Long2ObjectHashMap;

/**
 * The messages a task holds, one FIFO per (source, tag): a message that arrives before the task needs it
 * waits here, and receive takes the oldest of its pair, which keeps MPI's non-overtaking order. Used only
 * by the thread that owns the task. FIFOs are created once per pair and kept, so steady state allocates
 * nothing.
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

    private static long key(int source, int tag) {
        return ((long) source << 32) | (tag & 0xFFFFFFFFL);
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
        if (f.tail == null) {
            f.head = m;
        } else {
            f.tail.next = m;
        }
        f.tail = m;
        f.size++;
        size++;
    }

    /** How many messages of the pair are waiting. */
    int count(int source, int tag) {
        Fifo f = fifo(source, tag, false);
        return f == null ? 0 : f.size;
    }

    boolean has(int source, int tag) {
        Fifo f = fifo(source, tag, false);
        return f != null && f.head != null;
    }

    /** Removes and returns the oldest message of the pair, or null. */
    Message poll(int source, int tag) {
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
                sink.accept(m);
                m = next;
            }
            f.head = null;
            f.tail = null;
            f.size = 0;
        });
        size = 0;
    }
}
