import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class Intercommunicator {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        int[] a = new int[4];
        int[] b = new int[4];
        Intercomm bridge = MPI.COMM_WORLD.Create_intercomm(MPI.COMM_WORLD, 0, 1 - rank % 2, 7);
        bridge.Send(a, 0, 4, MPI.INT, 0, 1);
        MPI.Finalize();
    }
}
