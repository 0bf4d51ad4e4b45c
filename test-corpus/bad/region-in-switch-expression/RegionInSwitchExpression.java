import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class RegionInSwitchExpression {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        int[] a = new int[4];
        int[] b = new int[4];
        int parity = switch (size % 2) {
            case 0 -> {
                olap: {
                    send: {
                        MPI.COMM_WORLD.Isend(a, 0, 4, MPI.INT, right, 1);
                    }
                    receive: {
                        MPI.COMM_WORLD.Recv(b, 0, 4, MPI.INT, left, 1);
                    }
                }
                yield 0;
            }
            default -> 1;
        };
        a[1] = parity;
        MPI.Finalize();
    }
}
