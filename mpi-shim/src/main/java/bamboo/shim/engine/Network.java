package bamboo.shim.engine;

import bamboo.shim.net.RankPlacement;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The simulated interconnect: ranks sit on nodes as a {@link RankPlacement} says (block-wise unless the
 * launch chose otherwise); a message between two nodes becomes
 * matchable at {@code max(now, linkFree) + bytes * beta + alpha}, where each ordered node pair is a FIFO
 * link (a message occupies it for its transfer time). Within a node, messages arrive at once.
 */
public final class Network {
    /** The node of each rank, resolved once: one array read per message. */
    private final int[] nodeOfRank;
    private final int nodes;
    private final RankPlacement placement;
    private final long alphaNanos;
    private final double nanosPerByte;
    private final boolean active;
    private final AtomicLong[] linkFree;

    /**
     * @param ranks          number of ranks
     * @param nodes          number of nodes (1 = no simulation)
     * @param alphaNanos     latency per message between nodes
     * @param bytesPerSecond bandwidth between nodes; infinite for no per-byte cost
     */
    public Network(int ranks, int nodes, long alphaNanos, double bytesPerSecond) {
        this(ranks, nodes, RankPlacement.BLOCK, alphaNanos, bytesPerSecond);
    }

    /**
     * @param placement which node each rank is on
     * @throws IllegalArgumentException when the placement does not fit {@code ranks} and {@code nodes}
     */
    public Network(int ranks, int nodes, RankPlacement placement, long alphaNanos, double bytesPerSecond) {
        this.nodeOfRank = placement.nodeOfEach(ranks, nodes);
        this.placement = placement;
        this.nodes = nodes;
        this.alphaNanos = alphaNanos;
        this.nanosPerByte = Double.isInfinite(bytesPerSecond) ? 0 : 1e9 / bytesPerSecond;
        this.active = nodes > 1 && (alphaNanos > 0 || nanosPerByte > 0);
        this.linkFree = new AtomicLong[active ? nodes * nodes : 0];
        for (int i = 0; i < linkFree.length; i++) {
            linkFree[i] = new AtomicLong(Long.MIN_VALUE);
        }
    }

    /** The node of a rank under block placement: node k holds ranks [k*n/K, (k+1)*n/K). */
    public static int nodeOf(int rank, int ranks, int nodes) {
        return RankPlacement.block(rank, ranks, nodes);
    }

    /** The node of {@code rank} under this network's placement. */
    public int nodeOf(int rank) {
        return nodeOfRank[rank];
    }

    /** How ranks are placed on the nodes. */
    public RankPlacement placement() {
        return placement;
    }

    public int nodes() {
        return nodes;
    }

    /** True when a message from {@code source} to {@code destination} is matchable at once (arrival 0). */
    boolean immediate(int source, int destination) {
        return !active || nodeOf(source) == nodeOf(destination);
    }

    /** Arrival time of a message sent now, or 0 for at once (same node, or no simulation). */
    long arrival(int source, int destination, int bytes) {
        if (!active) {
            return 0;
        }
        final int from = nodeOf(source);
        final int to = nodeOf(destination);
        if (from == to) {
            return 0;
        }
        final AtomicLong link = linkFree[from * nodes + to];
        final long transfer = (long) (bytes * nanosPerByte);
        final long now = System.nanoTime();
        long free;
        long done;
        do {
            free = link.get();
            done = (free == Long.MIN_VALUE || free - now < 0 ? now : free) + transfer;
        } while (!link.compareAndSet(free, done));
        final long arrival = done + alphaNanos;
        return arrival == 0 ? 1 : arrival;
    }
}
