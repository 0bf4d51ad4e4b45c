package bamboo.shim.coll;

import mpi.Datatype;
import mpi.MPIException;

/**
 * Reduce_scatter as an {@link Allreduce} of the whole vector followed by a local copy of this rank's
 * segment. It costs more bandwidth than recursive halving but takes only ceil(log2 n) + 2 rounds for any
 * n, gives exactly Allreduce's (bitwise reproducible, rank-ordered) result, and so is correct for
 * non-commutative operations without a second algorithm.
 */
public final class ReduceScatter {
    private ReduceScatter() {
    }

    public static void run(Channel ch, Object send, int sendOffset, Object recv, int recvOffset, int[] recvCounts,
                           Datatype type, Reduction op) throws MPIException {
        int total = 0;
        int mine = 0;
        for (int i = 0; i < recvCounts.length; i++) {
            if (i == ch.rank()) {
                mine = total;
            }
            total += recvCounts[i];
        }
        final Object all = Buffers.allocate(type, total);
        Allreduce.run(ch, send, sendOffset, all, 0, total, type, op);
        Buffers.copy(all, mine, recv, recvOffset, recvCounts[ch.rank()], type);
    }
}
