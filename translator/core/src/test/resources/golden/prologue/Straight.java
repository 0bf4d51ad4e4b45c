import bamboo.Bamboo;
import mpi.*;

/** No evaluation point at all: the whole rank body runs in init(), execute() only finishes. */
@Bamboo
public class Straight {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        System.out.println("rank " + rank + " of " + MPI.COMM_WORLD.Size());
        MPI.Finalize();
    }
}
