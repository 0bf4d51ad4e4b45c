package mpi;

/** A process graph as MPI_GRAPH_GET returns it: {@code index[i]} is the number of edges of nodes 0..i
 *  together, {@code edges} the neighbours of node 0, then of node 1, and so on. */
public class GraphParms {
    public int[] index;
    public int[] edges;

    public GraphParms() {
    }

    GraphParms(int[] index, int[] edges) {
        this.index = index;
        this.edges = edges;
    }
}
