package bamboo.shim.aeron;

import bamboo.shim.engine.DeadlockWatch;
import bamboo.shim.engine.World;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * One rank's deadlock state as sent to rank 0: a sequence number, whether the rank is stuck (every
 * MPI-using thread blocked on a wait that cannot be satisfied now), finished or running, its activity
 * counters, the messages it has sent to and received from other processes, and what it waits for.
 */
record StateReport(long seq, int status, long calls, long parks, long sent, long received, String waits) {
    static final int RUNNING = 0;
    static final int STUCK = 1;
    static final int FINISHED = 2;
    static final int BYTES = 8 + 4 + 8 * 4;

    static StateReport of(World world, int rank, long seq, long sent, long received) {
        final long[] stuck = DeadlockWatch.rankStuck(world, rank);
        if (stuck == null) {
            return new StateReport(seq, RUNNING, 0, 0, sent, received, "");
        }
        if (stuck.length == 0) {
            return new StateReport(seq, FINISHED, 0, 0, sent, received, "rank " + rank + " has finished");
        }
        return new StateReport(seq, STUCK, stuck[0], stuck[1], sent, received, DeadlockWatch.describeRank(world, rank));
    }

    /** Writes the report; the description is cut to {@code maxText} bytes. Returns the length. */
    int write(MutableDirectBuffer b, int maxText) {
        b.putLong(0, seq, ByteOrder.LITTLE_ENDIAN);
        b.putInt(8, status, ByteOrder.LITTLE_ENDIAN);
        b.putLong(12, calls, ByteOrder.LITTLE_ENDIAN);
        b.putLong(20, parks, ByteOrder.LITTLE_ENDIAN);
        b.putLong(28, sent, ByteOrder.LITTLE_ENDIAN);
        b.putLong(36, received, ByteOrder.LITTLE_ENDIAN);
        final byte[] text = waits.getBytes(StandardCharsets.UTF_8);
        final int n = Math.min(text.length, maxText);
        b.putBytes(BYTES, text, 0, n);
        return BYTES + n;
    }

    static StateReport read(DirectBuffer b, int offset, int length) {
        return new StateReport(b.getLong(offset, ByteOrder.LITTLE_ENDIAN), b.getInt(offset + 8, ByteOrder.LITTLE_ENDIAN),
                b.getLong(offset + 12, ByteOrder.LITTLE_ENDIAN), b.getLong(offset + 20, ByteOrder.LITTLE_ENDIAN),
                b.getLong(offset + 28, ByteOrder.LITTLE_ENDIAN), b.getLong(offset + 36, ByteOrder.LITTLE_ENDIAN),
                b.getStringWithoutLengthUtf8(offset + BYTES, length - BYTES));
    }

    /** The state without sequence number and text, to compare two rounds. */
    boolean sameAs(StateReport o) {
        return o != null && status == o.status && calls == o.calls && parks == o.parks && sent == o.sent
                && received == o.received;
    }
}
