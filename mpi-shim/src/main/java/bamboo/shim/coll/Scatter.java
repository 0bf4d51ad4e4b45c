package bamboo.shim.coll;

import mpi.Datatype;
import mpi.MPIException;

/**
 * Binomial-tree scatter, the mirror of {@link Gather}: each node receives its subtree's blocks in one
 * message and passes each child its part, biggest subtree first. Leaves receive straight into the user's
 * buffer.
 */
public final class Scatter {
    private Scatter() {
    }

    /** The root sends {@code count} items to each rank, in rank order from sendOffset. */
    public static void run(Channel ch, Object send, int sendOffset, int count, Datatype type,
                           Object recv, int recvOffset, int root) throws MPIException {
        final int n = ch.size();
        final int v = Binomial.relative(ch.rank(), root, n);
        final int span = Binomial.span(v, n);
        final Object tmp;
        if (v == 0) {
            tmp = Buffers.allocate(type, n * count);
            Buffers.copy(send, sendOffset + root * count, tmp, 0, (n - root) * count, type);
            Buffers.copy(send, sendOffset, tmp, (n - root) * count, root * count, type);
        } else {
            final int from = Binomial.absolute(Binomial.parent(v), root, n);
            if (span == 1) {
                Received.check("Scatter", ch.recv(recv, recvOffset, count, type, from, Tags.SCATTER),
                        count, type, from);
                return;
            }
            tmp = Buffers.allocate(type, span * count);
            Received.check("Scatter", ch.recv(tmp, 0, span * count, type, from, Tags.SCATTER),
                    span * count, type, from);
        }
        for (int m = Binomial.top(v, n) >> 1; m >= 1; m >>= 1) {
            if (v + m < n) {
                ch.send(tmp, m * count, Binomial.span(v + m, n) * count, type, Binomial.absolute(v + m, root, n),
                        Tags.SCATTER);
            }
        }
        Buffers.copy(tmp, 0, recv, recvOffset, count, type);
    }
}
