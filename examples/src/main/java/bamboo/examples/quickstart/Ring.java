package bamboo.examples.quickstart;

import mpi.MPI;
import mpi.MPIException;

/** The user guide's first program: every rank passes its number to the next one round a ring. */
public class Ring {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int[] token = {rank};
        int[] got = new int[1];
        MPI.COMM_WORLD.Sendrecv(token, 0, 1, MPI.INT, (rank + 1) % size, 0,
                                got, 0, 1, MPI.INT, (rank + size - 1) % size, 0);
        System.out.println("rank " + rank + " got " + got[0]);
        MPI.Finalize();
    }
}
