import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class SendLabelOnLoop {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        int[] a = new int[4];
        int[] b = new int[4];
        Request[] reqs = new Request[4];
        olap: {
            receive: {
                reqs[0] = MPI.COMM_WORLD.Irecv(b, 0, 4, MPI.INT, left, 1);
            }
            send: for (int k = 0; k < 1; k++) {
                reqs[1] = MPI.COMM_WORLD.Isend(a, 0, 4, MPI.INT, right, 1);
            }
            compute: {
                Request.Waitall(new Request[] {reqs[0], reqs[1]});
            }
        }
        MPI.Finalize();
    }
}
