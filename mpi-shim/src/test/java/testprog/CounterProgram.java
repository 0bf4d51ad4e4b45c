package testprog;

import mpi.MPI;
import mpi.MPIException;

/** A tiny MPJ-style program with a mutable static: run per rank, each rank must see only its own. */
public class CounterProgram {
    static int counter;
    /** Collected by the test through a shared (JDK) class: rank -&gt; counter seen at the end. */
    public static final String PROPERTY = "bamboo.test.counter.";

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        final int rank = MPI.COMM_WORLD.Rank();
        for (int i = 0; i <= rank; i++) {
            counter++;
        }
        // exchange with a neighbour so the ranks overlap in time
        final int size = MPI.COMM_WORLD.Size();
        final int[] got = new int[1];
        MPI.COMM_WORLD.Sendrecv(new int[] {counter}, 0, 1, MPI.INT, (rank + 1) % size, 0,
                got, 0, 1, MPI.INT, (rank + size - 1) % size, 0);
        System.setProperty(PROPERTY + rank, counter + ":" + args.length);
        MPI.Finalize();
    }
}
