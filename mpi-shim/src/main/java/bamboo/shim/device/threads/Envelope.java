package bamboo.shim.device.threads;

import mpi.Datatype;

/**
 * A message in a receiver's mailbox. Eager messages carry a private copy of the data; rendezvous and
 * synchronous messages carry a reference to the sender's buffer and the sender's operation, which
 * completes when a receive has copied the data out (one copy per message).
 */
final class Envelope {
    final int context;
    final int source;
    final int tag;
    final Datatype.Base base;
    /** Array elements (objects for {@code OBJECT}). */
    final int elements;
    /** Primitive array (copy or the sender's), or the serialised bytes of {@code OBJECT} elements. */
    final Object data;
    final int dataOffset;
    /** Bytes on the wire, for the simulated interconnect. */
    final int bytes;
    /** The sender's operation when it waits for the match (rendezvous or synchronous), else null. */
    final SendOp sendOp;

    /** Per (sender, receiver) sequence number, assigned in send order; matching follows it. */
    long seq;
    /** {@link System#nanoTime()} from which the message may match; 0 for at once. */
    long arrival;
    /** The budget this message's copy is counted in (the receiver's or the sender's Bsend buffer), or
     *  null; released when a receive has taken the message. */
    ByteBudget budget;
    /** Run when a receive has taken the message: a synchronous send from another process waits for it. */
    Runnable onMatched;

    Envelope(int context, int source, int tag, Datatype.Base base, int elements, Object data, int dataOffset,
             int bytes, SendOp sendOp) {
        this.context = context;
        this.source = source;
        this.tag = tag;
        this.base = base;
        this.elements = elements;
        this.data = data;
        this.dataOffset = dataOffset;
        this.bytes = bytes;
        this.sendOp = sendOp;
    }
}
