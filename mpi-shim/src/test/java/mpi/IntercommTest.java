package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Inter-communicators (Create_intercomm, Merge, clone) and graph topologies (Create_graph). */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class IntercommTest {

    @Test
    void evensAndOddsTalkAcrossAnIntercommAndMerge() {
        Jobs.run(6, (rank, size) -> {
            final Intracomm half = MPI.COMM_WORLD.Split(rank % 2, rank);
            // Leaders: local rank 0 of each half; in COMM_WORLD the odd leader is 1, the even one 0.
            final Intercomm inter = MPI.COMM_WORLD.Create_intercomm(half, 0, rank % 2 == 0 ? 1 : 0, 5);
            assertTrue(inter.Test_inter());
            assertFalse(half.Test_inter());
            assertEquals(rank / 2, inter.Rank());
            assertEquals(3, inter.Size());
            assertEquals(3, inter.Remote_size());
            assertEquals(3, inter.Remote_group().Size());
            assertEquals(MPI.UNDEFINED, inter.Remote_group().Rank());
            // Point-to-point addresses the remote group: local rank i of the evens pairs with i of the odds.
            final int[] got = new int[1];
            final Status s = inter.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, inter.Rank(), 3, got, 0, 1, MPI.INT,
                    MPI.ANY_SOURCE, 3);
            assertEquals(rank % 2 == 0 ? rank + 1 : rank - 1, got[0]);
            assertEquals(inter.Rank(), s.source);

            // The odds pass high = true: the evens come first.
            final Intracomm all = inter.Merge(rank % 2 == 1);
            assertEquals(6, all.Size());
            assertEquals(rank % 2 == 0 ? rank / 2 : 3 + rank / 2, all.Rank());
            final int[] sum = new int[1];
            all.Allreduce(new int[] {rank}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            assertEquals(15, sum[0]);
            // Both halves pass the same value: the half holding world rank 0 comes first.
            final Intracomm same = inter.Merge(false);
            assertEquals(rank % 2 == 0 ? rank / 2 : 3 + rank / 2, same.Rank());

            final Intercomm copy = (Intercomm) inter.clone();
            final int[] back = new int[1];
            copy.Sendrecv(new int[] {-rank}, 0, 1, MPI.INT, copy.Rank(), 4, back, 0, 1, MPI.INT, copy.Rank(), 4);
            assertEquals(rank % 2 == 0 ? -(rank + 1) : -(rank - 1), back[0]);
        });
    }

    @Test
    void badIntercommArgumentsAreOneLine() {
        Jobs.run(2, (rank, size) -> {
            final MPIException leader = assertThrows(MPIException.class,
                    () -> MPI.COMM_WORLD.Create_intercomm(MPI.COMM_SELF, 1, 1 - rank, 0));
            assertEquals("Create_intercomm: local_leader 1 is out of range (local_comm has 1 ranks)",
                    leader.getMessage());
            final MPIException peer = assertThrows(MPIException.class,
                    () -> MPI.COMM_WORLD.Create_intercomm(MPI.COMM_SELF, 0, 7, 0));
            assertEquals("Create_intercomm: remote_leader 7 is out of range (the peer communicator has 2 ranks)",
                    peer.getMessage());
        });
    }

    @Test
    void aGraphTopologyReportsItsNeighbours() {
        Jobs.run(5, (rank, size) -> {
            final int[] index = {2, 3, 4, 6};
            final int[] edges = {1, 3, 0, 3, 0, 2};
            final Graphcomm g = MPI.COMM_WORLD.Create_graph(index, edges, false);
            if (rank == 4) {
                assertNull(g);
                return;
            }
            assertEquals(MPI.GRAPH, g.Topo_test());
            assertArrayEquals(index, g.Get().index);
            assertArrayEquals(edges, g.Get().edges);
            final int[][] expected = {{1, 3}, {0}, {3}, {0, 2}};
            assertArrayEquals(expected[rank], g.Neighbours(rank));
            assertEquals(expected[rank].length, g.Neighbours_count(rank));
            assertEquals(rank, g.Map(index, edges));
            assertEquals(MPI.GRAPH, g.Dup().Topo_test());
            final int[] got = new int[1];
            for (int n : g.Neighbours(rank)) {
                g.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, n, 0, got, 0, 1, MPI.INT, n, 0);
                assertEquals(n, got[0]);
            }
            final MPIException bad = assertThrows(MPIException.class, () -> g.Neighbours(4));
            assertEquals("Graphcomm.Neighbours: rank 4 is not a node of the graph (0..3)", bad.getMessage());
        });
    }

    @Test
    void aBadGraphIsRefusedBeforeAnyCommunication() {
        Jobs.run(2, (rank, size) -> {
            final MPIException e = assertThrows(MPIException.class,
                    () -> MPI.COMM_WORLD.Create_graph(new int[] {1, 2}, new int[] {1, 5}, false));
            assertEquals("Intracomm.Create_graph: edges[1] = 5 is not a node (0..1)", e.getMessage());
            final MPIException order = assertThrows(MPIException.class,
                    () -> MPI.COMM_WORLD.Create_graph(new int[] {2, 1}, new int[] {1, 0}, false));
            assertTrue(order.getMessage().startsWith("Intracomm.Create_graph: index[1] = 1 is less than"),
                    order.getMessage());
        });
    }
}
