package bamboo.shim.nativempi.programs;

import mpi.MPI;
import mpi.MPIException;

/** Rank 1 throws while rank 0 waits for it: the job must end at once, naming rank 1. */
public final class Failing {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        if (MPI.COMM_WORLD.Rank() == 1) {
            throw new IllegalStateException("deliberate failure");
        }
        MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 0);
        MPI.Finalize();
    }
}
