package bamboo.shim.coll;

import mpi.Datatype;
import mpi.MPIException;

/** Binomial-tree broadcast: ceil(log2 n) rounds; each rank receives once and forwards to its children,
 *  biggest subtree first so that the longest chain starts earliest. */
public final class Bcast {
    private Bcast() {
    }

    public static void run(Channel ch, Object buf, int offset, int count, Datatype type, int root)
            throws MPIException {
        final int n = ch.size();
        final int v = Binomial.relative(ch.rank(), root, n);
        if (v != 0) {
            final int from = Binomial.absolute(Binomial.parent(v), root, n);
            Received.check("Bcast", ch.recv(buf, offset, count, type, from, Tags.BCAST), count, type, from);
        }
        for (int m = Binomial.top(v, n) >> 1; m >= 1; m >>= 1) {
            if (v + m < n) {
                ch.send(buf, offset, count, type, Binomial.absolute(v + m, root, n), Tags.BCAST);
            }
        }
    }
}
