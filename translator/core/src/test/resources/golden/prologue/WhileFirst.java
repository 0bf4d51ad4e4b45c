import bamboo.Bamboo;
import mpi.*;

/** The first evaluation point is inside the first statement: init() is empty, execute() enters the loop. */
@Bamboo
public class WhileFirst {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        while (args.length == 0) {
            int[] x = new int[1];
            MPI.COMM_WORLD.Sendrecv(x, 0, 1, MPI.INT, MPI.COMM_WORLD.Rank(), 1, x, 0, 1, MPI.INT, MPI.COMM_WORLD.Rank(), 1);
            break;
        }
        System.out.println("rank " + MPI.COMM_WORLD.Rank() + " done");
        MPI.Finalize();
    }
}
