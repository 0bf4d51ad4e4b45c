package bamboo.shim.coll;

import mpi.Datatype;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/**
 * The channel of one nonblocking collective: the communicator's collective channel with every tag moved
 * to the collective's own range, {@code (1 + sequence) * Tags.SPAN} onwards, where {@code sequence} counts
 * the nonblocking collectives started on the communicator (the same on every member, since all start
 * them in the same order). So several outstanding nonblocking collectives, and blocking ones called
 * meanwhile (which keep the tags below {@code Tags.SPAN}), never match each other's messages. Sequence
 * numbers wrap after {@link #RANGES}: only a collective still outstanding that many collectives later
 * could meet its successor.
 */
public final class SequencedChannel implements Channel {
    /** Distinct tag ranges: the tags stay below 2^31. */
    static final int RANGES = Integer.MAX_VALUE / Tags.SPAN - 1;

    private final Channel inner;
    private final int offset;

    public SequencedChannel(Channel inner, int sequence) {
        this.inner = inner;
        this.offset = (1 + Math.floorMod(sequence, RANGES)) * Tags.SPAN;
    }

    @Override
    public int rank() {
        return inner.rank();
    }

    @Override
    public int size() {
        return inner.size();
    }

    @Override
    public void send(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MPIException {
        inner.send(buf, offset, count, type, dest, this.offset + tag);
    }

    @Override
    public Status recv(Object buf, int offset, int count, Datatype type, int source, int tag) throws MPIException {
        return inner.recv(buf, offset, count, type, source, this.offset + tag);
    }

    @Override
    public Request isend(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MPIException {
        return inner.isend(buf, offset, count, type, dest, this.offset + tag);
    }

    @Override
    public Request irecv(Object buf, int offset, int count, Datatype type, int source, int tag) throws MPIException {
        return inner.irecv(buf, offset, count, type, source, this.offset + tag);
    }

    @Override
    public Status sendrecv(Object sendBuf, int sendOffset, int sendCount, Datatype sendType, int dest, int sendTag,
                           Object recvBuf, int recvOffset, int recvCount, Datatype recvType, int source, int recvTag)
            throws MPIException {
        return inner.sendrecv(sendBuf, sendOffset, sendCount, sendType, dest, offset + sendTag,
                recvBuf, recvOffset, recvCount, recvType, source, offset + recvTag);
    }
}
