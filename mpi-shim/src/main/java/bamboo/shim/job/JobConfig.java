package bamboo.shim.job;

import bamboo.shim.net.RankPlacement;
import bamboo.shim.engine.World;

/**
 * How to run a threads-device job.
 *
 * @param np                   number of ranks (&gt;= 1)
 * @param nodes                simulated nodes (1..np); ranks are placed on them as {@code placement} says,
 *                             see {@link #nodeOf(int)}
 * @param latencyNanos         per-message latency between nodes (alpha), &gt;= 0
 * @param bandwidthBytesPerSec bandwidth between nodes (1/beta); {@link Double#POSITIVE_INFINITY} for none
 * @param ranksAs              ranks as platform threads or virtual threads (JDK 21+)
 * @param verbose              for the caller: show {@link JobResult#cause()}'s stack trace (the runner
 *                             itself prints nothing)
 * @param eagerLimitBytes      messages up to this size are copied at once; larger ones go by rendezvous
 * @param eagerBudgetBytes     flow control: bytes of unexpected eager messages one rank may hold; beyond them
 *                             standard sends to it go by rendezvous (the data stays with the sender until
 *                             received), and it sizes the implicit buffer of buffered sends
 * @param coresPerNode         cores of each simulated node, or 0 (the default): no limit. With C &gt; 0 at
 *                             most C ranks of a node run the program at once: a rank's thread holds one of
 *                             its node's C cores ({@code CoreGate}) while it runs and gives it back while
 *                             it waits in MPI, so k ranks of a node as threads cannot borrow the cores of
 *                             another node whose ranks wait. Ranks take the cores in turn (first come,
 *                             first served) and only at MPI waits and unsuccessful Test/Iprobe calls (a
 *                             rank computing is never preempted). Threads a program starts itself are not
 *                             limited. A node with at most C ranks gets no gate (nothing to limit).
 * @param placement            which node each rank is on ({@link RankPlacement#BLOCK} by default: contiguous
 *                             blocks of ranks; {@code grid}: 2-D blocks of a row-major rank grid); it decides
 *                             which messages cross the simulated interconnect, which ranks share a node's
 *                             cores, and {@code MPI.Get_processor_name}
 */
public record JobConfig(int np, int nodes, long latencyNanos, double bandwidthBytesPerSec, RanksAs ranksAs,
                        boolean verbose, int eagerLimitBytes, long eagerBudgetBytes, int coresPerNode,
                        RankPlacement placement) {

    /** What carries a rank. */
    public enum RanksAs { PLATFORM, VIRTUAL }

    public JobConfig {
        if (np < 1) {
            throw new IllegalArgumentException("np must be at least 1 (got " + np + ")");
        }
        if (nodes < 1 || nodes > np) {
            throw new IllegalArgumentException("nodes must be between 1 and np=" + np + " (got " + nodes + ")");
        }
        if (latencyNanos < 0) {
            throw new IllegalArgumentException("latency must not be negative (got " + latencyNanos + " ns)");
        }
        if (!(bandwidthBytesPerSec > 0)) {
            throw new IllegalArgumentException("bandwidth must be positive (got " + bandwidthBytesPerSec + " B/s)");
        }
        if (ranksAs == null) {
            throw new IllegalArgumentException("ranksAs must be PLATFORM or VIRTUAL");
        }
        if (eagerLimitBytes < 0) {
            throw new IllegalArgumentException("eager limit must not be negative (got " + eagerLimitBytes + ")");
        }
        if (eagerBudgetBytes < 0) {
            throw new IllegalArgumentException("eager budget must not be negative (got " + eagerBudgetBytes + ")");
        }
        if (coresPerNode < 0) {
            throw new IllegalArgumentException("cores per node must be at least 1, or 0 for no limit (got "
                    + coresPerNode + ")");
        }
        if (placement == null) {
            throw new IllegalArgumentException("placement must not be null (use RankPlacement.BLOCK)");
        }
        placement.nodeOfEach(np, nodes); // a shape that does not fit: said here, before any rank starts
    }

    /** {@code np} platform-thread ranks on one node, no simulated costs. */
    public static JobConfig of(int np) {
        return new JobConfig(np, 1, 0, Double.POSITIVE_INFINITY, RanksAs.PLATFORM, false, World.DEFAULT_EAGER_LIMIT,
                World.DEFAULT_EAGER_BUDGET, 0, RankPlacement.BLOCK);
    }

    public JobConfig withNodes(int k) {
        return new JobConfig(np, k, latencyNanos, bandwidthBytesPerSec, ranksAs, verbose, eagerLimitBytes, eagerBudgetBytes, coresPerNode, placement);
    }

    public JobConfig withLatencyNanos(long ns) {
        return new JobConfig(np, nodes, ns, bandwidthBytesPerSec, ranksAs, verbose, eagerLimitBytes, eagerBudgetBytes, coresPerNode, placement);
    }

    public JobConfig withBandwidth(double bytesPerSecond) {
        return new JobConfig(np, nodes, latencyNanos, bytesPerSecond, ranksAs, verbose, eagerLimitBytes, eagerBudgetBytes, coresPerNode, placement);
    }

    public JobConfig withRanksAs(RanksAs as) {
        return new JobConfig(np, nodes, latencyNanos, bandwidthBytesPerSec, as, verbose, eagerLimitBytes, eagerBudgetBytes, coresPerNode, placement);
    }

    public JobConfig withVerbose(boolean v) {
        return new JobConfig(np, nodes, latencyNanos, bandwidthBytesPerSec, ranksAs, v, eagerLimitBytes, eagerBudgetBytes, coresPerNode, placement);
    }

    public JobConfig withEagerLimit(int bytes) {
        return new JobConfig(np, nodes, latencyNanos, bandwidthBytesPerSec, ranksAs, verbose, bytes, eagerBudgetBytes, coresPerNode, placement);
    }

    /** Flow control: how many bytes of unexpected eager messages one rank may hold (default 32 MiB). */
    public JobConfig withEagerBudget(long bytes) {
        return new JobConfig(np, nodes, latencyNanos, bandwidthBytesPerSec, ranksAs, verbose, eagerLimitBytes, bytes, coresPerNode, placement);
    }

    /** Limits each simulated node to {@code c} cores (0: no limit); see {@link #coresPerNode()}. */
    public JobConfig withCoresPerNode(int c) {
        return new JobConfig(np, nodes, latencyNanos, bandwidthBytesPerSec, ranksAs, verbose, eagerLimitBytes,
                eagerBudgetBytes, c, placement);
    }

    /** Places the ranks on the nodes as {@code p} says (see {@link #placement()}). */
    public JobConfig withPlacement(RankPlacement p) {
        return new JobConfig(np, nodes, latencyNanos, bandwidthBytesPerSec, ranksAs, verbose, eagerLimitBytes,
                eagerBudgetBytes, coresPerNode, p);
    }

    /** The node of {@code rank} under {@link #placement()} (block: node k holds ranks [k*np/nodes, (k+1)*np/nodes)). */
    public int nodeOf(int rank) {
        return placement.nodeOfEach(np, nodes)[rank];
    }
}
