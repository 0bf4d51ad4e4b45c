package demo;

import bamboo.Bamboo;
import mpi.*;

/** Refused: a send block must stand inside an olap region. */
@Bamboo
public class BadSend {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int[] buf = new int[1];
        send: { MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 0, 0); }
        MPI.Finalize();
    }
}
