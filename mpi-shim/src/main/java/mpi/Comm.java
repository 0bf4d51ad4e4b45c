package mpi;

import bamboo.shim.coll.Channel;

/**
 * A communicator: a group of processes and a private context in which their messages match.
 * Point-to-point calls live here; collectives in {@link Intracomm}.
 *
 * <p>Contract between the point-to-point layer and the collectives layer (both inside the shim):
 * <ul>
 *   <li>{@link #collectiveChannel()}: point-to-point on this communicator's collective context;</li>
 *   <li>{@link #Comm(Comm, int[], int)}: a communicator of the same process over a new group and context;</li>
 *   <li>{@link #contextCandidate()} / {@link #contextAgreed(int)}: context ids are agreed by an
 *       {@code Allreduce(MAX)} of every member's candidate over the parent, then marked used.</li>
 * </ul>
 */
public class Comm {

    /** Creates a communicator of the same process as {@code parent}, over {@code worldRanks} (the
     *  group, as ranks of the world in group order) with context id {@code context}. */
    Comm(Comm parent, int[] worldRanks, int context) {
        throw new UnsupportedOperationException("point-to-point layer in progress");
    }

    /** Point-to-point on this communicator's collective context. */
    Channel collectiveChannel() {
        throw new UnsupportedOperationException("point-to-point layer in progress");
    }

    /** The smallest context id this process has not used yet. */
    int contextCandidate() {
        throw new UnsupportedOperationException("point-to-point layer in progress");
    }

    /** Records that {@code context} (the agreed maximum of all candidates) is now in use. */
    void contextAgreed(int context) {
        throw new UnsupportedOperationException("point-to-point layer in progress");
    }

    /** The group, as world ranks in communicator-rank order. */
    int[] worldRanks() {
        throw new UnsupportedOperationException("point-to-point layer in progress");
    }
}
