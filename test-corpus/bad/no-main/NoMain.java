import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class NoMain {
    public static void run(String[] args) throws MPIException {
        MPI.Init(args);
        MPI.Finalize();
    }
}
