package bamboo.examples.cg;

import bamboo.examples.common.Params;
import java.util.Locale;

/**
 * How many entries of p cross between simulated nodes per CG iteration, for a given decomposition: the
 * figure that decides CG's benchmark once the interconnect is bandwidth-bound. With block placement
 * (node j holds ranks [j*np/nodes, (j+1)*np/nodes), as the shim's network and the runtime place them),
 * every rank sends each neighbour the entries of p it needs; those to a rank of another node use the link.
 * Over-decomposing (k ranks or tasks per node instead of one) keeps the compute but, on a matrix whose
 * couplings reach everywhere (the generated one's random off-band pairs), sends an entry once per remote
 * rank that needs it instead of once per remote node: the bytes on the link grow with k.
 *
 * <p>Deterministic (no MPI, no timing): {@code java -cp examples/target/classes
 * bamboo.examples.cg.HaloVolume n=400000 shift=0.02 nodes=2 k=8 bandwidth=200} prints, for k = 1, 2, 4, ...
 * up to {@code k}, the entries node 0 sends to the other nodes per iteration, their share of the
 * one-rank-per-node volume and the time they occupy a link of {@code bandwidth} MB/s.
 */
public final class HaloVolume {
    private HaloVolume() {
    }

    /**
     * Entries of p that node {@code node} sends to ranks of other nodes in one halo exchange, with
     * {@code np} ranks on {@code nodes} nodes placed block-wise, for the generated matrix.
     */
    public static long interNode(int n, int band, int extra, double shift, int np, int nodes, int node) {
        long total = 0;
        for (int rank = 0; rank < np; rank++) {
            if (nodeOf(rank, np, nodes) != node) {
                continue;
            }
            Kernel k = Kernel.generated(n, band, extra, shift, np, rank);
            int[] nb = k.neighbours();
            for (int q = 0; q < nb.length; q++) {
                if (nodeOf(nb[q], np, nodes) != node) {
                    total += k.sendCount(q);
                }
            }
        }
        return total;
    }

    /** Block placement, as {@code bamboo.shim.engine.Network#nodeOf}. */
    static int nodeOf(int rank, int np, int nodes) {
        return (int) (((long) rank * nodes) / np);
    }

    public static void main(String[] args) {
        Params par = new Params("cg", args);
        int n = par.positive("n", 400_000);
        int band = par.positive("band", 4);
        int extra = par.positive("extra", 2);
        double shift = par.positiveReal("shift", 0.02);
        int nodes = par.positive("nodes", 2);
        int kMax = par.positive("k", 8);
        double mbPerSecond = par.positiveReal("bandwidth", 200);
        par.requireAllUsed();
        long base = 0;
        for (int k = 1; k <= kMax; k *= 2) {
            long entries = interNode(n, band, extra, shift, k * nodes, nodes, 0);
            if (k == 1) {
                base = entries;
            }
            System.out.printf(Locale.ROOT, "k=%d (np=%d): node 0 sends %d entries (%.2f MB) to other nodes per "
                            + "iteration, %.2fx of k=1, %.1f ms at %.0f MB/s%n", k, k * nodes, entries,
                    entries * 8 / 1e6, (double) entries / base, entries * 8 / (mbPerSecond * 1e3), mbPerSecond);
        }
    }
}
