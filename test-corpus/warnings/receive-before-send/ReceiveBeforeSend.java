import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class ReceiveBeforeSend {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        double[] ghost = new double[1];
        double[] edge = {rank};
        double sum = 0;
        olap: for (int it = 0; it < 4; it++) {
            receive: {
                MPI.COMM_WORLD.Recv(ghost, 0, 1, MPI.DOUBLE, left, it);
            }
            send: {
                MPI.COMM_WORLD.Send(edge, 0, 1, MPI.DOUBLE, right, it);
            }
            compute: {
                sum += ghost[0];
            }
        }
        if (rank == 0) {
            System.out.println("sum " + sum);
        }
        MPI.Finalize();
    }
}
