package steadyprog;

import mpi.MPI;
import mpi.MPIException;

/**
 * A bench program without mutable statics: each rank hands its own {@code Basic} class to the test
 * (through the JDK's shared system properties) and prints the lines the bench reads.
 */
public class Basic {
    public static final String CLASS_KEY = "bamboo.test.steadyprog.class.";

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        final int rank = MPI.COMM_WORLD.Rank();
        System.getProperties().put(CLASS_KEY + args[0] + "." + rank, Basic.class);
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) {
            System.out.println("steady Basic: verified: ranks " + MPI.COMM_WORLD.Size());
            System.out.println("steady Basic: time 0.001 s");
        }
        MPI.Finalize();
    }
}
