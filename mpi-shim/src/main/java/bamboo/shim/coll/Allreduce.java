package bamboo.shim.coll;

import mpi.Datatype;
import mpi.MPIException;

/**
 * Recursive-doubling allreduce with the standard fold for non-powers of two. With p the largest power of
 * two &lt;= n and rem = n - p, the first 2*rem ranks pair up (2i sends to 2i+1, which combines) so that p
 * virtual ranks remain, each standing for a contiguous, ascending range of real ranks; log2 p exchange
 * rounds follow, and the folded-out ranks get the result back at the end.
 *
 * <p>Both partners of an exchange hold the same two operands and evaluate (lower block op higher block),
 * so all ranks evaluate exactly the same expression tree: results are bitwise identical on every rank even
 * in floating point, and rank order is respected, which makes the algorithm correct for non-commutative
 * operations too (no reduce+broadcast fallback is needed). For a commutative operation the lower partner
 * computes (higher op lower) in place instead, which saves a copy and yields the same bits, the
 * predefined operations being exactly commutative element by element.
 */
public final class Allreduce {
    private Allreduce() {
    }

    private static final int UNFOLD_ROUND = Tags.ROUNDS - 1;

    public static void run(Channel ch, Object send, int sendOffset, Object recv, int recvOffset, int count,
                           Datatype type, Reduction op) throws MPIException {
        if (send != recv || sendOffset != recvOffset) {
            Buffers.copy(send, sendOffset, recv, recvOffset, count, type);
        }
        final int n = ch.size();
        if (n == 1) {
            return;
        }
        final int r = ch.rank();
        final int p = Integer.highestOneBit(n);
        final int rem = n - p;
        final Object tmp = Buffers.allocate(type, count);
        final int v = fold(ch, recv, recvOffset, tmp, count, type, op, rem);
        if (v >= 0) {
            int round = 1;
            for (int m = 1; m < p; m <<= 1, round++) {
                final int pv = v ^ m;
                final int partner = pv < rem ? 2 * pv + 1 : pv + rem;
                final int tag = Tags.ALLREDUCE + round;
                Received.check("Allreduce", ch.sendrecv(recv, recvOffset, count, type, partner, tag,
                        tmp, 0, count, type, partner, tag), count, type, partner);
                if (pv < v || op.commutative()) {
                    op.combine(tmp, 0, recv, recvOffset, count, type);
                } else {
                    op.combine(recv, recvOffset, tmp, 0, count, type);
                    Buffers.copy(tmp, 0, recv, recvOffset, count, type);
                }
            }
        }
        if (r < 2 * rem) {
            final int tag = Tags.ALLREDUCE + UNFOLD_ROUND;
            if (r % 2 == 0) {
                Received.check("Allreduce", ch.recv(recv, recvOffset, count, type, r + 1, tag), count, type, r + 1);
            } else {
                ch.send(recv, recvOffset, count, type, r - 1, tag);
            }
        }
    }

    /** The fold: returns this rank's virtual rank, or -1 when it sat out (an even rank below 2*rem). */
    private static int fold(Channel ch, Object acc, int accOffset, Object tmp, int count, Datatype type,
                            Reduction op, int rem) throws MPIException {
        final int r = ch.rank();
        if (r >= 2 * rem) {
            return r - rem;
        }
        if (r % 2 == 0) {
            ch.send(acc, accOffset, count, type, r + 1, Tags.ALLREDUCE);
            return -1;
        }
        Received.check("Allreduce", ch.recv(tmp, 0, count, type, r - 1, Tags.ALLREDUCE), count, type, r - 1);
        op.combine(tmp, 0, acc, accOffset, count, type);
        return r / 2;
    }
}
