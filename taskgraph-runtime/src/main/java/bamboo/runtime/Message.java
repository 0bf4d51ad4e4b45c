package bamboo.runtime;

/**
 * A task-to-task message: header plus a chain of pooled payload chunks. Pooled and reused; the
 * {@code next} link serves the incoming stack, the inbox FIFO and nothing else at a time; {@code older} /
 * {@code newer} link the inbox's arrival order.
 */
final class Message {
    int source;
    int dest;
    int tag;
    /** Per-source sequence number: the source task's send count. */
    long seq;
    /** Element kind (see {@link Elements}) and count as sent. */
    int kind;
    int count;
    int byteLength;
    long sentAt;
    /** Flow id for the trace (0 when not tracing). */
    long traceId;
    Chunk payload;
    Message next;
    /** Arrival-order links of the holding task's inbox (every held message, across pairs). */
    Message older;
    Message newer;
    /** The inbox's claim epoch in which a firing rule's dry run claimed this message (see Inbox#claim). */
    int claimEpoch;

    void clear() {
        payload = null;
        next = null;
        older = null;
        newer = null;
        claimEpoch = 0;
        traceId = 0;
    }
}
