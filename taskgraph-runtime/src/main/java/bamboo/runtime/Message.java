package bamboo.runtime;

/**
 * A task-to-task message: header plus its payload (a chain of pooled chunks, or an array from another
 * process). Pooled and reused; the
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
    /** The payload as pooled chunks (messages within a process), or null. */
    Chunk payload;
    /** The payload as an array this message owns (from another process: the shim's copy, see Handler),
     *  of element kind {@link #arrayKind}, at least {@link #count} elements (or {@link #byteLength} bytes
     *  for {@code Object[]}) long; or null. */
    Object array;
    int arrayKind;
    /** {@link #array} is the shim's {@code PayloadPool} array, owned by this message alone: it goes back
     *  to the pool when the message is released (after the task copied it out, or dropped). */
    boolean arrayPooled;
    /** From another process: the header is in, the payload not yet. */
    boolean awaitingPayload;
    Message next;
    /** Arrival-order links of the holding task's inbox (every held message, across pairs). */
    Message older;
    Message newer;
    /** The inbox's claim epoch in which a firing rule's dry run claimed this message (see Inbox#claim). */
    int claimEpoch;

    void clear() {
        payload = null;
        array = null;
        arrayPooled = false;
        awaitingPayload = false;
        next = null;
        older = null;
        newer = null;
        claimEpoch = 0;
        traceId = 0;
    }
}
