package bamboo.shim.engine;

import mpi.Datatype;

/**
 * The envelopes of one receiving rank's eager messages, recycled: a copied message's envelope is
 * referred to by nobody once its receive (or take) has finished it, so the receiver puts it back here
 * and the next sender to that rank takes it, and steady traffic makes no envelopes. Only envelopes
 * without a sender's operation are recycled ({@link Envelope#recyclable}): a rendezvous, synchronous or
 * deferred send's operation keeps its envelope. Bounded ({@link #CAPACITY}); one short lock, taken
 * once per message by a sender and once by the receiver.
 */
final class EnvelopePool {
    static final int CAPACITY = 128;
    private final Envelope[] idle = new Envelope[CAPACITY];
    private int size;

    /** A recyclable envelope with these fields and the rest cleared (recycled, or new). */
    Envelope get(int context, int source, int tag, Datatype.Base base, int elements, Object data, int dataOffset,
                 int bytes) {
        Envelope e;
        synchronized (this) {
            e = size == 0 ? null : idle[--size];
            if (e != null) {
                idle[size] = null;
            }
        }
        if (e == null) {
            e = new Envelope(context, source, tag, base, elements, data, dataOffset, bytes, null);
        } else {
            e.reset(context, source, tag, base, elements, data, dataOffset, bytes);
        }
        e.recyclable = true;
        return e;
    }

    /** Takes back an envelope nobody refers to any more (finished, or never delivered). */
    void put(Envelope e) {
        e.data = null; // drop the payload reference now: the array may be reused elsewhere
        e.budget = null;
        synchronized (this) {
            if (size < CAPACITY) {
                idle[size++] = e;
            }
        }
    }
}
