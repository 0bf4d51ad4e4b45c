import bamboo.Bamboo;
import mpi.*;

@Bamboo
public class GraphTopology {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int size = MPI.COMM_WORLD.Size();
        int[] index = new int[size];
        int[] edges = new int[size];
        for (int i = 0; i < size; i++) {
            index[i] = i + 1;
            edges[i] = (i + 1) % size;
        }
        Graphcomm graph = MPI.COMM_WORLD.Create_graph(index, edges, false);
        int[] next = graph.Neighbours(graph.Rank());
        int[] a = new int[4];
        int[] b = new int[4];
        graph.Sendrecv(a, 0, 4, MPI.INT, next[0], 1, b, 0, 4, MPI.INT, MPI.ANY_SOURCE, 1);
        MPI.Finalize();
    }
}
