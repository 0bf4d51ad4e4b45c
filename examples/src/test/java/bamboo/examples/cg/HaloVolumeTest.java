package bamboo.examples.cg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HaloVolumeTest {
    private static final int N = 20_000;

    @Test
    void oneRankPerNodeSendsWhatItsOnlyNeighbourNeeds() {
        Kernel k = Kernel.generated(N, 4, 2, 0.02, 2, 0);
        assertEquals(1, k.neighbours().length);
        assertEquals(k.sendCount(0), HaloVolume.interNode(N, 4, 2, 0.02, 2, 2, 0));
    }

    @Test
    void overDecompositionMultipliesTheBytesOnTheLinkWhenCouplingsReachEverywhere() {
        long k1 = HaloVolume.interNode(N, 4, 2, 0.02, 2, 2, 0);
        long k2 = HaloVolume.interNode(N, 4, 2, 0.02, 4, 2, 0);
        long k4 = HaloVolume.interNode(N, 4, 2, 0.02, 8, 2, 0);
        assertTrue(k2 > 1.3 * k1 && k4 > k2, "k=1 " + k1 + ", k=2 " + k2 + ", k=4 " + k4);
    }

    @Test
    void aBandMatrixSendsTheSameAcrossNodesWhateverTheTasksPerNode() {
        // Without random couplings only the ranks at the node boundary talk across it: band entries each way.
        for (int np : new int[] {2, 4, 8}) {
            assertEquals(4, HaloVolume.interNode(N, 4, 0, 0.02, np, 2, 0), "np=" + np);
        }
    }

    @Test
    void placementIsBlockWise() {
        assertEquals(0, HaloVolume.nodeOf(3, 8, 2));
        assertEquals(1, HaloVolume.nodeOf(4, 8, 2));
        assertEquals(2, HaloVolume.nodeOf(7, 9, 3));
    }
}
