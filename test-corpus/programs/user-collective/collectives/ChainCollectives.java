import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;

/**
 * The user's collectives for the user-collective case (translated with --collectives): an Allreduce that
 * reduces along a chain to rank 0 (rank r combines what r + 1 sends in behind its own data, so the order
 * of the ranks is kept) and broadcasts the result linearly, and a linear Bcast. Plain annotated Java on
 * the communicator passed first; tags 0..65535 of the collective context.
 */
final class ChainCollectives {
    static final int TAG_CHAIN = 40;
    static final int TAG_LINEAR = 41;

    private ChainCollectives() {
    }

    static void Allreduce(Intracomm comm, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                          Datatype datatype, Op op) throws MPIException {
        int rank = comm.Rank();
        int size = comm.Size();
        int per = datatype.elementsPerItem();
        System.arraycopy(sendbuf, sendoffset * per, recvbuf, recvoffset * per, count * per);
        Object behind = java.lang.reflect.Array.newInstance(recvbuf.getClass().getComponentType(), count * per);
        if (rank < size - 1) {
            comm.Recv(behind, 0, count, datatype, rank + 1, TAG_CHAIN);
            op.Call(recvbuf, recvoffset, behind, 0, count, datatype);
            System.arraycopy(behind, 0, recvbuf, recvoffset * per, count * per);
        }
        if (rank > 0) {
            comm.Send(recvbuf, recvoffset, count, datatype, rank - 1, TAG_CHAIN);
            comm.Recv(recvbuf, recvoffset, count, datatype, 0, TAG_LINEAR);
        } else {
            for (int j = 1; j < size; j++) {
                comm.Send(recvbuf, recvoffset, count, datatype, j, TAG_LINEAR);
            }
        }
    }

    static void Bcast(Intracomm comm, Object buf, int offset, int count, Datatype datatype, int root)
            throws MPIException {
        int rank = comm.Rank();
        if (rank == root) {
            for (int j = 0; j < comm.Size(); j++) {
                if (j != root) {
                    comm.Send(buf, offset, count, datatype, j, TAG_LINEAR);
                }
            }
        } else {
            comm.Recv(buf, offset, count, datatype, root, TAG_LINEAR);
        }
    }
}
