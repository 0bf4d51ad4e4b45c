package bamboo.shim.coll;

import mpi.Datatype;
import mpi.MPIException;

/**
 * Bruck allgather: in round k (k = 1, 2, 4, ...) every rank sends the first min(k, n - k) blocks it holds
 * to rank - k and appends as many from rank + k. After ceil(log2 n) rounds rank r holds the blocks of
 * r, r+1, ..., r-1, which one rotation puts in rank order. Works for any n, in the minimum number of
 * rounds, each block travelling ceil(log2 n) hops at most.
 */
public final class Allgather {
    private Allgather() {
    }

    public static void run(Channel ch, Object send, int sendOffset, int count, Datatype type,
                           Object recv, int recvOffset) throws MPIException {
        final int n = ch.size();
        final int r = ch.rank();
        final Object tmp = Buffers.allocate(type, n * count);
        Buffers.copy(send, sendOffset, tmp, 0, count, type);
        int round = 0;
        for (int k = 1; k < n; k <<= 1, round++) {
            final int blocks = Math.min(k, n - k);
            final int tag = Tags.ALLGATHER + round;
            final int from = (r + k) % n;
            Received.check("Allgather", ch.sendrecv(tmp, 0, blocks * count, type, Math.floorMod(r - k, n), tag,
                    tmp, k * count, blocks * count, type, from, tag), blocks * count, type, from);
        }
        Buffers.copy(tmp, 0, recv, recvOffset + r * count, (n - r) * count, type);
        Buffers.copy(tmp, (n - r) * count, recv, recvOffset, r * count, type);
    }
}
