package bamboo.shim.coll;

import mpi.Datatype;
import mpi.MPIException;

/**
 * Inclusive prefix reduction by recursive doubling (Hillis and Steele): in round k (k = 1, 2, 4, ...)
 * rank r sends its partial result to r + k and combines the one from r - k in front of its own. After
 * ceil(log2 n) rounds rank r holds x0 op ... op xr, combined in rank order (so non-commutative
 * operations work).
 */
public final class Scan {
    private Scan() {
    }

    public static void run(Channel ch, Object send, int sendOffset, Object recv, int recvOffset, int count,
                           Datatype type, Reduction op) throws MPIException {
        if (send != recv || sendOffset != recvOffset) {
            Buffers.copy(send, sendOffset, recv, recvOffset, count, type);
        }
        final int n = ch.size();
        final int r = ch.rank();
        final Object tmp = n > 1 ? Buffers.allocate(type, count) : null;
        int round = 0;
        for (int k = 1; k < n; k <<= 1, round++) {
            final int tag = Tags.SCAN + round;
            final boolean sends = r + k < n;
            final boolean receives = r - k >= 0;
            if (sends && receives) {
                Received.check("Scan", ch.sendrecv(recv, recvOffset, count, type, r + k, tag,
                        tmp, 0, count, type, r - k, tag), count, type, r - k);
            } else if (sends) {
                ch.send(recv, recvOffset, count, type, r + k, tag);
            } else if (receives) {
                Received.check("Scan", ch.recv(tmp, 0, count, type, r - k, tag), count, type, r - k);
            }
            if (receives) {
                op.combine(tmp, 0, recv, recvOffset, count, type);
            }
        }
    }
}
