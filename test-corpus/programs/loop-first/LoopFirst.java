import bamboo.Bamboo;
import mpi.*;

/**
 * main starts with a loop that holds an evaluation point, so the task has no init() and the entry case
 * of execute() only jumps to the loop head. Regression: that entry case was dropped as a forwarder and
 * every task failed with "no resume point 0".
 */
@Bamboo
public class LoopFirst {
    static int laps;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        while (laps < 3) {
            int rank = MPI.COMM_WORLD.Rank();
            int size = MPI.COMM_WORLD.Size();
            int[] out = {rank + 10 * laps};
            int[] in = new int[1];
            olap: {
                send: {
                    MPI.COMM_WORLD.Send(out, 0, 1, MPI.INT, (rank + 1) % size, laps);
                }
                receive: {
                    MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, (rank + size - 1) % size, laps);
                }
            }
            if (in[0] != (rank + size - 1) % size + 10 * laps) {
                System.out.println("loop-first rank " + rank + " lap " + laps + " got " + in[0] + " FAIL");
            }
            laps++;
        }
        if (MPI.COMM_WORLD.Rank() == 0) {
            System.out.println("loop-first laps=" + laps + " OK");
        }
        MPI.Finalize();
    }
}
