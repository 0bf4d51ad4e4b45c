package bamboo.shim.engine;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Bytes a rank holds on behalf of others, under a limit: a receiver's unexpected eager messages (copies
 * waiting for their receive), or a sender's buffered-mode messages (its attached buffer). Lock-free: a
 * reservation is one atomic add (and one more to undo it when it does not fit). Keeps the peak, the
 * figure the flood tests assert on.
 */
public final class ByteBudget {
    private final long limit;
    private final AtomicLong used = new AtomicLong();
    private final AtomicLong peak = new AtomicLong();

    ByteBudget(long limit) {
        this.limit = limit;
    }

    /** Takes {@code bytes} if they fit under the limit; false (nothing taken) when they do not. */
    boolean tryReserve(long bytes) {
        final long now = used.addAndGet(bytes);
        if (now > limit) {
            used.addAndGet(-bytes);
            return false;
        }
        notePeak(now);
        return true;
    }

    /** Takes {@code bytes} whatever the limit (data that is already here, e.g. from another process). */
    void charge(long bytes) {
        notePeak(used.addAndGet(bytes));
    }

    void release(long bytes) {
        used.addAndGet(-bytes);
    }

    private void notePeak(long now) {
        long p;
        while (now > (p = peak.get()) && !peak.compareAndSet(p, now)) {
            Thread.onSpinWait();
        }
    }

    /** The limit in bytes. */
    public long limit() {
        return limit;
    }

    /** Bytes held now. */
    public long used() {
        return used.get();
    }

    /** The most bytes held at once so far. */
    public long peak() {
        return peak.get();
    }
}
