package bamboo.shim.aeron;

import io.aeron.ExclusivePublication;
import io.aeron.logbuffer.BufferClaim;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The way to one remote rank: its exclusive publication (one Aeron session, used under the lock only),
 * and the lock that keeps a message's frames together.
 */
final class Peer {
    final int rank;
    final ExclusivePublication publication;
    final ReentrantLock lock = new ReentrantLock();
    /** Frame header, written under the lock. */
    final UnsafeBuffer header = new UnsafeBuffer(new byte[Math.max(Frames.FIRST_HEADER, Frames.MAX_CONTROL)]);
    /** Claimed term space of the frame being written, under the lock. */
    final BufferClaim claim = new BufferClaim();
    /** How a sender waits out back pressure, under the lock: spins and yields, then parks up to 50 µs (the
     *  receiver drains a 512 KiB window in about 100 µs; a longer park leaves the window idle). */
    final IdleStrategy sendIdle = new BackoffIdleStrategy(100, 10, TimeUnit.MICROSECONDS.toNanos(1),
            TimeUnit.MICROSECONDS.toNanos(50));
    /** The HELLO that binds the session to our rank has gone: other frames may follow. */
    volatile boolean greeted;
    /** Wraps the payload of the message being sent, under the lock. */
    final UnsafeBuffer payload = new UnsafeBuffer(new byte[0]);
    /** When a frame last went to this peer (for heartbeats). */
    volatile long lastSent;

    Peer(int rank, ExclusivePublication publication) {
        this.rank = rank;
        this.publication = publication;
    }

    void putHeader(int type, int source) {
        header.putInt(Frames.TYPE, type, ByteOrder.LITTLE_ENDIAN);
        header.putInt(Frames.SOURCE, source, ByteOrder.LITTLE_ENDIAN);
    }
}
