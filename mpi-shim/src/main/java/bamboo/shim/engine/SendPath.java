package bamboo.shim.engine;

import java.nio.ByteBuffer;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;

/**
 * The send side of one rank: picks each message's protocol (straight into a posted receive, an eager
 * copy, a deferred eager send, a rendezvous, or the transport to another process), and keeps the rank's
 * buffer for buffered sends. The receiving rank's side of a local send is its {@link ReceivePath}.
 */
final class SendPath {
    /**
     * Eager sends of at least this many bytes that find no posted receive are deferred when non-blocking
     * ({@link SendOp}): below it an eager copy costs less than the deferral's bookkeeping (a request object
     * and one more lock of the receiver's mailbox when the sender waits).
     */
    static final int DEFER_MIN_BYTES = 16 * 1024;

    private final Endpoint endpoint;
    private final World world;
    private final int rank;
    /** The buffer of this rank's buffered sends: an attached one's size, else the implicit default. */
    private volatile ByteBudget bsendBuffer;
    private volatile ByteBuffer attachedBuffer;

    SendPath(Endpoint endpoint) {
        this.endpoint = endpoint;
        this.world = endpoint.world;
        this.rank = endpoint.rank;
        this.bsendBuffer = new ByteBudget(world.eagerBudget());
    }

    /** {@link Endpoint#isend}; {@code deferrable} false for a blocking send, which waits for itself at once. */
    Pending isend(Scope scope, Object buf, int offset, int elements, Datatype type, int dest, int tag,
                  SendMode mode, String call, boolean deferrable) throws MPIException {
        if (dest == MPI.PROC_NULL) {
            return new Completed(endpoint, MPI.PROC_NULL, MPI.ANY_TAG, 0);
        }
        final int worldDest = scope.worldRank(dest);
        final Remote remote = world.remote();
        if (remote != null && !remote.isLocal(worldDest)) {
            return sendRemote(remote, scope, buf, offset, elements, type, dest, worldDest, tag, mode, call);
        }
        final SendOp op = sendLocal(scope, buf, offset, elements, type, dest, worldDest, tag, mode, call, deferrable);
        return op != null ? op : new Completed(endpoint, dest, tag, elements);
    }

    /** {@link Endpoint#sendCopy(Scope, Object, int, int, Datatype, int, int, String)}. */
    void sendCopy(Scope scope, Object buf, int offset, int elements, Datatype type, int dest, int tag, String call)
            throws MPIException {
        if (dest == MPI.PROC_NULL) {
            return;
        }
        final int worldDest = scope.worldRank(dest);
        final Remote remote = world.remote();
        if (remote != null && !remote.isLocal(worldDest)) {
            sendRemote(remote, scope, buf, offset, elements, type, dest, worldDest, tag, SendMode.COPY, call);
            return;
        }
        sendLocal(scope, buf, offset, elements, type, dest, worldDest, tag, SendMode.COPY, call, false);
    }

    /** True when a message to {@code dest} of {@code scope} may carry a header: a rank of this process. */
    boolean carriesHeaders(Scope scope, int dest) {
        final Remote remote = world.remote();
        return remote == null || remote.isLocal(scope.worldRank(dest));
    }

    /** {@link Endpoint#sendCopy(Scope, long[], int, Object, int, int, Datatype, int, int, String)}. */
    void sendCopy(Scope scope, long[] header, int headerLength, Object buf, int offset, int elements,
                  Datatype type, int dest, int tag, String call) throws MPIException {
        final Datatype.Base base = type.base();
        if (base == Datatype.Base.OBJECT) {
            throw new IllegalArgumentException(call + ": a message with a header carries primitive data, not "
                    + type);
        }
        if (headerLength < 0 || headerLength > Taken.HEADER_MAX || headerLength > header.length) {
            throw new IllegalArgumentException(call + ": headerLength must be 0.." + Taken.HEADER_MAX
                    + " and fit the header array, got " + headerLength);
        }
        if (!carriesHeaders(scope, dest)) {
            throw new MPIException(call + ": rank " + dest + " is in another process; a message with a header "
                    + "goes only to a rank of this process");
        }
        final Endpoint to = world.endpoint(scope.worldRank(dest));
        final Object data = elements == 0 ? null : Transfer.copyOf(buf, offset, elements);
        final int bytes = elements * base.bytes() + headerLength * Long.BYTES;
        final Envelope e = to.envelopes.get(scope.wireContext(), rank, tag, base, elements, data, 0, bytes);
        e.pooled = data != null;
        e.header(header, headerLength);
        to.receives.deposit(e);
    }

    /** A send to a rank of this process: returns the operation that completes it, or null when it is
     *  complete already (copied). */
    private SendOp sendLocal(Scope scope, Object buf, int offset, int elements, Datatype type, int dest,
                             int worldDest, int tag, SendMode mode, String call, boolean deferrable)
            throws MPIException {
        final Endpoint to = world.endpoint(worldDest);
        final ByteBudget unexpected = to.receives.unexpected;
        final Datatype.Base base = type.base();
        final Object data;
        int dataOffset = 0;
        final int bytes;
        SendOp op = null;
        ByteBudget budget = null;
        boolean pooled = false; // data is a PayloadPool array, to go back once copied out
        if (base == Datatype.Base.OBJECT) {
            // The serialised bytes are a copy whatever the mode; over the receiver's budget the send only
            // completes when received, so the sender holds them (its request), not the receiver.
            final byte[] serialised = ObjectCodec.serialize((Object[]) buf, offset, elements, call);
            data = serialised;
            bytes = serialised.length;
            if (mode == SendMode.BUFFERED) {
                budget = reserveBuffered(bytes, call);
            } else if (mode == SendMode.SYNCHRONOUS) {
                op = new SendOp(endpoint, to.mailbox, scope, dest, tag, call, null);
            } else if (mode != SendMode.COPY) {
                if (unexpected.tryReserve(bytes)) {
                    budget = unexpected;
                } else {
                    op = new SendOp(endpoint, to.mailbox, scope, dest, tag, call, unexpected);
                }
            }
        } else {
            bytes = elements * base.bytes();
            final boolean eager = mode != SendMode.SYNCHRONOUS && bytes <= world.eagerLimit();
            if (eager && mode != SendMode.BUFFERED && to.mailbox.hasPosted()) {
                // The receive is often posted already (Irecv before Isend): copy once, straight into it.
                final Envelope direct = to.envelopes.get(scope.wireContext(), rank, tag, base, elements, buf, offset,
                        bytes);
                final RecvOp match = to.mailbox.sendIfPosted(direct, world.network(), to.rank);
                if (match != null) {
                    Transfer.finishAll(match);
                    return null;
                }
                to.envelopes.put(direct); // not delivered: nobody saw it
            }
            if (mode == SendMode.BUFFERED) {
                budget = reserveBuffered(bytes, call);
                data = Transfer.copyOf(buf, offset, elements);
                pooled = true;
            } else if (mode == SendMode.COPY || eager && unexpected.tryReserve(bytes)) {
                budget = mode == SendMode.COPY ? null : unexpected;
                if (deferrable && mode != SendMode.COPY && bytes >= DEFER_MIN_BYTES) {
                    // No receive posted yet: leave the data in the sender's buffer until the sender waits;
                    // a receive posted meanwhile copies it once, straight out (SendOp, deferred).
                    data = buf;
                    dataOffset = offset;
                    op = SendOp.deferred(endpoint, to.mailbox, scope, dest, tag, call, buf, offset, elements);
                } else {
                    data = Transfer.copyOf(buf, offset, elements);
                    pooled = true;
                }
            } else {
                // Rendezvous: above the eager limit, synchronous, or over the receiver's budget (flow
                // control; legal for a standard send, which may complete only when received).
                data = buf;
                dataOffset = offset;
                op = new SendOp(endpoint, to.mailbox, scope, dest, tag, call, eager ? unexpected : null);
            }
        }
        // Without an operation of the sender's, nothing refers to the envelope once it is received: recycled.
        final Envelope e = op == null
                ? to.envelopes.get(scope.wireContext(), rank, tag, base, elements, data, dataOffset, bytes)
                : new Envelope(scope.wireContext(), rank, tag, base, elements, data, dataOffset, bytes, op);
        e.budget = budget;
        e.pooled = pooled;
        if (op != null) {
            op.envelope = e;
        }
        to.receives.deposit(e);
        return op;
    }

    /** A send to a rank in another process: the transport copies the data, so a standard send completes
     *  at once; a synchronous send completes when the transport says the receiver has matched it. */
    private Pending sendRemote(Remote remote, Scope scope, Object buf, int offset, int elements, Datatype type,
                               int dest, int worldDest, int tag, SendMode mode, String call) throws MPIException {
        final Datatype.Base base = type.base();
        final RemoteSyncSend sync = mode == SendMode.SYNCHRONOUS
                ? new RemoteSyncSend(endpoint, dest, tag, elements, call) : null;
        if (base == Datatype.Base.OBJECT) {
            final byte[] serialised = ObjectCodec.serialize((Object[]) buf, offset, elements, call);
            remote.send(rank, worldDest, scope.wireContext(), tag, base, serialised, 0, elements, call, sync);
        } else {
            remote.send(rank, worldDest, scope.wireContext(), tag, base, buf, offset, elements, call, sync);
        }
        return sync != null ? sync : new Completed(endpoint, dest, tag, elements);
    }

    /** Takes {@code bytes} from the buffered-send buffer, or fails as MPI does when it is full. */
    private ByteBudget reserveBuffered(int bytes, String call) throws MPIException {
        final ByteBudget b = bsendBuffer;
        if (b.tryReserve(bytes)) {
            return b;
        }
        throw new MPIException(call + ": the buffer for buffered sends is full (MPI_ERR_BUFFER): " + b.used()
                + " of its " + b.limit() + " bytes hold messages not yet received and this one needs " + bytes
                + (attachedBuffer != null ? "; attach a larger buffer with MPI.Buffer_attach"
                        : " (no buffer attached: the implicit one has the size of the eager budget, "
                        + "JobConfig.withEagerBudget or --eager-budget; or attach one with MPI.Buffer_attach)"));
    }

    void attachBuffer(ByteBuffer buffer) {
        bsendBuffer = new ByteBudget(buffer.capacity());
        attachedBuffer = buffer;
    }

    ByteBuffer detachBuffer() {
        final ByteBuffer b = attachedBuffer;
        bsendBuffer = new ByteBudget(world.eagerBudget());
        attachedBuffer = null;
        return b;
    }

    ByteBudget bufferedSendBudget() {
        return bsendBuffer;
    }
}
