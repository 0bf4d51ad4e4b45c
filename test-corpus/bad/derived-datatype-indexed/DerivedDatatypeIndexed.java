import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class DerivedDatatypeIndexed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        int[] a = new int[4];
        int[] b = new int[4];
        Datatype picks = Datatype.Indexed(new int[] {1, 1}, new int[] {0, 3}, MPI.INT);
        picks.Commit();
        MPI.COMM_WORLD.Sendrecv(a, 0, 1, picks, right, 1, b, 0, 1, picks, left, 1);
        MPI.Finalize();
    }
}
