package steadyprog;

import mpi.MPI;
import mpi.MPIException;

/** A bench program with a mutable static: its second run in kept loaders would see the first's count. */
public class Stateful {
    static int runs;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        runs++;
        if (MPI.COMM_WORLD.Rank() == 0) {
            System.out.println("steady Stateful: verified: runs " + runs);
            System.out.println("steady Stateful: time 0.001 s");
        }
        MPI.Finalize();
    }
}
