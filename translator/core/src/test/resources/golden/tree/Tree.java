import bamboo.Bamboo;
import mpi.*;

/** Binary-tree sum to rank 0; then the total travels down, forwarded in the receive block. */
@Bamboo
public class Tree {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        long[] part = {rank + 1};
        long[] child = new long[2];
        olapUp: {
            receive: {
                for (int c = 0; c < 2; c++) {
                    int kid = 2 * rank + 1 + c;
                    if (kid < size) {
                        MPI.COMM_WORLD.Recv(child, c, 1, MPI.LONG, kid, 1);
                    }
                }
            }
            compute: {
                for (int c = 0; c < 2; c++) {
                    if (2 * rank + 1 + c < size) {
                        part[0] += child[c];
                    }
                }
                if (rank > 0) {
                    MPI.COMM_WORLD.Send(part, 0, 1, MPI.LONG, (rank - 1) / 2, 1);
                }
            }
        }
        long[] total = new long[1];
        if (rank == 0) {
            total[0] = part[0];
        }
        olapDown: {
            send: {
                if (rank == 0) {
                    for (int c = 1; c <= 2 && c < size; c++) {
                        MPI.COMM_WORLD.Send(total, 0, 1, MPI.LONG, c, 2);
                    }
                }
            }
            receive: {
                if (rank > 0) {
                    MPI.COMM_WORLD.Recv(total, 0, 1, MPI.LONG, (rank - 1) / 2, 2);
                    for (int c = 1; c <= 2; c++) {
                        if (2 * rank + c < size) {
                            MPI.COMM_WORLD.Send(total, 0, 1, MPI.LONG, 2 * rank + c, 2);
                        }
                    }
                }
            }
        }
        System.out.println("rank " + rank + " total " + total[0]);
        MPI.Finalize();
    }
}
