import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class ComputeOutsideRegion {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        int[] a = new int[4];
        int[] b = new int[4];
        compute: {
            a[0] = rank;
        }
        MPI.Finalize();
    }
}
