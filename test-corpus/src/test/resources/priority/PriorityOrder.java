import bamboo.Bamboo;
import bamboo.TaskHints;
import mpi.*;

/**
 * Priorities that change the order of execution: every rank above 0 sets its priority to its rank, tells
 * rank 0 it is ready (ANY_SOURCE there), and waits for a go message. Rank 0 sends all the go messages in
 * one step. Translated on one worker, the waiting tasks become runnable together and run highest
 * priority first, so they print in descending rank order (PriorityOrderTest checks that order exactly);
 * untranslated, or on several workers, any order.
 */
@Bamboo
public class PriorityOrder {
    static final int TAG_READY = 490;
    static final int TAG_GO = 491;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int[] token = {rank};
        TaskHints.priority(rank);
        if (rank == 0) {
            for (int k = 1; k < size; k++) MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, MPI.ANY_SOURCE, TAG_READY);
            for (int d = 1; d < size; d++) MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, d, TAG_GO);
            System.out.println("priority-order: rank 0 released " + (size - 1) + " ranks");
        } else {
            olap: {
                send: {
                    MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, 0, TAG_READY);
                }
                receive: {
                    MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, 0, TAG_GO);
                }
                compute: {
                    System.out.println("priority-order: rank " + rank + " runs");
                }
            }
        }
        MPI.Finalize();
    }
}
