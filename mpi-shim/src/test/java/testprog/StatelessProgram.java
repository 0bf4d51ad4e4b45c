package testprog;

import mpi.MPI;
import mpi.MPIException;

/**
 * A program without mutable statics: each rank hands its own {@code StatelessProgram} class and the
 * {@code Helper} it created to the test (through the JDK's shared system properties), so a test can tell
 * whether two runs used the same classes and fresh objects.
 */
public class StatelessProgram {
    public static final String CLASS_KEY = "bamboo.test.stateless.class.";
    public static final String HELPER_KEY = "bamboo.test.stateless.helper.";

    /** Per-run state lives in objects main creates. */
    static final class Helper {
        int calls;
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        final int rank = MPI.COMM_WORLD.Rank();
        final Helper h = new Helper();
        h.calls++;
        final int[] sum = new int[1];
        MPI.COMM_WORLD.Allreduce(new int[] {h.calls}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
        if (sum[0] != MPI.COMM_WORLD.Size()) {
            throw new IllegalStateException("sum " + sum[0]);
        }
        System.getProperties().put(CLASS_KEY + rank, StatelessProgram.class);
        System.getProperties().put(HELPER_KEY + rank, h);
        MPI.Finalize();
    }
}
