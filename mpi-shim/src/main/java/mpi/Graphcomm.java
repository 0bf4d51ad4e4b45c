package mpi;

import java.util.Arrays;

/**
 * A communicator with a general graph topology (mpiJava 1.2's Graphcomm): node {@code i} is the process of
 * rank {@code i}, its neighbours are {@code edges[index[i-1] .. index[i]-1]} ({@code index[-1]} being 0).
 */
public class Graphcomm extends Intracomm {
    private final int[] index;
    private final int[] edges;

    Graphcomm(Comm parent, int[] worldRanks, int context, int[] index, int[] edges) {
        super(parent, worldRanks, context);
        this.index = index;
        this.edges = edges;
    }

    /** Checks a graph description for a communicator of {@code size}; returns its number of nodes. */
    static int checkGraph(String call, int[] index, int[] edges, int size) throws MPIException {
        if (index == null || edges == null) {
            throw new MPIException(call + ": " + (index == null ? "index" : "edges") + " is null");
        }
        final int nodes = index.length;
        if (nodes > size) {
            throw new MPIException(call + ": the graph has " + nodes + " nodes but the communicator only " + size
                    + " processes");
        }
        int previous = 0;
        for (int i = 0; i < nodes; i++) {
            if (index[i] < previous) {
                throw new MPIException(call + ": index[" + i + "] = " + index[i] + " is less than the entry before"
                        + " it (" + previous + "); index holds running totals of edges");
            }
            previous = index[i];
        }
        if (nodes > 0 && index[nodes - 1] != edges.length) {
            throw new MPIException(call + ": index[" + (nodes - 1) + "] = " + index[nodes - 1] + " but edges has "
                    + edges.length + " entries");
        }
        for (int i = 0; i < edges.length; i++) {
            if (edges[i] < 0 || edges[i] >= nodes) {
                throw new MPIException(call + ": edges[" + i + "] = " + edges[i] + " is not a node (0.."
                        + (nodes - 1) + ")");
            }
        }
        return nodes;
    }

    /** The graph's index and edges (MPI_GRAPHDIMS_GET / MPI_GRAPH_GET). */
    public GraphParms Get() throws MPIException {
        collectiveChannel("Graphcomm.Get");
        return new GraphParms(index.clone(), edges.clone());
    }

    /** The neighbours of node {@code rank} (MPI_GRAPH_NEIGHBORS). */
    public int[] Neighbours(int rank) throws MPIException {
        final String call = "Graphcomm.Neighbours";
        collectiveChannel(call);
        if (rank < 0 || rank >= index.length) {
            throw new MPIException(call + ": rank " + rank + " is not a node of the graph (0.." + (index.length - 1)
                    + ")");
        }
        return Arrays.copyOfRange(edges, rank == 0 ? 0 : index[rank - 1], index[rank]);
    }

    /** The number of neighbours of node {@code rank} (MPI_GRAPH_NEIGHBORS_COUNT). */
    public int Neighbours_count(int rank) throws MPIException {
        return Neighbours(rank).length;
    }

    /** Where this process would sit in the graph: its rank if it is a node, else {@link MPI#UNDEFINED}
     *  (MPI_GRAPH_MAP, without reordering). */
    public int Map(int[] index, int[] edges) throws MPIException {
        final int nodes = checkGraph("Graphcomm.Map", index, edges, Size());
        final int rank = Rank();
        return rank < nodes ? rank : MPI.UNDEFINED;
    }

    /** A duplicate with the same graph (MPI_COMM_DUP keeps the topology). Collective. */
    @Override
    public Graphcomm Dup() throws MPIException {
        final int context = agreeContext("Graphcomm.Dup");
        return new Graphcomm(this, worldRanks(), context, index.clone(), edges.clone());
    }

    @Override
    public int Topo_test() throws MPIException {
        collectiveChannel("Topo_test");
        return MPI.GRAPH;
    }
}
