import bamboo.Bamboo;
import mpi.*;

/** A token travels around the ring twice; blocking calls outside regions are evaluation points. */
@Bamboo
public class Ring {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int[] token = new int[1];
        for (int lap = 0; lap < 2; lap++) {
            if (rank == 0) {
                token[0] += 1;
                MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, (rank + 1) % size, lap);
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, size - 1, lap);
            } else {
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, rank - 1, lap);
                token[0] += 1;
                MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, (rank + 1) % size, lap);
            }
        }
        int[] left = new int[1];
        int[] me = {MPI.COMM_WORLD.Rank()};
        MPI.COMM_WORLD.Sendrecv(me, 0, 1, MPI.INT, (rank + 1) % size, 9, left, 0, 1, MPI.INT, (rank + size - 1) % size, 9);
        System.out.println("rank " + rank + " token " + token[0] + " left " + left[0]);
        MPI.Finalize();
    }
}
