package bamboo.shim.coll;

import mpi.Datatype;
import mpi.MPIException;

/**
 * Ring allgatherv: in step s every rank passes to its right neighbour the block it received in step
 * s - 1 (its own first). n - 1 steps, each block crossing each link once, straight between the users'
 * receive buffers. Every rank knows every count, so blocks of any sizes (zero included) need no extra
 * exchange; Bruck's scheme would have to pack ranges of uneven blocks.
 */
public final class Allgatherv {
    private Allgatherv() {
    }

    public static void run(Channel ch, Object send, int sendOffset, int sendCount, Datatype type,
                           Object recv, int recvOffset, int[] recvCounts, int[] displs) throws MPIException {
        final int n = ch.size();
        final int r = ch.rank();
        Buffers.copy(send, sendOffset, recv, recvOffset + displs[r], sendCount, type);
        final int right = (r + 1) % n;
        final int left = Math.floorMod(r - 1, n);
        for (int s = 0; s < n - 1; s++) {
            final int out = Math.floorMod(r - s, n);
            final int in = Math.floorMod(r - s - 1, n);
            Received.check("Allgatherv", ch.sendrecv(recv, recvOffset + displs[out], recvCounts[out], type, right,
                    Tags.ALLGATHERV, recv, recvOffset + displs[in], recvCounts[in], type, left, Tags.ALLGATHERV),
                    recvCounts[in], type, left);
        }
    }
}
