import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class DerivedDatatypeVector {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        int[] a = new int[4];
        int[] b = new int[4];
        Datatype column = Datatype.Vector(2, 1, 2, MPI.INT);
        column.Commit();
        MPI.COMM_WORLD.Sendrecv(a, 0, 1, column, right, 1, b, 0, 1, column, left, 1);
        MPI.Finalize();
    }
}
