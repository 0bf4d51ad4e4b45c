import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class LocalClassWhereTaskSuspends {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        int[] a = new int[4];
        int[] b = new int[4];
        class Pair {
            final int[] data = new int[4];
        }
        Pair p = new Pair();
        MPI.COMM_WORLD.Sendrecv(a, 0, 4, MPI.INT, right, 1, p.data, 0, 4, MPI.INT, left, 1);
        System.out.println(p.data[0]);
        MPI.Finalize();
    }
}
