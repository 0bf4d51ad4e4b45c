import bamboo.Bamboo;
import mpi.*;

/** No regions: Irecv / Isend / Waitall as in a plain MPI program; the Waitall is an evaluation point. */
@Bamboo
public class Plain {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int[] mine = {rank * rank};
        int[] all = new int[size];
        for (int round = 0; round < 2; round++) {
            Request[] reqs = new Request[2 * size];
            int r = 0;
            for (int j = 0; j < size; j++) {
                reqs[r++] = MPI.COMM_WORLD.Irecv(all, j, 1, MPI.INT, j, round);
            }
            for (int j = 0; j < size; j++) {
                reqs[r++] = MPI.COMM_WORLD.Isend(mine, 0, 1, MPI.INT, j, round);
            }
            Request.Waitall(reqs);
            mine[0] += all[(rank + 1) % size];
        }
        System.out.println("rank " + rank + " mine " + mine[0] + " first " + all[0]);
        MPI.Finalize();
    }
}
