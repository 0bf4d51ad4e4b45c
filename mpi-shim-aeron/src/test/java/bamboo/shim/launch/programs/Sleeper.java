package bamboo.shim.launch.programs;

import mpi.MPI;
import mpi.MPIException;

/** Says it has started, then sleeps far longer than any test: only killing it ends it. */
public final class Sleeper {
    private Sleeper() {
    }

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        MPI.COMM_WORLD.Barrier();
        System.out.println("started " + MPI.COMM_WORLD.Rank());
        Thread.sleep(600_000);
        MPI.Finalize();
    }
}
