import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class ConditionOnReceivedData {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        int[] a = new int[4];
        int[] b = new int[4];
        int[] count = new int[1];
        int[] myCount = {rank % 2};
        olap: {
            receive: {
                MPI.COMM_WORLD.Recv(count, 0, 1, MPI.INT, left, 1);
                if (count[0] > 0) MPI.COMM_WORLD.Recv(b, 0, count[0], MPI.INT, left, 2);
            }
            send: {
                MPI.COMM_WORLD.Isend(myCount, 0, 1, MPI.INT, right, 1);
                if (myCount[0] > 0) MPI.COMM_WORLD.Isend(a, 0, myCount[0], MPI.INT, right, 2);
            }
        }
        MPI.Finalize();
    }
}
