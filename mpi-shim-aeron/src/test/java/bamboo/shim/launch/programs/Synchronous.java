package bamboo.shim.launch.programs;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * A synchronous send to another process is not complete before the receiver matches it: rank 1 can
 * only post the matching receive after a message that rank 0 sends after testing its Issend.
 */
public final class Synchronous {
    private Synchronous() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        final int[] b = {42};
        if (MPI.COMM_WORLD.Rank() == 0) {
            final Request r = MPI.COMM_WORLD.Issend(b, 0, 1, MPI.INT, 1, 1);
            final boolean early = r.Test() != null;
            MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, 2);
            r.Wait();
            MPI.COMM_WORLD.Ssend(b, 0, 1, MPI.INT, 1, 3);
            System.out.println("issend complete before the match: " + early);
        } else {
            MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, 2);
            MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, 1);
            MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, 3);
        }
        MPI.Finalize();
    }
}
