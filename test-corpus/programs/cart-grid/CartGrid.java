import bamboo.Bamboo;
import mpi.Cartcomm;
import mpi.CartParms;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.ShiftParms;

/**
 * A 2-D stencil on a Cartesian grid, as stencil codes set one up: Dims_create picks the grid, Create_cart
 * makes it (non-periodic rows, periodic columns), Shift names the neighbours of each direction (PROC_NULL
 * at the edges of the rows), a region exchanges one value with the four neighbours, and a Sub of each
 * grid row sums the row with an Allreduce. Every rank checks what it received, its row's sum, Coords,
 * Rank(coords) and Get against the arithmetic of the grid; rank 0 prints the verdict.
 */
@Bamboo
public class CartGrid {
    static final int STEPS = 3;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int size = MPI.COMM_WORLD.Size();
        int[] dims = new int[2];
        Cartcomm.Dims_create(size, dims);
        Cartcomm grid = MPI.COMM_WORLD.Create_cart(dims, new boolean[] {false, true}, false);
        int rank = grid.Rank();
        int[] me = grid.Coords(rank);
        ShiftParms rows = grid.Shift(0, 1);
        ShiftParms cols = grid.Shift(1, 1);
        boolean ok = grid.Topo_test() == MPI.CART && grid.Rank(me) == rank;
        CartParms parms = grid.Get();
        ok &= parms.dims[0] == dims[0] && parms.dims[1] == dims[1] && !parms.periods[0] && parms.periods[1]
                && parms.coords[0] == me[0] && parms.coords[1] == me[1];
        long[] mine = new long[1];
        long[] in = new long[4];
        Request[] rq = new Request[8];
        for (int step = 0; step < STEPS; step++) {
            mine[0] = 1000L * rank + step;
            olap: {
                receive: {
                    rq[0] = grid.Irecv(in, 0, 1, MPI.LONG, rows.rank_source, 1);
                    rq[1] = grid.Irecv(in, 1, 1, MPI.LONG, rows.rank_dest, 2);
                    rq[2] = grid.Irecv(in, 2, 1, MPI.LONG, cols.rank_source, 3);
                    rq[3] = grid.Irecv(in, 3, 1, MPI.LONG, cols.rank_dest, 4);
                }
                send: {
                    rq[4] = grid.Isend(mine, 0, 1, MPI.LONG, rows.rank_dest, 1);
                    rq[5] = grid.Isend(mine, 0, 1, MPI.LONG, rows.rank_source, 2);
                    rq[6] = grid.Isend(mine, 0, 1, MPI.LONG, cols.rank_dest, 3);
                    rq[7] = grid.Isend(mine, 0, 1, MPI.LONG, cols.rank_source, 4);
                }
                compute: {
                    Request.Waitall(rq);
                    ok &= rows.rank_source == MPI.PROC_NULL || in[0] == 1000L * rows.rank_source + step;
                    ok &= rows.rank_dest == MPI.PROC_NULL || in[1] == 1000L * rows.rank_dest + step;
                    ok &= in[2] == 1000L * cols.rank_source + step;
                    ok &= in[3] == 1000L * cols.rank_dest + step;
                }
            }
        }
        Cartcomm row = grid.Sub(new boolean[] {false, true});
        long[] sum = new long[1];
        row.Allreduce(new long[] {rank}, 0, sum, 0, 1, MPI.LONG, MPI.SUM);
        long want = 0;
        for (int c = 0; c < dims[1]; c++) {
            want += grid.Rank(new int[] {me[0], c});
        }
        ok &= sum[0] == want && row.Size() == dims[1] && row.Rank() == me[1];
        Intracomm world = MPI.COMM_WORLD;
        long[] all = new long[1];
        world.Allreduce(new long[] {ok ? 0 : 1}, 0, all, 0, 1, MPI.LONG, MPI.SUM);
        if (rank == 0) {
            System.out.println("cart-grid " + (all[0] == 0 ? "OK" : "FAIL " + all[0] + " ranks"));
        }
        MPI.Finalize();
    }
}
