package bamboo.shim.engine;

import bamboo.shim.coll.Channel;
import mpi.Datatype;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/** Point-to-point on one communicator's collective context, for the collectives layer. */
public final class ContextChannel implements Channel {
    private final Endpoint endpoint;
    private final Scope scope;
    /** Names the waits of this channel in deadlock reports: "collective", or the user's call. */
    private final String label;

    public ContextChannel(Endpoint endpoint, Scope scope) {
        this(endpoint, scope, "collective");
    }

    private ContextChannel(Endpoint endpoint, Scope scope, String label) {
        this.endpoint = endpoint;
        this.scope = scope;
        this.label = label;
    }

    /** The same channel, its waits reported as part of {@code call} (e.g. {@code Intracomm.Allreduce}), so
     *  that a deadlock report names the collective the user called. */
    public ContextChannel named(String call) {
        return new ContextChannel(endpoint, scope, call);
    }

    @Override
    public int rank() {
        return scope.local(endpoint.rank());
    }

    @Override
    public int size() {
        return scope.size();
    }

    @Override
    public void send(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MPIException {
        final int elements = checkSend("send", buf, offset, count, type, dest, tag);
        endpoint.send(scope, buf, offset * type.elementsPerItem(), elements, type, dest, tag, SendMode.STANDARD,
                label + " send");
    }

    @Override
    public Status recv(Object buf, int offset, int count, Datatype type, int source, int tag) throws MPIException {
        final int elements = checkRecv("recv", buf, offset, count, type, source, tag);
        return endpoint.recv(scope, buf, offset * type.elementsPerItem(), elements, type, source, tag,
                label + " recv");
    }

    @Override
    public Request isend(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MPIException {
        final int elements = checkSend("isend", buf, offset, count, type, dest, tag);
        return new ShimRequest(endpoint.isend(scope, buf, offset * type.elementsPerItem(), elements, type, dest, tag,
                SendMode.STANDARD, label + " isend"));
    }

    @Override
    public Request irecv(Object buf, int offset, int count, Datatype type, int source, int tag) throws MPIException {
        final int elements = checkRecv("irecv", buf, offset, count, type, source, tag);
        return new ShimRequest(endpoint.irecv(scope, buf, offset * type.elementsPerItem(), elements, type, source,
                tag, label + " irecv"));
    }

    @Override
    public Status sendrecv(Object sendBuf, int sendOffset, int sendCount, Datatype sendType, int dest, int sendTag,
                           Object recvBuf, int recvOffset, int recvCount, Datatype recvType, int source, int recvTag)
            throws MPIException {
        final int sendElements = checkSend("sendrecv", sendBuf, sendOffset, sendCount, sendType, dest, sendTag);
        final int recvElements = checkRecv("sendrecv", recvBuf, recvOffset, recvCount, recvType, source, recvTag);
        final Pending r = endpoint.irecv(scope, recvBuf, recvOffset * recvType.elementsPerItem(), recvElements,
                recvType, source, recvTag, label + " sendrecv");
        final Pending s = endpoint.isend(scope, sendBuf, sendOffset * sendType.elementsPerItem(), sendElements,
                sendType, dest, sendTag, SendMode.STANDARD, label + " sendrecv");
        // The receive first: a deferred send (SendOp) may meanwhile be taken straight from our buffer.
        endpoint.await(r, null);
        endpoint.await(s, null);
        return r.complete();
    }

    private int checkSend(String call, Object buf, int offset, int count, Datatype type, int dest, int tag)
            throws MPIException {
        endpoint.touch();
        Checks.rank("Channel." + call, "dest", dest, scope.size(), false);
        Checks.collectiveTag("Channel." + call, tag, false);
        return Checks.buffer("Channel." + call, "buf", buf, offset, count, type);
    }

    private int checkRecv(String call, Object buf, int offset, int count, Datatype type, int source, int tag)
            throws MPIException {
        endpoint.touch();
        Checks.rank("Channel." + call, "source", source, scope.size(), true);
        Checks.collectiveTag("Channel." + call, tag, true);
        return Checks.buffer("Channel." + call, "buf", buf, offset, count, type);
    }
}
