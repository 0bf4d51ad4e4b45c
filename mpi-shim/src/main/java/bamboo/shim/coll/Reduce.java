package bamboo.shim.coll;

import mpi.Datatype;
import mpi.MPIException;

/**
 * Binomial-tree reduce. A node's accumulator covers the contiguous relative ranks [v, v + m) and each
 * child's message covers the next range [v + m, v + 2m), so combining (accumulator op child) keeps the
 * order of relative ranks. Relative order is rank order only when the tree is rooted at rank 0, so for a
 * non-commutative operation the tree is rooted at 0 and the result forwarded to the real root.
 */
public final class Reduce {
    private Reduce() {
    }

    public static void run(Channel ch, Object send, int sendOffset, Object recv, int recvOffset, int count,
                           Datatype type, Reduction op, int root) throws MPIException {
        final int n = ch.size();
        final int r = ch.rank();
        final int treeRoot = op.commutative() ? root : 0;
        final int v = Binomial.relative(r, treeRoot, n);
        Object acc = send;
        int accOffset = sendOffset;
        Object spare = null;
        for (int m = 1; m < n; m <<= 1) {
            if ((v & m) != 0) {
                ch.send(acc, accOffset, count, type, Binomial.absolute(v - m, treeRoot, n), Tags.REDUCE);
                break;
            }
            if (v + m < n) {
                final Object child = spare != null ? spare : Buffers.allocate(type, count);
                final int from = Binomial.absolute(v + m, treeRoot, n);
                Received.check("Reduce", ch.recv(child, 0, count, type, from, Tags.REDUCE), count, type, from);
                op.combine(acc, accOffset, child, 0, count, type); // lower ranks first: acc op child
                spare = acc == send ? null : acc;                  // never scribble on the user's send buffer
                acc = child;
                accOffset = 0;
            }
        }
        deliver(ch, acc, accOffset, recv, recvOffset, count, type, root, treeRoot);
    }

    /** Puts the result held by the tree root into the real root's receive buffer. */
    private static void deliver(Channel ch, Object acc, int accOffset, Object recv, int recvOffset, int count,
                                Datatype type, int root, int treeRoot) throws MPIException {
        final int r = ch.rank();
        if (treeRoot == root) {
            if (r == root) {
                Buffers.copy(acc, accOffset, recv, recvOffset, count, type);
            }
        } else if (r == treeRoot) {
            ch.send(acc, accOffset, count, type, root, Tags.REDUCE_FORWARD);
        } else if (r == root) {
            Received.check("Reduce", ch.recv(recv, recvOffset, count, type, treeRoot, Tags.REDUCE_FORWARD),
                    count, type, treeRoot);
        }
    }
}
