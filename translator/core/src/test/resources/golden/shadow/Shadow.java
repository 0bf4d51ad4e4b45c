import bamboo.Bamboo;
import mpi.*;

/** Mutable statics become per-task state; locals with the same name in two scopes are renamed. */
@Bamboo
public class Shadow {
    static int calls;
    static final int TAG = 5;
    static int[] neighbours;

    static int bump(int by) {
        calls += by;
        return calls;
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        neighbours = new int[] {(rank + 1) % size, (rank + size - 1) % size};
        int[] in = new int[2];
        {
            int n = rank;
            olap: {
                send: {
                    for (int j = 0; j < neighbours.length; j++) {
                        MPI.COMM_WORLD.Send(new int[] {n}, 0, 1, MPI.INT, neighbours[j], TAG);
                    }
                }
                receive: {
                    for (int j = 0; j < neighbours.length; j++) {
                        MPI.COMM_WORLD.Recv(in, j, 1, MPI.INT, neighbours[j], TAG);
                    }
                }
            }
            bump(n);
        }
        {
            double n = 0.5;
            for (int v : in) {
                MPI.COMM_WORLD.Send(new int[] {v}, 0, 1, MPI.INT, rank, 6);
                MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, rank, 6);
                n += v;
            }
            Shadow.calls += (int) n;
        }
        System.out.println("rank " + rank + " calls " + calls + " in " + in[0] + "," + in[1]);
        MPI.Finalize();
    }
}
