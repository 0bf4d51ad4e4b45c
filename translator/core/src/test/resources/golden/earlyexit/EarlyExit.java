import bamboo.Bamboo;
import bamboo.TaskHints;
import mpi.*;

/** A loop left early by break once the local value settles; a region per iteration; a yield hint. */
@Bamboo
public class EarlyExit {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        TaskHints.priority(rank % 2 == 0 ? 1 : -1);
        int[] x = {rank * 7 % 5, 0};
        int iter = 0;
        while (true) {
            iter++;
            olap: {
                send: {
                    if (rank + 1 < size) {
                        MPI.COMM_WORLD.Send(x, 0, 1, MPI.INT, rank + 1, iter);
                    }
                }
                receive: {
                    if (rank > 0) {
                        MPI.COMM_WORLD.Recv(x, 1, 1, MPI.INT, rank - 1, iter);
                    }
                }
                compute: {
                    if (iter >= 4) {
                        break;
                    }
                    x[0] = Math.max(x[0], x[1]);
                }
            }
            if (iter > 100) {
                return;
            }
        }
        System.out.println("rank " + rank + " x " + x[0] + " after " + iter);
        MPI.Finalize();
    }
}
