package bamboo.shim.coll;

import mpi.Datatype;
import mpi.MPIException;

/** Linear scatterv, the mirror of {@link Gatherv} (same reasons). */
public final class Scatterv {
    private Scatterv() {
    }

    public static void run(Channel ch, Object send, int sendOffset, int[] sendCounts, int[] displs, Datatype type,
                           Object recv, int recvOffset, int recvCount, int root) throws MPIException {
        final int n = ch.size();
        final int r = ch.rank();
        if (r != root) {
            Received.check("Scatterv", ch.recv(recv, recvOffset, recvCount, type, root, Tags.SCATTERV),
                    recvCount, type, root);
            return;
        }
        for (int i = 0; i < n; i++) {
            if (i == root) {
                Buffers.copy(send, sendOffset + displs[i], recv, recvOffset, sendCounts[i], type);
            } else {
                ch.send(send, sendOffset + displs[i], sendCounts[i], type, i, Tags.SCATTERV);
            }
        }
    }
}
