package bamboo.shim.launch.programs;

import mpi.MPI;
import mpi.MPIException;

/** Prints the system property {@code args[0]} as rank 0 sees it. */
public final class PrintProperty {
    private PrintProperty() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        if (MPI.COMM_WORLD.Rank() == 0) {
            System.out.println(args[0] + "=" + System.getProperty(args[0]));
        }
        MPI.Finalize();
    }
}
