package bamboo.corpus.fuzz;

import java.util.List;

/**
 * One statement-level piece of a generated program. Every node is a self-contained, matched phase of
 * communication (every message it sends is received within it, every rank that takes part runs it), so
 * any node can be dropped, and any node's children can replace it, without making the program wrong:
 * that is what lets the {@link Shrinker} cut a program down while keeping it a correct MPI program.
 * Every node has a unique id, which names its locals, helpers, labels and tags.
 */
public sealed interface Node {
    /** The node's unique id within its program. */
    int id();

    /** The nodes nested in this one (a loop's body, a region's compute block), empty for leaves. */
    default List<Node> children() {
        return List.of();
    }

    /** This node with other children (only called on nodes that have children). */
    default Node withChildren(List<Node> children) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " has no children");
    }

    /** Who talks to whom in an {@link Exchange}. */
    enum Pattern {
        /** Left and right neighbours, no wrap-around (the ends have one neighbour). */
        HALO,
        /** A cyclic shift by {@code k}: send to rank+k, receive from rank-k (a rank may talk to itself). */
        RING,
        /** Pairs rank xor 1, when the partner exists. */
        PAIR,
        /** A pseudo-random sparse set of links that changes with the step (all-to-some). */
        SOME,
        /** Everyone to everyone else. */
        ALL
    }

    /**
     * A region exchanging slices of the state with the ranks {@link Pattern} links to. Irecv/Isend, or
     * blocking Recv in the receive block (then the send block is written first, as a correct program
     * must); counts depend on sender, receiver and step; received slices are mixed in the compute block,
     * in order of source. {@code group > 1} restricts the region to ranks divisible by {@code group}
     * (the region stands under that rank condition; links only within the group).
     *
     * @param onLoop the {@code olap} label on a {@code for} loop of {@code loopCount} iterations instead of
     *               on a block
     * @param inner nodes in the compute block after the mixing (nested regions, collectives, ...)
     */
    record Exchange(int id, Pattern pattern, int shift, int salt, boolean blockingRecv, boolean receiveFirst,
                    int group, boolean onLoop, int loopCount, List<Node> inner) implements Node {
        @Override
        public List<Node> children() {
            return inner;
        }

        @Override
        public Node withChildren(List<Node> children) {
            return new Exchange(id, pattern, shift, salt, blockingRecv, receiveFirst, group, onLoop, loopCount, children);
        }
    }

    /**
     * Two regions: the first exchanges counts computed from the state (data), the second sends that many
     * items; the receiver's condition ({@code count > 0}) and count, or its loop of one-item receives of
     * the same source and tag, depend on data received in the first region.
     */
    record CountFirst(int id, Pattern pattern, int shift, boolean itemLoop) implements Node {
    }

    /**
     * A binary-tree reduction to rank 0 whose internal nodes forward to their parent inside the receive
     * block (blocking Recv and Send), or, {@code down}, a broadcast from rank 0 forwarded to the children.
     */
    record Tree(int id, boolean down, List<Node> inner) implements Node {
        @Override
        public List<Node> children() {
            return inner;
        }

        @Override
        public Node withChildren(List<Node> children) {
            return new Tree(id, down, children);
        }
    }

    /** The collectives of the utility layer. */
    enum CollectiveKind {
        BARRIER, BCAST, REDUCE, ALLREDUCE, GATHER, SCATTER, ALLGATHER, ALLTOALL
    }

    /** Reduction operations (exact on integers, so results do not depend on the order). */
    enum Op {
        SUM, MAX, MIN, PROD, BXOR
    }

    /** One collective on {@code MPI.COMM_WORLD}; {@code ints} uses MPI.INT buffers instead of MPI.LONG. */
    record Collective(int id, CollectiveKind kind, int root, Op op, boolean ints) implements Node {
    }

    /**
     * A loop of {@code count} iterations, or ({@code agreed}) of 1 + a bound agreed by an Allreduce of the
     * state (a data-dependent bound every rank shares); each iteration advances the step.
     */
    record Loop(int id, int count, boolean agreed, List<Node> body) implements Node {
        @Override
        public List<Node> children() {
            return body;
        }

        @Override
        public Node withChildren(List<Node> children) {
            return new Loop(id, count, agreed, children);
        }
    }

    /** Leaves the enclosing loop when an Allreduce'd value of the state says so (every rank agrees). */
    record EarlyExit(int id, int modulus) implements Node {
    }

    /** Runs its body only at steps where {@code step % modulus == remainder} (every rank agrees). */
    record IfStep(int id, int modulus, int remainder, List<Node> body) implements Node {
        @Override
        public List<Node> children() {
            return body;
        }

        @Override
        public Node withChildren(List<Node> children) {
            return new IfStep(id, modulus, remainder, children);
        }
    }

    /** Local computation on the state through a static helper (which counts its calls in a static). */
    record LocalWork(int id) implements Node {
    }

    /** A blocking Sendrecv shift by {@code shift} outside any region (an evaluation point of its own). */
    record SendrecvShift(int id, int shift) implements Node {
    }

    /** Blocking Send of every rank's slice to a root, which receives them in order of rank. */
    record ToRoot(int id, int root) implements Node {
    }
}
