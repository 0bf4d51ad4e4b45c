import bamboo.Bamboo;
import mpi.*;

/** A column of a row-major grid exchanged as one Vector item in a region, a deferred Indexed receive, a
 *  Sendrecv_replace of the column, and a predefined type held in a variable. */
@Bamboo
public class Columns {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        int n = 4;
        double[] grid = new double[n * n];
        Datatype column = Datatype.Vector(n, 1, n, MPI.DOUBLE);
        column.Commit();
        for (int iter = 0; iter < 3; iter++) {
            olap: {
                send: {
                    MPI.COMM_WORLD.Send(grid, n - 2, 1, column, right, 1);
                }
                receive: {
                    MPI.COMM_WORLD.Recv(grid, 0, 1, column, left, 1);
                }
                compute: {
                    for (int k = 0; k < grid.length; k++) {
                        grid[k] += k;
                    }
                }
            }
        }
        int[] picked = new int[8];
        Datatype corners = Datatype.Indexed(new int[] {1, 2}, new int[] {0, 5}, MPI.INT);
        Request r = MPI.COMM_WORLD.Irecv(picked, 0, 1, corners, left, 2);
        MPI.COMM_WORLD.Send(picked, 0, 1, corners, right, 2);
        Status s = r.Wait();
        MPI.COMM_WORLD.Sendrecv_replace(grid, 1, 1, column, right, 3, left, 3);
        Datatype plain = MPI.INT;
        MPI.COMM_WORLD.Send(picked, 1, 2, plain, right, 4);
        MPI.COMM_WORLD.Recv(picked, 1, 2, plain, left, 4);
        System.out.println("rank " + rank + " " + grid[0] + " " + picked[5] + " " + s.Get_count(corners));
        MPI.Finalize();
    }
}
