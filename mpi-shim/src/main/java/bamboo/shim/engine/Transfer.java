package bamboo.shim.engine;

import mpi.Datatype;
import mpi.MPIException;

/** Moves a matched message into its receive buffer: one copy, outside any lock. */
final class Transfer {
    private Transfer() {
    }

    /** Copies {@code elements} elements of a primitive array from {@code offset} into an array of
     *  {@link PayloadPool#shared()} (at least that long), which the message's receiver returns. */
    static Object copyOf(Object buf, int offset, int elements) {
        return PayloadPool.shared().copyOf(buf, offset, elements);
    }

    /** Finishes a chain of matches made under a mailbox lock. */
    static void finishAll(RecvOp chain) {
        RecvOp r = chain;
        while (r != null) {
            final RecvOp next = r.nextMatch;
            r.nextMatch = null;
            final Envelope e = r.matched;
            r.matched = null;
            finish(e, r);
            r = next;
        }
    }

    private static void finish(Envelope e, RecvOp r) {
        MPIException failure;
        try {
            failure = copy(e, r);
        } catch (MPIException ex) {
            failure = ex;
        } catch (RuntimeException ex) {
            failure = new MPIException(r.call + ": cannot deliver the message from rank " + r.scope.local(e.source)
                    + " (tag " + e.tag + "): " + ex, ex);
        }
        if (e.budget != null) {
            e.budget.release(e.bytes);
        }
        if (e.pooled) {
            // Copied out (or refused: a truncated or mistyped message is dropped): the envelope is out of
            // the mailbox and nothing else refers to its copy.
            final Object copy = e.data;
            e.data = null;
            e.pooled = false;
            PayloadPool.shared().release(copy);
        }
        r.finish(e, failure);
        if (e.onMatched != null) {
            e.onMatched.run();
        }
        if (e.sendOp != null) {
            e.sendOp.finish();
        }
        if (e.recyclable) {
            r.owner.envelopes.put(e); // finished: nothing refers to it any more
        }
    }

    private static MPIException copy(Envelope e, RecvOp r) throws MPIException {
        final Datatype type = r.type;
        if (e.base != type.base()) {
            return new MPIException(r.call + ": the message from rank " + r.scope.local(e.source) + " (tag " + e.tag
                    + ") carries " + e.base + " data but the receive datatype is " + type);
        }
        if (e.elements > r.capacity) {
            final int per = type.elementsPerItem();
            return new MPIException(r.call + ": message truncated (MPI_ERR_TRUNCATE): the message from rank "
                    + r.scope.local(e.source) + " (tag " + e.tag + ") has " + e.elements / per + " items of " + type
                    + " but the receive count is " + r.capacity / per);
        }
        if (e.base == Datatype.Base.OBJECT) {
            final Object[] objects = ObjectCodec.deserialize((byte[]) e.data, e.elements, r.owner.loader(), r.call);
            if (r.buf instanceof ScatterTarget) {
                ((ScatterTarget) r.buf).scatter(objects, 0, e.elements);
            } else {
                System.arraycopy(objects, 0, r.buf, r.offset, e.elements);
            }
        } else if (e.elements > 0) { // an empty message with a header carries no array (Endpoint#sendCopy)
            if (r.buf instanceof ScatterTarget) { // a derived datatype: block by block into the user's array
                ((ScatterTarget) r.buf).scatter(e.data, e.dataOffset, e.elements);
            } else {
                System.arraycopy(e.data, e.dataOffset, r.buf, r.offset, e.elements);
            }
        }
        return null;
    }
}
