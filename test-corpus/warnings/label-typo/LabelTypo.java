import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class LabelTypo {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        int[] token = {rank};
        olpa: for (int it = 0; it < 4; it++) {
            MPI.COMM_WORLD.Sendrecv_replace(token, 0, 1, MPI.INT, right, it, left, it);
        }
        if (rank == 0) {
            System.out.println("token " + token[0]);
        }
        MPI.Finalize();
    }
}
