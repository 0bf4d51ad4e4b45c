package bamboo.shim.launch.programs;

import mpi.MPI;
import mpi.MPIException;

/**
 * Fails on purpose: with "die" the last rank ends its process abruptly (as a crash would), with "throw"
 * it throws; the other ranks wait for a message from it that never comes.
 */
public final class Faults {
    private Faults() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        final int rank = MPI.COMM_WORLD.Rank();
        final int last = MPI.COMM_WORLD.Size() - 1;
        MPI.COMM_WORLD.Barrier();
        if (rank == last) {
            if (args[0].equals("die")) {
                Runtime.getRuntime().halt(137);
            }
            throw new IllegalStateException("planned failure");
        }
        MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, last, 0);
        System.out.println("rank " + rank + " should not get here");
        MPI.Finalize();
    }
}
