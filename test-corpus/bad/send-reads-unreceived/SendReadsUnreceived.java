import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class SendReadsUnreceived {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        int[] a = new int[4];
        int[] b = new int[4];
        Request[] reqs = new Request[2];
        olap: {
            receive: {
                reqs[0] = MPI.COMM_WORLD.Irecv(b, 0, 4, MPI.INT, left, 1);
            }
            send: {
                reqs[1] = MPI.COMM_WORLD.Isend(b, 0, 4, MPI.INT, right, 2);
            }
            compute: {
                Request.Waitall(reqs);
            }
        }
        MPI.COMM_WORLD.Recv(a, 0, 4, MPI.INT, left, 2);
        MPI.Finalize();
    }
}
