package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Neighbourhood collectives on Cartesian communicators (MPI-3), blocking and nonblocking. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NeighborCollectivesTest {

    /** A 2 x 3 grid, periodic in dimension 1 only: neighbours in MPI's order (dim 0 down, up; dim 1
     *  down, up), PROC_NULL off the edges of dimension 0, whose blocks stay untouched. */
    @Test
    void allgatherAndAlltoallOnAPartlyPeriodicGrid() {
        Jobs.run(6, (rank, size) -> {
            final Cartcomm grid = MPI.COMM_WORLD.Create_cart(new int[] {2, 3}, new boolean[] {false, true}, false);
            final int[] me = grid.Coords(grid.Rank());
            final int[] expected = new int[4];
            expected[0] = me[0] == 0 ? -1 : grid.Rank(new int[] {me[0] - 1, me[1]});
            expected[1] = me[0] == 1 ? -1 : grid.Rank(new int[] {me[0] + 1, me[1]});
            expected[2] = grid.Rank(new int[] {me[0], me[1] - 1});
            expected[3] = grid.Rank(new int[] {me[0], me[1] + 1});

            final int[] got = {-1, -1, -1, -1};
            grid.Neighbor_allgather(new int[] {grid.Rank()}, 0, 1, MPI.INT, got, 0, 1, MPI.INT);
            assertArrayEquals(expected, got);

            final int[] igot = {-1, -1, -1, -1};
            grid.Ineighbor_allgather(new int[] {grid.Rank()}, 0, 1, MPI.INT, igot, 0, 1, MPI.INT).Wait();
            assertArrayEquals(expected, igot);

            // Alltoall: block j goes to neighbour j as 10 * rank + j; block j received from neighbour j is
            // what it sent in the opposite direction (j ^ 1).
            final int[] out = new int[4];
            for (int j = 0; j < 4; j++) {
                out[j] = 10 * grid.Rank() + j;
            }
            final int[] in = {-1, -1, -1, -1};
            grid.Neighbor_alltoall(out, 0, 1, MPI.INT, in, 0, 1, MPI.INT);
            final int[] want = new int[4];
            for (int j = 0; j < 4; j++) {
                want[j] = expected[j] < 0 ? -1 : 10 * expected[j] + (j ^ 1);
            }
            assertArrayEquals(want, in);
            final int[] iin = {-1, -1, -1, -1};
            final Request r = grid.Ineighbor_alltoall(out, 0, 1, MPI.INT, iin, 0, 1, MPI.INT);
            Request.Waitall(new Request[] {r});
            assertArrayEquals(want, iin);
        });
    }

    /** A periodic dimension of extent 2: both neighbours are the same rank, told apart by direction. */
    @Test
    void bothNeighboursTheSameRankAreToldApartByDirection() {
        Jobs.run(2, (rank, size) -> {
            final Cartcomm ring = MPI.COMM_WORLD.Create_cart(new int[] {2}, new boolean[] {true}, false);
            final double[] out = {rank + 0.25, rank + 0.75};
            final double[] in = new double[2];
            ring.Neighbor_alltoall(out, 0, 1, MPI.DOUBLE, in, 0, 1, MPI.DOUBLE);
            final int other = 1 - rank;
            // From the down neighbour: what it sent up (its block 1); from the up one: its block 0.
            assertArrayEquals(new double[] {other + 0.75, other + 0.25}, in, 0.0);
        });
    }

    @Test
    void badArgumentsAreOneLineNamingTheCall() {
        Jobs.run(4, (rank, size) -> {
            final Cartcomm grid = MPI.COMM_WORLD.Create_cart(new int[] {2, 2}, new boolean[] {true, true}, false);
            final MPIException small = assertThrows(MPIException.class,
                    () -> grid.Neighbor_allgather(new int[1], 0, 1, MPI.INT, new int[3], 0, 1, MPI.INT));
            assertEquals(true, small.getMessage().startsWith("Cartcomm.Neighbor_allgather: recvbuf"),
                    small.getMessage());
            final MPIException kinds = assertThrows(MPIException.class,
                    () -> grid.Ineighbor_alltoall(new int[4], 0, 1, MPI.INT, new long[4], 0, 1, MPI.LONG));
            assertEquals("Cartcomm.Ineighbor_alltoall: send datatype MPI.INT and receive datatype MPI.LONG differ "
                    + "in kind", kinds.getMessage());
        });
    }
}
