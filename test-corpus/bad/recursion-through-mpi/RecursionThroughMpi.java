import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class RecursionThroughMpi {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        int[] a = new int[4];
        int[] b = new int[4];
        pass(a, b, size, right, left);
        MPI.Finalize();
    }

    static void pass(int[] a, int[] b, int hops, int right, int left) throws MPIException {
        if (hops == 0) return;
        MPI.COMM_WORLD.Sendrecv(a, 0, 4, MPI.INT, right, 1, b, 0, 4, MPI.INT, left, 1);
        pass(b, a, hops - 1, right, left);
    }
}
