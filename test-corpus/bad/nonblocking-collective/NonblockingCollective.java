import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class NonblockingCollective {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int[] token = {rank};
        int[] got = new int[1];
        Request sent = MPI.COMM_WORLD.Issend(token, 0, 1, MPI.INT, (rank + 1) % size, 1);
        Request barrier = MPI.COMM_WORLD.Ibarrier();
        while (barrier.Test() == null) {
            Status s = MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, 1);
            if (s != null) {
                MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, s.source, 1);
            }
        }
        sent.Wait();
        MPI.Finalize();
    }
}
