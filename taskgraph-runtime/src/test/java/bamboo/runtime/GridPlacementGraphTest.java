package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.runtime.samples.Ring;
import bamboo.runtime.samples.Stencil1D;
import bamboo.shim.net.RankPlacement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Tasks placed on processes in 2-D grid blocks: a process's tasks are not contiguous ids. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class GridPlacementGraphTest {

    @Test
    void aProcessHoldsItsGridBlockInIdOrder() {
        Placement p = new Placement(16, 4, RankPlacement.GRID); // 4x4 tasks on 2x2 processes
        int[][] expected = {{0, 1, 4, 5}, {2, 3, 6, 7}, {8, 9, 12, 13}, {10, 11, 14, 15}};
        for (int node = 0; node < 4; node++) {
            assertEquals(4, p.count(node));
            for (int i = 0; i < 4; i++) {
                int task = expected[node][i];
                assertEquals(task, p.task(node, i));
                assertEquals(node, p.nodeOf(task));
                assertEquals(i, p.indexOf(task));
            }
        }
    }

    @Test
    void theBlockPlacementIsTheShimsBlockPlacement() {
        Placement p = new Placement(7, 3);
        int[] nodes = RankPlacement.BLOCK.nodeOfEach(7, 3);
        for (int t = 0; t < 7; t++) {
            assertEquals(nodes[t], p.nodeOf(t));
        }
        assertEquals(3, p.count(0));
        assertEquals(2, p.count(2));
    }

    /**
     * A ring of 16 tasks on 4 processes: under block placement it crosses a process boundary 4 times a
     * round, under 2x2 grid blocks 8 times (0-1|2-3, then back from 3 to 4, ...). The handlers' forwarded
     * count says the messages went where the placement put the tasks, and each arrived (the sum).
     */
    @Test
    void aRingCrossesTheProcessesTheGridSays() {
        long[] result = new long[1];
        Graph.Result r = Ring.graph(16, 20, result).nodes(4).workers(1).placement(RankPlacement.GRID)
                .latency(5_000).build().run();
        assertEquals(20L * 16, result[0]);
        long forwarded = r.profile().threads().stream().filter(Profile.ThreadProfile::handler)
                .mapToLong(Profile.ThreadProfile::messagesSent).sum();
        assertEquals(20L * 8, forwarded, "8 hops between processes per round");
    }

    /** Column blocks (process 0 holds tasks 0, 2, 4, 6): every neighbour is on the other process. */
    @Test
    void aStencilOnInterleavedTasksMatchesTheSequentialResult() {
        int n = 8;
        int cells = 5;
        double[] out = new double[n * cells];
        Stencil1D.graph(n, cells, 25, out).nodes(2).workers(2).placement(RankPlacement.parse("grid:4x2/1x2"))
                .latency(2_000).bandwidth(1e9).build().run();
        assertArrayEquals(Stencil1D.sequential(n * cells, 25), out, 0.0);
    }

    @Test
    void aGridThatDoesNotFitIsRefusedAtBuild() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Ring.graph(12, 1, new long[1]).nodes(4).placement(RankPlacement.GRID).build());
        assertEquals("Graph.Builder.build: placement grid: a 4x3 grid of ranks does not split into equal blocks "
                + "over 2x2 nodes (each extent must divide; give the shapes as grid:PxQ/RxC, or use block)",
                e.getMessage());
    }

    @Test
    void isLocalFollowsThePlacement() {
        Placement p = new Placement(8, 2, RankPlacement.parse("grid:4x2/1x2"));
        Config c = new Config();
        c.numTasks = 8;
        c.nodes = 2;
        Node node = new Node(1, p, c, new RunControl(4));
        assertTrue(node.isLocal(1));
        assertTrue(node.isLocal(7));
        assertFalse(node.isLocal(0));
        assertFalse(node.isLocal(8));
        assertFalse(node.isLocal(-1));
    }
}
