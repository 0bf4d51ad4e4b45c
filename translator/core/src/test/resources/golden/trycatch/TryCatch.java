import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class TryCatch {
    @SuppressWarnings("fallthrough")
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int[] buf = new int[2];
        int caught = 0;
        for (int i = 0; i < 3; i++) {
            try {
                MPI.COMM_WORLD.Sendrecv(buf, 0, 1, MPI.INT, (rank + 1) % size, 0, buf, 1, 1, MPI.INT, (rank + size - 1) % size, 0);
                if (buf[1] < 0) {
                    break;
                }
                buf[0] = 10 / buf[1];
            } catch (ArithmeticException | IllegalStateException e) {
                caught++;
            } finally {
                buf[0]++;
            }
        }
        switch (rank % 2) {
            case 0:
                buf[0] = caught;
                // falls through
            case 1:
                olap: {
                    send: { MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, (rank + 1) % size, 1); }
                    receive: { MPI.COMM_WORLD.Recv(buf, 1, 1, MPI.INT, (rank + size - 1) % size, 1); }
                }
                break;
            default:
                buf[1] = -1;
        }
        System.out.println("rank " + rank + " caught " + caught + " buf " + buf[0] + " " + buf[1]);
        MPI.Finalize();
    }
}
