package bamboo.shim.aeron;

import io.aeron.Publication;
import java.nio.ByteOrder;
import java.util.concurrent.locks.ReentrantLock;
import org.agrona.concurrent.UnsafeBuffer;

/** The way to one remote rank: its publication, and the lock that keeps a message's frames together. */
final class Peer {
    final int rank;
    final Publication publication;
    final ReentrantLock lock = new ReentrantLock();
    /** Frame header, written under the lock. */
    final UnsafeBuffer header = new UnsafeBuffer(new byte[Frames.FIRST_HEADER]);
    /** Wraps the payload of the message being sent, under the lock. */
    final UnsafeBuffer payload = new UnsafeBuffer(new byte[0]);
    /** When a frame last went to this peer (for heartbeats). */
    volatile long lastSent;

    Peer(int rank, Publication publication) {
        this.rank = rank;
        this.publication = publication;
    }

    void putHeader(int type, int source) {
        header.putInt(Frames.TYPE, type, ByteOrder.LITTLE_ENDIAN);
        header.putInt(Frames.SOURCE, source, ByteOrder.LITTLE_ENDIAN);
    }
}
