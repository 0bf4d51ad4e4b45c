package bamboo.shim.coll;

import mpi.Datatype;
import mpi.MPIException;

/**
 * Alltoall with two algorithms, chosen by block size:
 * <ul>
 *   <li>Bruck (small blocks): ceil(log2 n) rounds; in round k each rank sends the blocks whose index has
 *       bit k set to rank + k. Each block may travel log2 n hops, so more bytes move, but only log2 n
 *       messages are paid for: the win when the per-message cost (latency) dominates.</li>
 *   <li>Pairwise exchange (large blocks): n - 1 rounds; in round k rank r sends its block for r + k and
 *       receives from r - k. Every byte moves exactly once and straight between the user's buffers, which
 *       is what matters once bandwidth dominates; it also never needs a scratch copy.</li>
 * </ul>
 * The cut-over is {@link #BRUCK_MAX_BLOCK_BYTES}. A pure latency/bandwidth model (20 us, 1 GB/s, 8
 * ranks) puts it near 16 KiB, but Bruck also packs, unpacks and rotates every block in memory; measured
 * with {@link CollectivesBench} (8 ranks, in memory and over the simulated interconnect) Bruck wins
 * clearly at 1 KiB and mostly loses at 4 KiB, hence 2 KiB.
 */
public final class Alltoall {
    private Alltoall() {
    }

    /** Largest block (bytes sent to one rank) for which Bruck's algorithm is used. */
    public static final int BRUCK_MAX_BLOCK_BYTES = 2048;

    private static volatile int bruckMaxBlockBytes = BRUCK_MAX_BLOCK_BYTES;

    /** Moves the cut-over (for {@link CollectivesBench}, which measures both sides of it); returns the old
     *  value. Not for programs. */
    public static int bruckMaxBlockBytes(int bytes) {
        final int old = bruckMaxBlockBytes;
        bruckMaxBlockBytes = bytes;
        return old;
    }

    public static void run(Channel ch, Object send, int sendOffset, int count, Datatype type,
                           Object recv, int recvOffset) throws MPIException {
        if ((long) count * type.itemBytes() <= bruckMaxBlockBytes && ch.size() > 2) {
            bruck(ch, send, sendOffset, count, type, recv, recvOffset);
        } else {
            pairwise(ch, send, sendOffset, count, type, recv, recvOffset);
        }
    }

    public static void pairwise(Channel ch, Object send, int sendOffset, int count, Datatype type,
                                Object recv, int recvOffset) throws MPIException {
        final int n = ch.size();
        final int r = ch.rank();
        Buffers.copy(send, sendOffset + r * count, recv, recvOffset + r * count, count, type);
        for (int k = 1; k < n; k++) {
            final int to = (r + k) % n;
            final int from = Math.floorMod(r - k, n);
            Received.check("Alltoall", ch.sendrecv(send, sendOffset + to * count, count, type, to, Tags.ALLTOALL,
                    recv, recvOffset + from * count, count, type, from, Tags.ALLTOALL), count, type, from);
        }
    }

    public static void bruck(Channel ch, Object send, int sendOffset, int count, Datatype type,
                             Object recv, int recvOffset) throws MPIException {
        final int n = ch.size();
        final int r = ch.rank();
        // Rotate so that block i is the one for rank r + i.
        final Object tmp = Buffers.allocate(type, n * count);
        Buffers.copy(send, sendOffset + r * count, tmp, 0, (n - r) * count, type);
        Buffers.copy(send, sendOffset, tmp, (n - r) * count, r * count, type);
        final Object out = Buffers.allocate(type, ((n + 1) / 2) * count);
        final Object in = Buffers.allocate(type, ((n + 1) / 2) * count);
        int round = 0;
        for (int k = 1; k < n; k <<= 1, round++) {
            int blocks = 0;
            for (int i = k; i < n; i++) {
                if ((i & k) != 0) {
                    Buffers.copy(tmp, i * count, out, blocks++ * count, count, type);
                }
            }
            final int tag = Tags.ALLTOALL + 1 + round;
            final int from = Math.floorMod(r - k, n);
            Received.check("Alltoall", ch.sendrecv(out, 0, blocks * count, type, (r + k) % n, tag,
                    in, 0, blocks * count, type, from, tag), blocks * count, type, from);
            blocks = 0;
            for (int i = k; i < n; i++) {
                if ((i & k) != 0) {
                    Buffers.copy(in, blocks++ * count, tmp, i * count, count, type);
                }
            }
        }
        // Block i now came from rank r - i.
        for (int i = 0; i < n; i++) {
            Buffers.copy(tmp, i * count, recv, recvOffset + Math.floorMod(r - i, n) * count, count, type);
        }
    }
}
