package bamboo.shim.engine;

import bamboo.shim.ShimConfiguration;
import java.util.concurrent.atomic.AtomicLong;
import mpi.Datatype;

/**
 * Recycled primitive arrays for the copies the shim makes of eager messages (a copying, eager, buffered
 * or detached deferred send): the copy is drawn from here, and goes back once the data has been copied
 * out of it, by the receive that matched it ({@link Transfer}) or, for a message taken by reference
 * ({@link Endpoint#take}, {@link Taken#pooled}), by the taker once it is done with it. So steady traffic
 * allocates no payload arrays, and the large ones (a humongous array for every block of a megabyte or
 * more, zeroed by the collector) are not made per message.
 *
 * <p>One pool per JVM ({@link #shared()}): the arrays carry no class of a program, and a new job in the
 * same JVM (a benchmark's next repeat, the next run of a task graph) reuses what the last one returned.
 * Per element kind, arrays come in size classes of four steps per power of two (16, 20, 24, 28, 32, 40,
 * ... elements), so at most a fifth of an array is unused and one class serves every length in its step;
 * an array is at least as long as asked, never exactly: users of a pooled array go by the element count
 * that came with it.
 *
 * <p>Bounded: the arrays kept idle here total at most {@link #limitBytes()} (64 MiB, or a sixteenth of the
 * maximum heap if that is less; {@link ShimConfiguration#PAYLOAD_POOL_BYTES_PROP_NAME} sets it in bytes, 0
 * turns pooling off), and at most {@value #MAX_PER_CLASS} per class. An array that does not fit is left to the
 * collector; a request for more than the limit is allocated at its exact length and never kept. Arrays in
 * use are not counted: they belong to their messages.
 *
 * <p>Thread-safe: one short lock per size class (taken once per message, never while copying), no
 * allocation once a class has its shelf. Only arrays this pool handed out may come back, once, and only
 * when nothing refers to them any more; a second return of an array still on its shelf is caught
 * ({@link IllegalStateException}); one handed out again meanwhile cannot be told apart, which is why
 * the shim and the task-graph runtime return an array only from the one place that owns it.
 */
public final class PayloadPool {
    static final int MAX_PER_CLASS = 256;
    /** Length of the smallest class. */
    static final int MIN_LENGTH = 16;
    private static final int MIN_SHIFT = 4;
    /** Class count: up to lengths of 2^30 elements (beyond: allocated exactly, never kept). */
    static final int CLASSES = (30 - MIN_SHIFT) * 4 + 1;
    private static final Datatype.Base[] KINDS = {
        Datatype.Base.BYTE, Datatype.Base.CHAR, Datatype.Base.SHORT, Datatype.Base.BOOLEAN,
        Datatype.Base.INT, Datatype.Base.LONG, Datatype.Base.FLOAT, Datatype.Base.DOUBLE};

    private static final PayloadPool SHARED = new PayloadPool(ShimConfiguration.PAYLOAD_POOL_BYTES);

    private final long limitBytes;
    /** [kind ordinal][size class]. */
    private final Shelf[][] shelves;
    private final AtomicLong retained = new AtomicLong();
    private final AtomicLong allocated = new AtomicLong();
    private final AtomicLong allocatedBytes = new AtomicLong();
    private final AtomicLong reused = new AtomicLong();

    /** A pool that keeps at most {@code limitBytes} of idle arrays (0: none). */
    public PayloadPool(long limitBytes) {
        if (limitBytes < 0) {
            throw new IllegalArgumentException("PayloadPool: limitBytes must be >= 0, got " + limitBytes);
        }
        this.limitBytes = limitBytes;
        shelves = new Shelf[Datatype.Base.values().length][CLASSES];
        for (Datatype.Base kind : KINDS) {
            for (int c = 0; c < CLASSES; c++) {
                final long bytes = (long) lengthOf(c) * kind.bytes();
                final int capacity = (int) Math.min(MAX_PER_CLASS, limitBytes / bytes);
                if (capacity > 0) {
                    shelves[kind.ordinal()][c] = new Shelf(capacity);
                }
            }
        }
    }

    /** The pool the shim's copies come from: one per JVM. */
    public static PayloadPool shared() {
        return SHARED;
    }

    /** The size class of an array of {@code length} elements (length >= 1). */
    static int classOf(int length) {
        if (length <= MIN_LENGTH) {
            return 0;
        }
        final int m = length - 1;
        final int e = 31 - Integer.numberOfLeadingZeros(m); // >= MIN_SHIFT
        final int q = (m >>> (e - 2)) + 1; // 5..8: quarters of 2^e
        return (e - MIN_SHIFT) * 4 + q - 4;
    }

    /** The array length of size class {@code c}. */
    static int lengthOf(int c) {
        if (c == 0) {
            return MIN_LENGTH;
        }
        final int e = (c - 1) / 4 + MIN_SHIFT;
        final int q = (c - 1) % 4 + 5;
        return q << (e - 2);
    }

    /**
     * An array of {@code base}'s element type with at least {@code elements} elements: an idle one of
     * its size class, else a new one. Its contents are whatever it held last.
     */
    public Object take(Datatype.Base base, int elements) {
        if (base == Datatype.Base.OBJECT) {
            throw new IllegalArgumentException("PayloadPool.take: only primitive arrays are pooled, not " + base);
        }
        if (elements < 0) {
            throw new IllegalArgumentException("PayloadPool.take: elements must be >= 0, got " + elements);
        }
        final int c = classOf(Math.max(1, elements));
        final Shelf shelf = c < CLASSES ? shelves[base.ordinal()][c] : null;
        if (shelf != null) {
            final Object a = shelf.pop();
            if (a != null) {
                retained.addAndGet(-(long) lengthOf(c) * base.bytes());
                reused.incrementAndGet();
                return a;
            }
        }
        // Not poolable (beyond the limit): exactly as long as asked, and never taken back.
        final int length = shelf != null ? lengthOf(c) : elements;
        allocated.incrementAndGet();
        allocatedBytes.addAndGet((long) length * base.bytes());
        return java.lang.reflect.Array.newInstance(base.arrayClass().getComponentType(), length);
    }

    /** A copy of {@code elements} elements of the primitive array {@code buf} from {@code offset}. */
    public Object copyOf(Object buf, int offset, int elements) {
        final Datatype.Base base = baseOf(buf);
        if (base == null) {
            throw new IllegalArgumentException("PayloadPool.copyOf: not a primitive array: "
                    + (buf == null ? "null" : buf.getClass().getName()));
        }
        final Object copy = take(base, elements);
        System.arraycopy(buf, offset, copy, 0, elements);
        return copy;
    }

    /**
     * Returns an array this pool handed out and nobody uses any more; true when it is kept for reuse,
     * false when it is left to the collector (not of a pooled length, or the pool is full).
     *
     * @throws IllegalStateException when the array is idle in the pool already (returned twice)
     */
    public boolean release(Object array) {
        final Datatype.Base base = baseOf(array);
        if (base == null) {
            return false;
        }
        final int length = java.lang.reflect.Array.getLength(array);
        if (length == 0) {
            return false;
        }
        final int c = classOf(length);
        if (c >= CLASSES || lengthOf(c) != length) {
            return false;
        }
        final Shelf shelf = shelves[base.ordinal()][c];
        if (shelf == null) {
            return false;
        }
        final long bytes = (long) length * base.bytes();
        long now;
        do { // reserve first (never over the bound, even for a moment), then shelve
            now = retained.get();
            if (now + bytes > limitBytes) {
                return false;
            }
        } while (!retained.compareAndSet(now, now + bytes));
        boolean kept = false;
        try {
            kept = shelf.push(array);
        } finally {
            if (!kept) {
                retained.addAndGet(-bytes);
            }
        }
        return kept;
    }

    /** Drops every idle array (to the collector). */
    public void clear() {
        for (int k = 0; k < KINDS.length; k++) {
            for (int c = 0; c < CLASSES; c++) {
                final Shelf s = shelves[KINDS[k].ordinal()][c];
                if (s != null) {
                    retained.addAndGet(-(long) s.clear() * lengthOf(c) * KINDS[k].bytes());
                }
            }
        }
    }

    /** The bound on the bytes of idle arrays kept. */
    public long limitBytes() {
        return limitBytes;
    }

    /** Bytes of the idle arrays kept now. */
    public long retainedBytes() {
        return retained.get();
    }

    /** Arrays allocated so far (a request no idle array could serve). */
    public long allocations() {
        return allocated.get();
    }

    /** Bytes of the arrays allocated so far. */
    public long allocatedBytes() {
        return allocatedBytes.get();
    }

    /** Requests served by an idle array so far. */
    public long reuses() {
        return reused.get();
    }

    private static Datatype.Base baseOf(Object array) {
        if (array instanceof double[]) {
            return Datatype.Base.DOUBLE;
        } else if (array instanceof int[]) {
            return Datatype.Base.INT;
        } else if (array instanceof byte[]) {
            return Datatype.Base.BYTE;
        } else if (array instanceof long[]) {
            return Datatype.Base.LONG;
        } else if (array instanceof float[]) {
            return Datatype.Base.FLOAT;
        } else if (array instanceof char[]) {
            return Datatype.Base.CHAR;
        } else if (array instanceof short[]) {
            return Datatype.Base.SHORT;
        } else if (array instanceof boolean[]) {
            return Datatype.Base.BOOLEAN;
        }
        return null;
    }

    /** The idle arrays of one kind and size class: a stack under its own lock (held for a few loads). */
    private static final class Shelf {
        private final int capacity;
        private Object[] slots; // made on the first return: most classes are never used
        private int size;

        Shelf(int capacity) {
            this.capacity = capacity;
        }

        synchronized Object pop() {
            if (size == 0) {
                return null;
            }
            final Object a = slots[--size];
            slots[size] = null;
            return a;
        }

        synchronized boolean push(Object array) {
            if (slots == null) {
                slots = new Object[capacity];
            }
            for (int i = 0; i < size; i++) {
                if (slots[i] == array) {
                    throw new IllegalStateException("PayloadPool.release: a " + array.getClass().getSimpleName()
                            + " of " + java.lang.reflect.Array.getLength(array)
                            + " elements was returned twice (it is idle in the pool already)");
                }
            }
            if (size == capacity) {
                return false;
            }
            slots[size++] = array;
            return true;
        }

        synchronized int clear() {
            final int n = size;
            for (int i = 0; i < size; i++) {
                slots[i] = null;
            }
            size = 0;
            return n;
        }
    }
}
