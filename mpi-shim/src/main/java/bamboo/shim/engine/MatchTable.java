package bamboo.shim.engine;

import mpi.MPI;

/**
 * The queues of one mailbox, by match key: a {@link Bucket} per (context, source, tag) that has messages
 * waiting or receives posted, where source and tag may be the wildcards. Every waiting message is in four
 * buckets at once (its exact key, and the keys with its source, its tag or both replaced by the wildcard),
 * each a list in arrival order, so a receive of any pattern finds its oldest matching message at the head
 * of the one bucket with its own key. A posted receive is in the one bucket of its own key; a message
 * looks at most four buckets and takes the head posted first (each receive carries its posting order).
 *
 * <p>Open addressing with linear probing over the buckets themselves (the key lives in the bucket), no
 * boxing; a bucket left empty is removed at once (backward-shift deletion, no tombstones) and kept in a
 * small pool for the next key, and the table shrinks when mostly empty, so memory follows what waits
 * now, not what waited once. Not thread-safe: the mailbox lock guards it.
 */
final class MatchTable {
    /** Keys with the exact source and tag; the wildcard levels follow (see {@link #level}). */
    static final int EXACT = 0;
    static final int ANY_TAG = 1;
    static final int ANY_SOURCE = 2;
    static final int ANY_BOTH = 3;
    static final int LEVELS = 4;
    private static final int MIN_CAPACITY = 16;
    private static final int POOL_MAX = 256;

    /** The queues of one match key. */
    static final class Bucket {
        int context;
        int source;
        int tag;
        /** Oldest and newest waiting message at this bucket's level of the envelope's links. */
        Envelope head;
        Envelope tail;
        /** Oldest and newest receive posted with exactly this key. */
        RecvOp postedHead;
        RecvOp postedTail;
        /** Next idle bucket of the pool. */
        Bucket nextIdle;

        boolean empty() {
            return head == null && postedHead == null;
        }
    }

    /** The buckets, and beside them their keys (context and source in one long, then the tag), so that a
     *  probe reads two arrays in a row instead of a bucket object per slot it passes. */
    private Bucket[] slots = new Bucket[MIN_CAPACITY];
    private long[] contextSource = new long[MIN_CAPACITY];
    private int[] tags = new int[MIN_CAPACITY];
    private int size;
    private Bucket idle;
    private int idleCount;

    /** The level of a key: which of source and tag are wildcards. */
    static int level(int source, int tag) {
        return (source == MPI.ANY_SOURCE ? ANY_SOURCE : 0) + (tag == MPI.ANY_TAG ? ANY_TAG : 0);
    }

    /** The bucket of (context, source, tag), or null when nothing waits there. */
    Bucket find(int context, int source, int tag) {
        final long cs = pack(context, source);
        final Bucket[] s = slots;
        final long[] k = contextSource;
        final int[] t = tags;
        final int mask = s.length - 1;
        for (int i = hash(cs, tag) & mask; ; i = (i + 1) & mask) {
            final Bucket b = s[i];
            if (b == null || k[i] == cs && t[i] == tag) {
                return b;
            }
        }
    }

    /** The bucket of (context, source, tag), made (or taken from the pool) if there is none. */
    Bucket obtain(int context, int source, int tag) {
        final long cs = pack(context, source);
        final Bucket[] s = slots;
        final long[] k = contextSource;
        final int[] t = tags;
        final int mask = s.length - 1;
        int i = hash(cs, tag) & mask;
        for (; s[i] != null; i = (i + 1) & mask) {
            if (k[i] == cs && t[i] == tag) {
                return s[i];
            }
        }
        Bucket b = idle;
        if (b != null) {
            idle = b.nextIdle;
            b.nextIdle = null;
            idleCount--;
        } else {
            b = new Bucket();
        }
        b.context = context;
        b.source = source;
        b.tag = tag;
        if (2 * (size + 1) > s.length) {
            resize(s.length * 2);
            insert(b, cs);
        } else {
            s[i] = b;
            k[i] = cs;
            t[i] = tag;
        }
        size++;
        return b;
    }

    /** Removes {@code b} from the table if nothing waits in it any more (and pools it). */
    void releaseIfEmpty(Bucket b) {
        if (!b.empty()) {
            return;
        }
        final Bucket[] s = slots;
        final long[] k = contextSource;
        final int[] t = tags;
        final int mask = s.length - 1;
        int i = hash(pack(b.context, b.source), b.tag) & mask;
        while (s[i] != b) {
            i = (i + 1) & mask;
        }
        // Backward-shift deletion: move later members of the probe run into the gap when their home
        // slot allows it, so lookups never meet a hole inside a run.
        int gap = i;
        for (int j = (gap + 1) & mask; s[j] != null; j = (j + 1) & mask) {
            final int home = hash(k[j], t[j]) & mask;
            if (((j - home) & mask) >= ((j - gap) & mask)) {
                s[gap] = s[j];
                k[gap] = k[j];
                t[gap] = t[j];
                gap = j;
            }
        }
        s[gap] = null;
        size--;
        if (idleCount < POOL_MAX) {
            b.nextIdle = idle;
            idle = b;
            idleCount++;
        }
        if (s.length > MIN_CAPACITY && 8 * size < s.length) {
            resize(s.length / 2);
        }
    }

    /** Buckets in use, for tests. */
    int size() {
        return size;
    }

    /** Slots of the table, for tests (memory follows what waits now). */
    int capacity() {
        return slots.length;
    }

    private void resize(int capacity) {
        final Bucket[] old = slots;
        final long[] oldKeys = contextSource;
        final int n = Math.max(MIN_CAPACITY, capacity);
        slots = new Bucket[n];
        contextSource = new long[n];
        tags = new int[n];
        for (int i = 0; i < old.length; i++) {
            if (old[i] != null) {
                insert(old[i], oldKeys[i]);
            }
        }
    }

    private void insert(Bucket b, long cs) {
        final Bucket[] s = slots;
        final int mask = s.length - 1;
        int i = hash(cs, b.tag) & mask;
        while (s[i] != null) {
            i = (i + 1) & mask;
        }
        s[i] = b;
        contextSource[i] = cs;
        tags[i] = b.tag;
    }

    private static long pack(int context, int source) {
        return (long) context << 32 | (source & 0xffffffffL);
    }

    private static int hash(long contextSource, int tag) {
        long h = (contextSource + (tag & 0xffffffffL) * 0xC2B2AE3D27D4EB4FL) * 0x9E3779B97F4A7C15L;
        h ^= h >>> 31;
        h *= 0xBF58476D1CE4E5B9L;
        return (int) (h ^ h >>> 32);
    }
}
