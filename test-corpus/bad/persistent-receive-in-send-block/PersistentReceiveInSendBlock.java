import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class PersistentReceiveInSendBlock {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int[] a = new int[4];
        Prequest recv = MPI.COMM_WORLD.Recv_init(a, 0, 4, MPI.INT, (rank + size - 1) % size, 1);
        olap: {
            send: {
                recv.Start();
            }
            compute: {
                recv.Wait();
            }
        }
        MPI.Finalize();
    }
}
