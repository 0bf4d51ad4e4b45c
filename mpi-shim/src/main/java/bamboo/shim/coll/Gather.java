package bamboo.shim.coll;

import mpi.Datatype;
import mpi.MPIException;

/**
 * Binomial-tree gather: each node collects its subtree's blocks (a contiguous range of relative ranks)
 * and forwards them to its parent as one message, so the root receives ceil(log2 n) messages instead of
 * n - 1. Leaves send straight from the user's buffer.
 */
public final class Gather {
    private Gather() {
    }

    /** Every rank contributes {@code count} items; the root receives them in rank order at recvOffset. */
    public static void run(Channel ch, Object send, int sendOffset, int count, Datatype type,
                           Object recv, int recvOffset, int root) throws MPIException {
        final int n = ch.size();
        final int v = Binomial.relative(ch.rank(), root, n);
        final int span = Binomial.span(v, n);
        if (v != 0 && span == 1) {
            ch.send(send, sendOffset, count, type, Binomial.absolute(Binomial.parent(v), root, n), Tags.GATHER);
            return;
        }
        final Object tmp = Buffers.allocate(type, span * count);
        Buffers.copy(send, sendOffset, tmp, 0, count, type);
        for (int m = 1; m < span; m <<= 1) {
            final int childSpan = Binomial.span(v + m, n);
            final int from = Binomial.absolute(v + m, root, n);
            Received.check("Gather", ch.recv(tmp, m * count, childSpan * count, type, from, Tags.GATHER),
                    childSpan * count, type, from);
        }
        if (v != 0) {
            ch.send(tmp, 0, span * count, type, Binomial.absolute(Binomial.parent(v), root, n), Tags.GATHER);
        } else {
            // tmp holds relative ranks 0..n-1, i.e. real ranks root..n-1 then 0..root-1.
            Buffers.copy(tmp, 0, recv, recvOffset + root * count, (n - root) * count, type);
            Buffers.copy(tmp, (n - root) * count, recv, recvOffset, root * count, type);
        }
    }
}
