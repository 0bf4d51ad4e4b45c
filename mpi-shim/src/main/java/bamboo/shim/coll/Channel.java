package bamboo.shim.coll;

import mpi.Datatype;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/**
 * Point-to-point messaging on a communicator's private collective context. Collective algorithms talk
 * through a channel so that their traffic can never match a user's receive, and so the same algorithms
 * run over every device. Ranks and tags are those of the communicator; tags here are the collectives'
 * own (any int &gt;= 0).
 */
public interface Channel {
    /** This process's rank in the communicator. */
    int rank();

    /** Number of processes in the communicator. */
    int size();

    void send(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MPIException;

    Status recv(Object buf, int offset, int count, Datatype type, int source, int tag) throws MPIException;

    Request isend(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MPIException;

    Request irecv(Object buf, int offset, int count, Datatype type, int source, int tag) throws MPIException;

    /** Sends and receives at once, with no deadlock whatever the order the peers call it in. */
    Status sendrecv(Object sendBuf, int sendOffset, int sendCount, Datatype sendType, int dest, int sendTag,
                    Object recvBuf, int recvOffset, int recvCount, Datatype recvType, int source, int recvTag)
            throws MPIException;
}
