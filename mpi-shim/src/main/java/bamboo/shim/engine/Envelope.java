package bamboo.shim.engine;

import mpi.Datatype;

/**
 * A message in a receiver's mailbox. Eager messages carry a private copy of the data; rendezvous and
 * synchronous messages carry a reference to the sender's buffer and the sender's operation, which
 * completes when a receive has copied the data out (one copy per message). A deferred eager send starts
 * like a rendezvous and may become an eager copy later ({@link Mailbox#detach}): {@link #data},
 * {@link #dataOffset} and {@link #sendOp} change then, under the mailbox lock, and only while the message
 * is not {@link #taken}.
 */
final class Envelope {
    // Not final: a recyclable envelope is reset for its next message (EnvelopePool) by the sender, before
    // it is published under the receiver's mailbox lock.
    int context;
    int source;
    int tag;
    Datatype.Base base;
    /** Array elements (objects for {@code OBJECT}). */
    int elements;
    /** Primitive array (copy or the sender's), or the serialised bytes of {@code OBJECT} elements. */
    Object data;
    int dataOffset;
    /** Bytes on the wire, for the simulated interconnect. */
    int bytes;
    /** The sender's operation when it waits for the match (rendezvous, synchronous or a deferred eager send
     *  not yet copied), else null. */
    SendOp sendOp;
    /** Set under the mailbox lock once a receive (or a take, or a cancel) has claimed the message: its
     *  data is then read outside the lock and must no longer change. Volatile so that a sender polling its
     *  deferred send sees without the lock that copying it would be wasted. */
    volatile boolean taken;

    /** Per (sender, receiver) sequence number, assigned in send order; matching follows it. */
    long seq;
    /** {@link System#nanoTime()} from which the message may match; 0 for at once. */
    long arrival;
    /** The budget this message's copy is counted in (the receiver's or the sender's Bsend buffer), or
     *  null; released when a receive has taken the message. */
    ByteBudget budget;
    /** Run when a receive has taken the message: a synchronous send from another process waits for it. */
    Runnable onMatched;
    /** {@link #data} is a {@link PayloadPool#shared()} array of the shim's own (an eager copy): the receive
     *  that copies it out returns it there; a progress engine that takes it by reference is told so
     *  ({@link Taken#pooled}). Set before the message is delivered, or under the mailbox lock. */
    boolean pooled;
    /** Drawn from the receiver's {@link EnvelopePool}: goes back there once finished (never has a sendOp). */
    boolean recyclable;
    /** A progress engine's header carried with the message ({@link Endpoint#sendCopy(Scope, long[], int,
     *  Object, int, int, mpi.Datatype, int, int, String)}): its first {@link #headerLength} longs. Kept
     *  when the envelope is recycled, so steady traffic allocates none. */
    long[] header;
    int headerLength;

    // While the message waits unexpected in a mailbox: per level of the MatchTable (exact key, any tag,
    // any source, both), the bucket that lists it and its neighbours there in arrival order; and its
    // neighbours in the mailbox's list of every waiting message (reports). All null otherwise.
    MatchTable.Bucket in0;
    MatchTable.Bucket in1;
    MatchTable.Bucket in2;
    MatchTable.Bucket in3;
    Envelope prev0;
    Envelope next0;
    Envelope prev1;
    Envelope next1;
    Envelope prev2;
    Envelope next2;
    Envelope prev3;
    Envelope next3;
    Envelope prevAll;
    Envelope nextAll;

    Envelope(int context, int source, int tag, Datatype.Base base, int elements, Object data, int dataOffset,
             int bytes, SendOp sendOp) {
        reset(context, source, tag, base, elements, data, dataOffset, bytes);
        this.sendOp = sendOp;
    }

    /** For its next message (a recycled envelope, referred to by nobody): every field as new. */
    void reset(int context, int source, int tag, Datatype.Base base, int elements, Object data, int dataOffset,
               int bytes) {
        this.context = context;
        this.source = source;
        this.tag = tag;
        this.base = base;
        this.elements = elements;
        this.data = data;
        this.dataOffset = dataOffset;
        this.bytes = bytes;
        this.sendOp = null;
        this.taken = false;
        this.seq = 0;
        this.arrival = 0;
        this.budget = null;
        this.onMatched = null;
        this.pooled = false;
        this.headerLength = 0;
    }

    MatchTable.Bucket in(int level) {
        return switch (level) {
            case 0 -> in0;
            case 1 -> in1;
            case 2 -> in2;
            default -> in3;
        };
    }

    void in(int level, MatchTable.Bucket b) {
        switch (level) {
            case 0 -> in0 = b;
            case 1 -> in1 = b;
            case 2 -> in2 = b;
            default -> in3 = b;
        }
    }

    Envelope prev(int level) {
        return switch (level) {
            case 0 -> prev0;
            case 1 -> prev1;
            case 2 -> prev2;
            default -> prev3;
        };
    }

    void prev(int level, Envelope e) {
        switch (level) {
            case 0 -> prev0 = e;
            case 1 -> prev1 = e;
            case 2 -> prev2 = e;
            default -> prev3 = e;
        }
    }

    Envelope next(int level) {
        return switch (level) {
            case 0 -> next0;
            case 1 -> next1;
            case 2 -> next2;
            default -> next3;
        };
    }

    void next(int level, Envelope e) {
        switch (level) {
            case 0 -> next0 = e;
            case 1 -> next1 = e;
            case 2 -> next2 = e;
            default -> next3 = e;
        }
    }

    /** Copies the first {@code length} longs of {@code h} into this envelope's header. */
    void header(long[] h, int length) {
        if (header == null || header.length < length) {
            header = new long[Math.max(length, Taken.HEADER_MAX)];
        }
        System.arraycopy(h, 0, header, 0, length);
        headerLength = length;
    }
}
