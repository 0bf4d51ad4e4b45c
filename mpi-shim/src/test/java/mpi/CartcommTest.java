package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Cartesian topologies: Dims_create, Create_cart, Coords/Rank, Shift, Sub. */
@Timeout(120)
class CartcommTest {

    private static int[] dims(int n, int... d) throws MPIException {
        Cartcomm.Dims_create(n, d);
        return d;
    }

    @Test
    void dimsCreateIsBalancedAndKeepsFixedExtents() throws MPIException {
        assertArrayEquals(new int[] {3, 2}, dims(6, 0, 0));
        assertArrayEquals(new int[] {4, 4}, dims(16, 0, 0));
        assertArrayEquals(new int[] {3, 2, 2}, dims(12, 0, 0, 0));
        assertArrayEquals(new int[] {2, 3, 2}, dims(12, 0, 3, 0));
        assertArrayEquals(new int[] {7, 1}, dims(7, 0, 0));
        assertArrayEquals(new int[] {1}, dims(1, 0));
        final MPIException e = assertThrows(MPIException.class, () -> dims(7, 2, 0));
        assertTrue(e.getMessage().startsWith("Cartcomm.Dims_create: 7 processes do not fit"), e.getMessage());
        assertThrows(MPIException.class, () -> dims(6, -1, 0));
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 2, 4, 6, 7, 9})
    void gridNeighboursAndSlices(int n) {
        CollectivesTest.job(n, (rank, size) -> {
            final int[] d = dims(n, 0, 0);
            final Cartcomm grid = MPI.COMM_WORLD.Create_cart(d, new boolean[] {true, false}, false);
            assertEquals(MPI.CART, grid.Topo_test());
            assertEquals(MPI.UNDEFINED, MPI.COMM_WORLD.Topo_test());
            final CartParms p = grid.Get();
            assertArrayEquals(d, p.dims);
            assertArrayEquals(new int[] {rank / d[1], rank % d[1]}, p.coords);
            assertEquals(rank, grid.Rank(p.coords));

            // Dimension 0 is periodic: a ring; dimension 1 is not: ends see PROC_NULL.
            final ShiftParms down = grid.Shift(0, 1);
            assertEquals(Math.floorMod(p.coords[0] - 1, d[0]) * d[1] + p.coords[1], down.rank_source);
            assertEquals(Math.floorMod(p.coords[0] + 1, d[0]) * d[1] + p.coords[1], down.rank_dest);
            final ShiftParms right = grid.Shift(1, 1);
            assertEquals(p.coords[1] == 0 ? MPI.PROC_NULL : rank - 1, right.rank_source);
            assertEquals(p.coords[1] == d[1] - 1 ? MPI.PROC_NULL : rank + 1, right.rank_dest);
            final int[] got = {-7};
            grid.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, right.rank_dest, 3, got, 0, 1, MPI.INT,
                    right.rank_source, 3);
            assertEquals(right.rank_source == MPI.PROC_NULL ? -7 : rank - 1, got[0]);

            final Cartcomm column = grid.Sub(new boolean[] {true, false});
            assertEquals(d[0], column.Size());
            assertEquals(p.coords[0], column.Rank());
            assertArrayEquals(new int[] {d[0]}, column.Get().dims);
            final int[] sum = new int[1];
            column.Allreduce(new int[] {rank}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            assertEquals(d[1] * d[0] * (d[0] - 1) / 2 + d[0] * p.coords[1], sum[0]);
            final Cartcomm copy = grid.Dup();
            assertArrayEquals(p.coords, copy.Get().coords);
            assertEquals(MPI.CONGRUENT, Comm.Compare(grid, copy));

            // A grid smaller than the communicator leaves the others out.
            final Cartcomm small = MPI.COMM_WORLD.Create_cart(new int[] {1}, new boolean[] {false}, true);
            if (rank == 0) {
                assertEquals(1, small.Size());
            } else {
                assertNull(small);
            }
            final MPIException tooBig = assertThrows(MPIException.class,
                    () -> MPI.COMM_WORLD.Create_cart(new int[] {n + 1}, new boolean[] {false}, false));
            assertTrue(tooBig.getMessage().startsWith("Intracomm.Create_cart: the grid"), tooBig.getMessage());
            final MPIException shift = assertThrows(MPIException.class, () -> grid.Shift(2, 1));
            assertEquals("Cartcomm.Shift: direction 2 is out of range [0, 2)", shift.getMessage());
        });
    }
}
