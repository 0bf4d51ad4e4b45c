package bamboo.runtime;

import java.util.concurrent.atomic.AtomicLong;

import bamboo.shim.engine.PayloadPool;
import mpi.Datatype;
import org.agrona.concurrent.ManyToManyConcurrentArrayQueue;

/**
 * Pools of messages and payload chunks, shared by the threads of one process. Chunk sizes are powers of
 * two from 64 bytes up to the chunk size; a message longer than the chunk size is a chain of full
 * chunks, so no buffer is ever larger than the chunk size and one pool serves every message length.
 * Lock-free (Agrona's bounded MPMC queues); a buffer that finds its pool full is left to the GC, so
 * the memory a pool retains is bounded: per size class at most {@code retainBytesPerClass} and
 * {@code maxPerClass} buffers.
 */
final class Pools {
    static final int MIN_SHIFT = 6;

    private final int chunkSize;
    private final ManyToManyConcurrentArrayQueue<Chunk>[] chunks;
    private final ManyToManyConcurrentArrayQueue<Message> messages;
    private final AtomicLong allocatedBytes = new AtomicLong();

    @SuppressWarnings("unchecked")
    Pools(int chunkSize, long retainBytesPerClass, int maxPerClass) {
        if (Integer.bitCount(chunkSize) != 1 || chunkSize < (1 << MIN_SHIFT)) {
            throw new IllegalArgumentException("chunkSize must be a power of two >= 64, got " + chunkSize);
        }
        this.chunkSize = chunkSize;
        int classes = Integer.numberOfTrailingZeros(chunkSize) - MIN_SHIFT + 1;
        chunks = (ManyToManyConcurrentArrayQueue<Chunk>[]) new ManyToManyConcurrentArrayQueue<?>[classes];
        for (int c = 0; c < classes; c++) {
            long size = 1L << (c + MIN_SHIFT);
            int capacity = (int) Math.max(16, Math.min(maxPerClass, retainBytesPerClass / size));
            chunks[c] = new ManyToManyConcurrentArrayQueue<>(capacity);
        }
        messages = new ManyToManyConcurrentArrayQueue<>(maxPerClass);
    }

    int chunkSize() {
        return chunkSize;
    }

    /** Bytes of payload buffers ever allocated (steady state: no growth). */
    long allocatedBytes() {
        return allocatedBytes.get();
    }

    Message message() {
        Message m = messages.poll();
        return m != null ? m : new Message();
    }

    /** A chain of chunks holding {@code bytes} bytes; null for an empty payload. */
    Chunk chain(long bytes) {
        Chunk head = null;
        Chunk tail = null;
        long remaining = bytes;
        while (remaining > 0) {
            int n = (int) Math.min(remaining, chunkSize);
            Chunk c = chunk(n);
            if (head == null) {
                head = c;
            } else {
                tail.next = c;
            }
            tail = c;
            remaining -= n;
        }
        return head;
    }

    private Chunk chunk(int n) {
        int cls = n <= (1 << MIN_SHIFT) ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1) - MIN_SHIFT;
        Chunk c = chunks[cls].poll();
        if (c == null) {
            int size = 1 << (cls + MIN_SHIFT);
            allocatedBytes.addAndGet(size);
            // Its bytes from the shim's JVM-wide pool (a power of two is one of its class lengths): the
            // chunks a finished run retired serve the next run of this JVM.
            c = new Chunk(cls, (byte[]) PayloadPool.shared().take(Datatype.Base.BYTE, size));
        }
        c.next = null;
        return c;
    }

    void release(Chunk chain) {
        Chunk c = chain;
        while (c != null) {
            Chunk next = c.next;
            c.next = null;
            chunks[c.sizeClass].offer(c);
            c = next;
        }
    }

    /**
     * After the run, with no thread using the pools: hands the idle chunks' buffers to the shim's
     * JVM-wide {@link PayloadPool} (bounded; what does not fit goes to the collector), so that the next
     * graph run in this JVM (a benchmark's repeats, a service running graphs) does not allocate its
     * chunks again. The pools must not be used afterwards.
     */
    void retire() {
        PayloadPool shared = PayloadPool.shared();
        for (ManyToManyConcurrentArrayQueue<Chunk> q : chunks) {
            Chunk c;
            while ((c = q.poll()) != null) {
                shared.release(c.bytes);
            }
        }
    }

    /** Returns a message and its payload to the pools (a pooled array from another process to the shim's
     *  pool: the message was its only holder, and every path that ends a message ends here once). */
    void release(Message m) {
        release(m.payload);
        if (m.arrayPooled) {
            Object a = m.array;
            m.array = null;
            m.arrayPooled = false;
            PayloadPool.shared().release(a);
        }
        m.clear();
        messages.offer(m);
    }
}
