import bamboo.Bamboo;
import mpi.*;

/** The kernel is an object of another file; a helper returns a value computed from received data. */
@Bamboo
public class Solver {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        Halo halo = new Halo(rank, size, 4);
        long check = 0;
        for (int iter = 0; iter < 3; iter++) {
            halo.exchange();
            check = check * 3 + edgeSum(halo.edges(), rank, size);
        }
        System.out.println("rank " + rank + " check " + check);
        MPI.Finalize();
    }

    /** The sum of every rank's edges: received from the left neighbour, passed on to the right. */
    static long edgeSum(long mine, int rank, int size) throws MPIException {
        long[] buf = {0};
        if (rank > 0) {
            MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.LONG, rank - 1, 7);
        }
        buf[0] += mine;
        if (rank < size - 1) {
            MPI.COMM_WORLD.Send(buf, 0, 1, MPI.LONG, rank + 1, 7);
            return -1;
        }
        return buf[0];
    }
}
