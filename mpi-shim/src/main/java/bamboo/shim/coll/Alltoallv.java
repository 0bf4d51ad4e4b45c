package bamboo.shim.coll;

import mpi.Datatype;
import mpi.MPIException;

/** Pairwise-exchange alltoallv: n - 1 rounds, in round k rank r sends to r + k and receives from r - k,
 *  straight between the users' buffers (uneven blocks rule out Bruck's packing). */
public final class Alltoallv {
    private Alltoallv() {
    }

    public static void run(Channel ch, Object send, int sendOffset, int[] sendCounts, int[] sendDispls,
                           Datatype type, Object recv, int recvOffset, int[] recvCounts, int[] recvDispls)
            throws MPIException {
        final int n = ch.size();
        final int r = ch.rank();
        Buffers.copy(send, sendOffset + sendDispls[r], recv, recvOffset + recvDispls[r], sendCounts[r], type);
        for (int k = 1; k < n; k++) {
            final int to = (r + k) % n;
            final int from = Math.floorMod(r - k, n);
            Received.check("Alltoallv", ch.sendrecv(send, sendOffset + sendDispls[to], sendCounts[to], type, to,
                    Tags.ALLTOALLV, recv, recvOffset + recvDispls[from], recvCounts[from], type, from,
                    Tags.ALLTOALLV), recvCounts[from], type, from);
        }
    }
}
