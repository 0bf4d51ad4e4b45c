import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class RegionInMultiCatch {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        int[] a = new int[4];
        int[] b = new int[4];
        try {
            a[0] = 1 / rank;
        } catch (ArithmeticException | IllegalStateException e) {
            olap: {
                send: {
                    MPI.COMM_WORLD.Isend(a, 0, 4, MPI.INT, right, 1);
                }
                receive: {
                    MPI.COMM_WORLD.Recv(b, 0, 4, MPI.INT, left, 1);
                }
            }
        }
        MPI.Finalize();
    }
}
