import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class CartesianTopology {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        int[] a = new int[4];
        int[] b = new int[4];
        Cartcomm grid = MPI.COMM_WORLD.Create_cart(new int[] {size}, new boolean[] {true}, false);
        ShiftParms shift = grid.Shift(0, 1);
        grid.Sendrecv(a, 0, 4, MPI.INT, shift.rank_dest, 1, b, 0, 4, MPI.INT, shift.rank_source, 1);
        MPI.Finalize();
    }
}
