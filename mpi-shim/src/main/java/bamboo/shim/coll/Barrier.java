package bamboo.shim.coll;

import mpi.MPI;
import mpi.MPIException;

/**
 * Dissemination barrier (Bruck, Hensgen, Finkel, Snir): in round k every rank signals rank + 2^k and
 * waits for rank - 2^k. After ceil(log2 n) rounds each rank has heard, directly or not, from every other,
 * for any n (no power of two needed) and with no root to become a hot spot.
 */
public final class Barrier {
    private Barrier() {
    }

    public static void run(Channel ch) throws MPIException {
        final int n = ch.size();
        final int r = ch.rank();
        final byte[] out = new byte[1];
        final byte[] in = new byte[1];
        int round = 0;
        for (int k = 1; k < n; k <<= 1, round++) {
            final int tag = Tags.BARRIER + round;
            ch.sendrecv(out, 0, 0, MPI.BYTE, (r + k) % n, tag, in, 0, 0, MPI.BYTE, Math.floorMod(r - k, n), tag);
        }
    }
}
