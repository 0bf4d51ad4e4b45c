package bamboo.shim.engine;

import mpi.Datatype;
import mpi.MPIException;

/**
 * The seam for multi-process devices: how a rank reaches world ranks that live in other processes.
 * A {@link World} with a remote attached still holds an endpoint for every rank, but only the local
 * ones are used; a send to any other rank goes through {@link #send}. The transport hands each message
 * that arrives for a local rank to {@link Endpoint#deliverRemote}, in the order the sender sent them
 * (per sender), and matching proceeds exactly as for local messages.
 */
public interface Remote {
    /** True when world rank {@code worldRank} lives in this process. */
    boolean isLocal(int worldRank);

    /**
     * Sends a message from local rank {@code source} to remote rank {@code dest}, eagerly: the data is
     * on its way (or copied) when this returns, so the send completes at once. Messages from one source
     * to one destination must arrive in the order of their {@code send} calls. May block under back
     * pressure; never drops a message.
     *
     * @param data     a primitive array of {@code base}, or for {@code OBJECT} the serialised bytes
     * @param offset   first element of {@code data} to send (0 for serialised objects)
     * @param elements array elements (objects for {@code OBJECT})
     * @param call     the MPI call, for error messages
     * @param matched  null for a standard send; for a synchronous send, run once the receiver has matched
     *                 the message (the receiving side's {@link Endpoint#deliverRemote} gets a callback to
     *                 carry that back)
     */
    void send(int source, int dest, int context, int tag, Datatype.Base base, Object data, int offset, int elements,
              String call, Runnable matched) throws MPIException;

    /**
     * Called by a rank thread about to park in an MPI wait for {@code c}: the transport may poll its
     * inbound messages on that thread for a short while of its choosing (as MPI libraries progress from
     * inside a wait), sparing the hand-off from its own receiver thread. Returns true once {@code c}
     * holds; the default makes no progress.
     */
    default boolean progress(WaitCondition c) {
        return false;
    }
}
