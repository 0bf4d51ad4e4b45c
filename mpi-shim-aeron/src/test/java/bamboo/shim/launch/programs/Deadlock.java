package bamboo.shim.launch.programs;

import mpi.MPI;
import mpi.MPIException;

/** Every rank receives from its right neighbour before sending: a deadlock across processes. */
public final class Deadlock {
    private Deadlock() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        final int rank = MPI.COMM_WORLD.Rank();
        final int size = MPI.COMM_WORLD.Size();
        final int[] b = new int[1];
        MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, (rank + 1) % size, 1); // arrives, but with the wrong tag
        MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, (rank + 1) % size, 2);
        MPI.Finalize();
    }
}
