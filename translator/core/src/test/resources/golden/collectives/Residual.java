import bamboo.Bamboo;
import mpi.*;

/** A residual reduced every iteration, a barrier, and a broadcast of the final value. */
@Bamboo
public class Residual {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        double[] local = {1.0 / (rank + 1)};
        double[] global = new double[1];
        for (int iter = 0; iter < 3; iter++) {
            local[0] = local[0] / 2 + iter;
            MPI.COMM_WORLD.Allreduce(local, 0, global, 0, 1, MPI.DOUBLE, MPI.SUM);
        }
        MPI.COMM_WORLD.Barrier();
        int[] answer = {rank == 0 ? 42 : 0};
        MPI.COMM_WORLD.Bcast(answer, 0, 1, MPI.INT, 0);
        System.out.println("rank " + rank + " global " + global[0] + " answer " + answer[0]);
        MPI.Finalize();
    }
}
