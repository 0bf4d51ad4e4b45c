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
 * <p>Open addressing with linear probing, the keys in arrays beside the buckets, no boxing. A bucket
 * left empty stays until empty buckets dominate ({@link #released}); then, or when the table would grow,
 * it is rebuilt without them (no tombstones, nothing removed in between) and they go to a small pool for
 * new keys, so memory follows what waits now, not what waited once. Not thread-safe: the mailbox lock
 * guards it.
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
    /** Buckets in the table with nothing queued ({@link #released}). */
    private int empty;
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

    /** The bucket of (context, source, tag), made (or taken from the pool) if there is none; the caller
     *  queues something in it at once. */
    Bucket obtain(int context, int source, int tag) {
        final long cs = pack(context, source);
        Bucket[] s = slots;
        long[] k = contextSource;
        int[] t = tags;
        int mask = s.length - 1;
        int i = hash(cs, tag) & mask;
        for (; s[i] != null; i = (i + 1) & mask) {
            if (k[i] == cs && t[i] == tag) {
                final Bucket b = s[i];
                if (b.empty()) {
                    empty--; // in use again: a hot key keeps its bucket
                }
                return b;
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
            rebuild(); // drops the empty buckets; grows only if the rest still needs the room
            insert(b, cs);
        } else {
            s[i] = b;
            k[i] = cs;
            t[i] = tag;
        }
        size++;
        return b;
    }

    /**
     * Something was just taken out of {@code b}. A bucket left empty stays in the table (the next message
     * or receive of a hot key finds it: no removal and insertion per message in a ping-pong) until empty
     * buckets outnumber the others twice over (and 64), or the table would have to grow: then a rebuild
     * drops them all and pools them. Each rebuild costs O(table) and leaves the table at most 1/4 full and
     * free of empty buckets, so it is paid for by the insertions or removals before it: O(1) amortised,
     * and the table's size follows what waits now.
     */
    void released(Bucket b) {
        if (b.empty()) {
            empty++;
            if (empty > 64 && empty > 2 * (size - empty)) {
                rebuild();
            }
        }
    }

    /** Empty buckets still in the table, for tests. */
    int emptyBuckets() {
        return empty;
    }

    /** Buckets in use, for tests. */
    int size() {
        return size;
    }

    /** Slots of the table, for tests (memory follows what waits now). */
    int capacity() {
        return slots.length;
    }

    /** Rebuilds the table with its non-empty buckets only, at most 1/4 full; the empty ones go to the pool. */
    private void rebuild() {
        final Bucket[] old = slots;
        final long[] oldKeys = contextSource;
        final int live = size - empty;
        int n = MIN_CAPACITY;
        while (n < 4 * (live + 1)) {
            n <<= 1;
        }
        slots = new Bucket[n];
        contextSource = new long[n];
        tags = new int[n];
        for (int i = 0; i < old.length; i++) {
            final Bucket b = old[i];
            if (b == null) {
                continue;
            }
            if (b.empty()) {
                if (idleCount < POOL_MAX) {
                    b.nextIdle = idle;
                    idle = b;
                    idleCount++;
                }
            } else {
                insert(b, oldKeys[i]);
            }
        }
        size = live;
        empty = 0;
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
