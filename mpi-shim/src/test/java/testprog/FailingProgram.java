package testprog;

import mpi.MPI;
import mpi.MPIException;

/** Rank 1 throws; the others block in a receive that will never be satisfied. */
public class FailingProgram {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        if (MPI.COMM_WORLD.Rank() == 1) {
            throw new IllegalStateException("boom in rank 1");
        }
        MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 0);
        MPI.Finalize();
    }
}
