package bamboo.shim.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The one definition of which node a rank (or task) is on, for the shim and the runtime alike. */
class RankPlacementTest {

    @Test
    void blockIsTheContiguousPlacementTheShimAlwaysHad() {
        assertEquals("[0, 0, 0, 1, 1, 2, 2]", Arrays.toString(RankPlacement.BLOCK.nodeOfEach(7, 3)));
        for (int n = 1; n <= 40; n++) {
            for (int k = 1; k <= n; k++) {
                int[] nodes = RankPlacement.BLOCK.nodeOfEach(n, k);
                for (int r = 0; r < n; r++) {
                    assertEquals((int) ((long) r * k / n), nodes[r], "rank " + r + " of " + n + " on " + k);
                }
            }
        }
    }

    /** Cannon at k=9: a 6x6 grid on 2x2 nodes, each node a 3x3 block (block placement puts 1.5 rows on each). */
    @Test
    void gridPutsSquareBlocksOnANodeGrid() {
        int[] nodes = RankPlacement.GRID.nodeOfEach(36, 4);
        for (int r = 0; r < 36; r++) {
            int row = r / 6;
            int col = r % 6;
            assertEquals((row / 3) * 2 + col / 3, nodes[r], "rank " + r);
        }
        assertEquals("[0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]",
                Arrays.toString(RankPlacement.GRID.nodeOfEach(16, 4)));
        assertEquals("grid 6x6 on 2x2 nodes", RankPlacement.GRID.describe(36, 4));
    }

    @Test
    void explicitShapes() {
        // 2x8 ranks on a 1x4 node grid: each node a 2x2 block of columns (node 0: ranks 0, 1, 8, 9).
        assertEquals("[0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 1, 1, 2, 2, 3, 3]",
                Arrays.toString(RankPlacement.parse("grid:2x8/1x4").nodeOfEach(16, 4)));
        // The node grid derived (2x1) when only the rank grid is given: 4x2 ranks, rows split.
        assertEquals("[0, 0, 0, 0, 1, 1, 1, 1]", Arrays.toString(RankPlacement.parse("grid:4x2").nodeOfEach(8, 2)));
        // On a 1x2 node grid the same ranks split by columns: not contiguous ids.
        assertEquals("[0, 1, 0, 1, 0, 1, 0, 1]",
                Arrays.toString(RankPlacement.parse("grid:4x2/1x2").nodeOfEach(8, 2)));
    }

    @Test
    void oneNodeHoldsEverything() {
        assertArrayEquals(new int[12], RankPlacement.GRID.nodeOfEach(12, 1));
    }

    @ParameterizedTest(name = "dims({0}) = {1}x{2}")
    @CsvSource({"1,1,1", "2,2,1", "4,2,2", "7,7,1", "12,4,3", "36,6,6", "64,8,8", "210,15,14"})
    void dimsAreTheMostSquareFactorisationLargestFirst(int n, int rows, int cols) {
        assertArrayEquals(new int[] {rows, cols}, RankPlacement.dims(n));
    }

    @Test
    void specsRoundTrip() {
        for (String s : new String[] {"block", "grid", "grid:6x6", "grid:2x8/1x4"}) {
            assertEquals(s, RankPlacement.parse(s).toString());
            assertEquals(RankPlacement.parse(s), RankPlacement.parse(" " + s + " "));
        }
        assertNotEquals(RankPlacement.GRID, RankPlacement.parse("grid:6x6"));
    }

    /** Bad specs: the spec and the one-line message side by side. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "blok         | placement 'blok': unknown (expected block, grid, grid:PxQ or grid:PxQ/RxC)",
        "grid:6       | placement 'grid:6': rank grid '6' is not ROWSxCOLUMNS (e.g. 6x6)",
        "grid:0x6     | placement 'grid:0x6': rank grid '0x6' needs two positive whole numbers ROWSxCOLUMNS (e.g. 6x6)",
        "grid:ax6     | placement 'grid:ax6': rank grid 'ax6' needs two positive whole numbers ROWSxCOLUMNS (e.g. 6x6)",
        "grid:6x6/2   | placement 'grid:6x6/2': node grid '2' is not ROWSxCOLUMNS (e.g. 6x6)",
        "grid:6x6/2x- | placement 'grid:6x6/2x-': node grid '2x-' needs two positive whole numbers ROWSxCOLUMNS (e.g. 6x6)",
    })
    void badSpecsSayWhatIsWrong(String spec, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> RankPlacement.parse(spec)).getMessage());
    }

    @Test
    void anEmptySpecIsRefused() {
        assertEquals("placement: empty (expected block, grid, grid:PxQ or grid:PxQ/RxC)",
                assertThrows(IllegalArgumentException.class, () -> RankPlacement.parse(" ")).getMessage());
    }

    /** Shapes that do not fit the counts: spec, ranks, nodes and the message side by side. */
    @ParameterizedTest(name = "{0} for {1} ranks on {2} nodes")
    @CsvSource(delimiter = '|', value = {
        "grid:6x5     | 36 | 4 | placement grid:6x5: a 6x5 grid has 30 ranks, not 36",
        "grid:6x6/3x1 | 36 | 4 | placement grid:6x6/3x1: a 3x1 node grid has 3 nodes, not 4",
        "grid         | 12 | 4 | placement grid: a 4x3 grid of ranks does not split into equal blocks over 2x2 nodes (each extent must divide; give the shapes as grid:PxQ/RxC, or use block)",
        "grid:4x9     | 36 | 4 | placement grid:4x9: a 4x9 grid of ranks does not split into equal blocks over 2x2 nodes (each extent must divide; give the shapes as grid:PxQ/RxC, or use block)",
        "grid         | 2  | 4 | placement grid: 4 nodes for 2 ranks (every node needs at least one rank)",
        "block        | 3  | 5 | placement block: 5 nodes for 3 ranks (every node needs at least one rank)",
    })
    void shapesThatDoNotFitSayWhy(String spec, int ranks, int nodes, String message) {
        RankPlacement p = RankPlacement.parse(spec);
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> p.nodeOfEach(ranks, nodes))
                .getMessage());
    }

    @Test
    void everyNodeOfAGridGetsTheSameNumberOfRanks() {
        for (int[] c : new int[][] {{16, 4}, {36, 4}, {64, 4}, {8, 2}, {24, 6}}) {
            int[] count = new int[c[1]];
            for (int node : RankPlacement.GRID.nodeOfEach(c[0], c[1])) {
                count[node]++;
            }
            for (int k = 0; k < c[1]; k++) {
                assertEquals(c[0] / c[1], count[k], Arrays.toString(c) + " node " + k);
            }
        }
    }
}
