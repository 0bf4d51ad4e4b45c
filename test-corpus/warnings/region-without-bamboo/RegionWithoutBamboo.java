import mpi.*;

public class RegionWithoutBamboo {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        int[] out = {rank};
        int[] in = new int[1];
        Request[] sent = new Request[1];
        olap: {
            send: {
                sent[0] = MPI.COMM_WORLD.Isend(out, 0, 1, MPI.INT, right, 0);
            }
            receive: {
                MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, left, 0);
            }
            compute: {
                sent[0].Wait();
                out[0] += in[0];
            }
        }
        MPI.Finalize();
    }
}
