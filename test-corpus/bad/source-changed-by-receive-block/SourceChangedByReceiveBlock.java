import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class SourceChangedByReceiveBlock {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        int[] a = new int[4];
        int[] b = new int[4];
        int from = left;
        olap: {
            receive: {
                MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, from, 1);
                from = right;
                MPI.COMM_WORLD.Recv(b, 1, 1, MPI.INT, from, 1);
            }
            send: {
                MPI.COMM_WORLD.Isend(a, 0, 1, MPI.INT, right, 1);
                MPI.COMM_WORLD.Isend(a, 1, 1, MPI.INT, left, 1);
            }
        }
        MPI.Finalize();
    }
}
