package bamboo.shim.coll;

import mpi.Datatype;
import mpi.MPIException;

/**
 * Exclusive prefix reduction (MPI_EXSCAN): rank r receives x0 op ... op x(r-1); rank 0's receive buffer
 * is left as it was (MPI leaves it undefined). The inclusive scan ({@link Scan}, in rank order, so
 * non-commutative operations work) into a scratch buffer, then one shift: rank r sends its inclusive
 * result to r + 1. ceil(log2 n) + 1 rounds.
 */
public final class Exscan {
    private Exscan() {
    }

    public static void run(Channel ch, Object send, int sendOffset, Object recv, int recvOffset, int count,
                           Datatype type, Reduction op) throws MPIException {
        final int n = ch.size();
        final int r = ch.rank();
        if (n == 1) {
            return;
        }
        final Object inclusive = Buffers.allocate(type, count);
        Scan.run(ch, send, sendOffset, inclusive, 0, count, type, op);
        if (r + 1 < n && r > 0) {
            Received.check("Exscan", ch.sendrecv(inclusive, 0, count, type, r + 1, Tags.EXSCAN,
                    recv, recvOffset, count, type, r - 1, Tags.EXSCAN), count, type, r - 1);
        } else if (r + 1 < n) {
            ch.send(inclusive, 0, count, type, r + 1, Tags.EXSCAN);
        } else {
            Received.check("Exscan", ch.recv(recv, recvOffset, count, type, r - 1, Tags.EXSCAN), count, type, r - 1);
        }
    }
}
