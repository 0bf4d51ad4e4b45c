package bamboo.shim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import bamboo.shim.net.RankPlacement;
import java.util.concurrent.TimeUnit;
import mpi.MPI;
import mpi.MPIException;
import org.junit.jupiter.api.Test;

/**
 * A grid placement decides which messages cross the simulated interconnect and which ranks share a node's
 * cores: 16 ranks as a 4x4 grid on 2x2 nodes, node 0 holding ranks 0, 1, 4 and 5 (block: 0 to 3).
 */
class GridPlacementNetworkTest {
    /** Node of each rank: row-major 4x4 grid, 2x2 blocks. */
    private static final int[] NODE = {0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3};

    @Test
    void messagesWithinANodeAreMatchableAtOnceAndAcrossNodesNot() throws MPIException {
        // 30 s of latency: a message between nodes is not matchable within this test.
        final World world = new World(16, new Network(16, 4, RankPlacement.GRID, TimeUnit.SECONDS.toNanos(30),
                Double.POSITIVE_INFINITY), World.DEFAULT_EAGER_LIMIT, false);
        final Scope s = world.worldScope();
        for (int from : new int[] {0, 5, 10}) {
            for (int to = 0; to < 16; to++) {
                if (to != from) {
                    world.endpoint(from).sendCopy(s, new int[] {to}, 0, 1, MPI.INT, to, from, "send");
                }
            }
        }
        final Taken t = new Taken();
        for (int from : new int[] {0, 5, 10}) {
            for (int to = 0; to < 16; to++) {
                if (to != from) {
                    assertEquals(NODE[from] == NODE[to], world.endpoint(to).take(s, from, from, t),
                            "rank " + from + " (node " + NODE[from] + ") to rank " + to + " (node " + NODE[to] + ")");
                }
            }
        }
    }

    @Test
    void theCoreGateOfANodeIsSharedByItsGridBlock() {
        final World world = new World(16, new Network(16, 4, RankPlacement.GRID, 0, Double.POSITIVE_INFINITY),
                World.DEFAULT_EAGER_LIMIT, false);
        world.gateCores(1);
        for (int r = 0; r < 16; r++) {
            assertNotNull(world.gate(NODE[r]));
            assertSame(world.gate(NODE[r]), world.endpoint(r).core.gate, "rank " + r);
            assertEquals(NODE[r], world.network().nodeOf(r));
        }
    }
}
