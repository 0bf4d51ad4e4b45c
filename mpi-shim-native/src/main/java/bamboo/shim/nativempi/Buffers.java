package bamboo.shim.nativempi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;

/**
 * Native buffers for messages in flight (non-blocking operations, large blocking sends, collectives),
 * pooled by power-of-two size so a steady stream of messages allocates nothing after its first round.
 */
public final class Buffers {
    private static final int CLASSES = 32;
    @SuppressWarnings("unchecked")
    private static final ArrayDeque<MemorySegment>[] FREE = new ArrayDeque[CLASSES];
    private static final Arena ARENA = Arena.ofShared();

    static {
        for (int i = 0; i < CLASSES; i++) {
            FREE[i] = new ArrayDeque<>();
        }
    }

    private Buffers() {
    }

    /** A buffer of at least {@code bytes} bytes (its size is a power of two, at least 64). */
    public static MemorySegment take(long bytes) {
        final int c = sizeClass(bytes);
        synchronized (FREE[c]) {
            final MemorySegment s = FREE[c].pollFirst();
            if (s != null) {
                return s;
            }
        }
        return ARENA.allocate(1L << c, 64);
    }

    /** Returns a buffer from {@link #take} to the pool. */
    public static void give(MemorySegment s) {
        if (s == null) {
            return;
        }
        final int c = sizeClass(s.byteSize());
        synchronized (FREE[c]) {
            FREE[c].addFirst(s);
        }
    }

    private static int sizeClass(long bytes) {
        final int c = 64 - Long.numberOfLeadingZeros(Math.max(64, bytes) - 1);
        if (c >= CLASSES) {
            throw new IllegalArgumentException("message of " + bytes + " bytes is larger than the device supports");
        }
        return c;
    }
}
