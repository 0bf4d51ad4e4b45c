import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class DerivedDatatypeGather {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int size = MPI.COMM_WORLD.Size();
        int[] a = new int[4];
        int[] b = new int[4 * size];
        Datatype column = Datatype.Vector(2, 1, 2, MPI.INT);
        column.Commit();
        MPI.COMM_WORLD.Gather(a, 0, 1, column, b, 0, 1, column, 0);
        MPI.Finalize();
    }
}
