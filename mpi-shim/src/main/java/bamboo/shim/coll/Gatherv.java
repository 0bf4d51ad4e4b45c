package bamboo.shim.coll;

import mpi.Datatype;
import mpi.MPIException;

/**
 * Linear gatherv: the root receives each rank's block at its displacement. Only the root knows the
 * counts, so a tree would first have to ship them around; with blocks of arbitrary sizes the root's
 * link carries all the data anyway, which is what MPICH and Open MPI do too.
 */
public final class Gatherv {
    private Gatherv() {
    }

    public static void run(Channel ch, Object send, int sendOffset, int sendCount, Datatype type,
                           Object recv, int recvOffset, int[] recvCounts, int[] displs, int root)
            throws MPIException {
        final int n = ch.size();
        final int r = ch.rank();
        if (r != root) {
            ch.send(send, sendOffset, sendCount, type, root, Tags.GATHERV);
            return;
        }
        for (int i = 0; i < n; i++) {
            if (i == root) {
                Buffers.copy(send, sendOffset, recv, recvOffset + displs[i], recvCounts[i], type);
            } else {
                Received.check("Gatherv", ch.recv(recv, recvOffset + displs[i], recvCounts[i], type, i,
                        Tags.GATHERV), recvCounts[i], type, i);
            }
        }
    }
}
