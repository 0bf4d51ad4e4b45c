import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class CartesianDup {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int size = MPI.COMM_WORLD.Size();
        Cartcomm grid = MPI.COMM_WORLD.Create_cart(new int[] {size}, new boolean[] {true}, false);
        Cartcomm copy = grid.Dup();
        ShiftParms shift = copy.Shift(0, 1);
        int[] a = new int[4];
        int[] b = new int[4];
        copy.Sendrecv(a, 0, 4, MPI.INT, shift.rank_dest, 1, b, 0, 4, MPI.INT, shift.rank_source, 1);
        MPI.Finalize();
    }
}
