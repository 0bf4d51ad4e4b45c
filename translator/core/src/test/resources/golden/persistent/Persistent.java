import bamboo.Bamboo;
import mpi.*;

/**
 * Persistent requests: a ring shift set up once with Recv_init / Send_init, started in the receive and
 * send blocks of a region every iteration; after the loop a last exchange outside regions, whose Waitall
 * is an evaluation point (the started receive is deferred like an Irecv there).
 */
@Bamboo
public class Persistent {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int[] in = new int[1];
        int[] out = new int[1];
        int sum = 0;
        Prequest recv = MPI.COMM_WORLD.Recv_init(in, 0, 1, MPI.INT, (rank + size - 1) % size, 7);
        Prequest send = MPI.COMM_WORLD.Send_init(out, 0, 1, MPI.INT, (rank + 1) % size, 7);
        Prequest[] both = {recv, send};
        for (int i = 0; i < 3; i++) {
            olap: {
                receive: { recv.Start(); }
                send: { out[0] = rank * 10 + i; send.Start(); }
                compute: { Request.Waitall(both); sum += in[0]; }
            }
        }
        out[0] = sum;
        Prequest.Startall(both);
        Request.Waitall(both);
        recv.Free();
        send.Free();
        System.out.println("rank " + rank + " sum " + sum + " last " + in[0]);
        MPI.Finalize();
    }
}
