package bamboo.shim.aeron;

/**
 * Frame layout on a rank's stream (little-endian ints). Every frame starts with its type and the world
 * rank of the sender. A message travels as one FIRST frame and as many MORE frames as its size needs;
 * the frames of one message are contiguous per sender (the sender holds the destination's lock).
 *
 * <pre>
 * FIRST:     type source context tag base elements totalBytes syncToken(long) | payload
 * MORE:      type source | payload
 * HEARTBEAT: type source
 * BYE:       type source                (the sender's program has ended; nothing more follows)
 * ABORT:     type source | UTF-8 reason (the sender failed; the job must stop)
 * MATCHED:   type source syncToken(long) (a synchronous send was matched by the receiver)
 * HELLO:     type source | HMAC-SHA256(key, "HELO" source dest sessionId) (first frame of a session)
 * </pre>
 *
 * Every frame is one whole Aeron fragment (at most the publication's maximum payload), and the payload
 * of a FIRST or MORE frame holds whole elements.
 */
final class Frames {
    static final int FIRST = 1;
    static final int MORE = 2;
    static final int HEARTBEAT = 3;
    static final int BYE = 4;
    static final int ABORT = 5;
    static final int HELLO = 9;

    static final int TYPE = 0;
    static final int SOURCE = 4;
    static final int CONTEXT = 8;
    static final int TAG = 12;
    static final int BASE = 16;
    static final int ELEMENTS = 20;
    static final int TOTAL = 24;
    static final int SYNC = 28;
    static final int FIRST_HEADER = 36;
    static final int MATCHED = 8;
    static final int MATCHED_LENGTH = 16;
    static final int SHORT_HEADER = 8;
    /** Room for the longest control header (HELLO with its MAC). */
    static final int MAX_CONTROL = SHORT_HEADER + JobKey.MAC_BYTES;

    private Frames() {
    }
}
