package testprog;

import mpi.MPI;
import mpi.MPIException;

/** Both ranks receive first: a deadlock whose report names this file's line. */
public class DeadlockProgram {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        final int other = 1 - MPI.COMM_WORLD.Rank();
        MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, other, 0); // line 11
        MPI.Finalize();
    }
}
