package bamboo.shim.coll;

/**
 * The binomial tree over {@code n} processes rooted at relative rank 0 (relative rank = (rank - root)
 * mod n). Node v's parent is v minus its lowest set bit; its children are v + m for the powers of two m
 * below that bit (below the first power of two &gt;= n for the root) with v + m &lt; n. The subtree of v
 * is the contiguous relative range [v, v + span(v)), which is what lets gather and scatter move whole
 * subtrees as one message and lets reduce combine in rank order.
 */
final class Binomial {
    private Binomial() {
    }

    static int relative(int rank, int root, int n) {
        return Math.floorMod(rank - root, n);
    }

    static int absolute(int relative, int root, int n) {
        return (relative + root) % n;
    }

    /** The lowest set bit of v, or for the root the first power of two &gt;= n. */
    static int top(int v, int n) {
        if (v != 0) {
            return Integer.lowestOneBit(v);
        }
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }

    /** Relative rank of v's parent (v must not be 0). */
    static int parent(int v) {
        return v - Integer.lowestOneBit(v);
    }

    /** Number of processes in v's subtree, v included. */
    static int span(int v, int n) {
        return Math.min(top(v, n), n - v);
    }
}
