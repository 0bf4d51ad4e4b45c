import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class NonblockingCollective {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        double[] x = {rank + 1}, sum = new double[1];
        Request r = MPI.COMM_WORLD.Iallreduce(x, 0, sum, 0, 1, MPI.DOUBLE, MPI.SUM);
        double local = 0;
        for (int i = 0; i < 1000; i++) local += i;
        r.Wait();
        if (rank == 0) System.out.println("sum " + sum[0] + " local " + local);
        MPI.Finalize();
    }
}
