package bamboo.shim.device.threads;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The simulated interconnect: ranks sit block-wise on nodes; a message between two nodes becomes
 * matchable at {@code max(now, linkFree) + bytes * beta + alpha}, where each ordered node pair is a FIFO
 * link (a message occupies it for its transfer time). Within a node, messages arrive at once.
 */
public final class Network {
    private final int ranks;
    private final int nodes;
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
        this.ranks = ranks;
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
        return (int) (((long) rank * nodes) / ranks);
    }

    public int nodeOf(int rank) {
        return nodeOf(rank, ranks, nodes);
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
