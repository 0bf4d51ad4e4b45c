package bamboo.shim.coll;

/**
 * Tags of the collectives on a channel. Each collective owns a range of {@link #ROUNDS} tags, one per
 * round of its algorithm, so that messages of different collectives, or of different rounds of one, can
 * never match each other even if a device delivered them out of order. (Point-to-point order per
 * (source, tag) and MPI's rule that all ranks call collectives in the same order already suffice; the
 * distinct tags make a mismatch impossible rather than merely unlikely and make traces readable.)
 */
final class Tags {
    private Tags() {
    }

    /** Tags per collective: enough for one round per bit of any int rank. */
    static final int ROUNDS = 64;

    static final int BARRIER = 1 * ROUNDS;
    static final int BCAST = 2 * ROUNDS;
    static final int REDUCE = 3 * ROUNDS;
    static final int ALLREDUCE = 4 * ROUNDS;
    static final int GATHER = 5 * ROUNDS;
    static final int SCATTER = 6 * ROUNDS;
    static final int ALLGATHER = 7 * ROUNDS;
    static final int ALLTOALL = 8 * ROUNDS;
    static final int GATHERV = 9 * ROUNDS;
    static final int SCATTERV = 10 * ROUNDS;
    static final int ALLGATHERV = 11 * ROUNDS;
    static final int ALLTOALLV = 12 * ROUNDS;
    static final int SCAN = 13 * ROUNDS;
    static final int REDUCE_FORWARD = 14 * ROUNDS;
    static final int EXSCAN = 15 * ROUNDS;
    /** Neighbourhood collectives: one tag per direction of the grid (2 per dimension). */
    static final int NEIGHBOR = 16 * ROUNDS;
    /** Every tag above is below this: a nonblocking collective's tags are moved past it
     *  ({@link SequencedChannel}). */
    static final int SPAN = 32 * ROUNDS;
}
