package mpi;

import bamboo.shim.CartGrid;

/**
 * A communicator with a Cartesian process grid (mpiJava 1.2's Cartcomm). Ranks are laid out in
 * row-major order: the last dimension varies fastest, as in MPI.
 */
public class Cartcomm extends Intracomm {

    private final int[] dims;
    private final boolean[] periods;

    Cartcomm(Comm parent, int[] worldRanks, int context, int[] dims, boolean[] periods) {
        super(parent, worldRanks, context);
        this.dims = dims;
        this.periods = periods;
    }

    /** Checks a grid description against a communicator of {@code size}; returns the number of places. */
    static int checkGrid(String call, int[] dims, boolean[] periods, int size) throws MPIException {
        return CartGrid.checkGrid(call, dims, periods, size);
    }

    /** The grid's extents and periodicity and this process's coordinates (MPI_CART_GET). */
    public CartParms Get() throws MPIException {
        return new CartParms(dims.clone(), periods.clone(), Coords(Rank()));
    }

    /** The rank at {@code coords}; periodic dimensions wrap, others must be in range (MPI_CART_RANK). */
    public int Rank(int[] coords) throws MPIException {
        collectiveChannel("Cartcomm.Rank");
        return CartGrid.rank(dims, periods, coords);
    }

    /** The coordinates of {@code rank} (MPI_CART_COORDS). */
    public int[] Coords(int rank) throws MPIException {
        return CartGrid.coords(dims, collectiveChannel("Cartcomm.Coords").size(), rank);
    }

    /** The neighbours {@code disp} steps down and up dimension {@code direction} (MPI_CART_SHIFT). */
    public ShiftParms Shift(int direction, int disp) throws MPIException {
        final int[] ends = CartGrid.shift(dims, periods, Coords(Rank()), direction, disp);
        return new ShiftParms(ends[0], ends[1]);
    }

    private int neighbour(int[] me, int direction, int step) throws MPIException {
        return CartGrid.shift(dims, periods, me, direction, step)[1];
    }

    /** The sub-grid keeping the dimensions marked in {@code remain_dims}: one communicator per slice,
     *  holding this process (MPI_CART_SUB). Collective. */
    public Cartcomm Sub(boolean[] remain_dims) throws MPIException {
        final String call = "Cartcomm.Sub";
        final int[] split = CartGrid.subSplit(dims, Coords(Rank()), remain_dims);
        final int colour = split[0];
        final int key = split[1];
        final int[] subDims = CartGrid.keptDims(dims, remain_dims);
        final boolean[] subPeriods = CartGrid.keptPeriods(periods, remain_dims);
        final Partition p = partition(call, colour, key);
        return new Cartcomm(this, p.members(), p.context(), subDims, subPeriods);
    }

    /** Where this process would sit in a grid of {@code dims}: its rank if inside, else
     *  {@link MPI#UNDEFINED} (MPI_CART_MAP, without reordering). */
    public int Map(int[] dims, boolean[] periods) throws MPIException {
        final int size = Size();
        final int places = checkGrid("Cartcomm.Map", dims, periods, size);
        final int rank = Rank();
        return rank < places ? rank : MPI.UNDEFINED;
    }

    /** A duplicate with the same grid (MPI_COMM_DUP keeps the topology). Collective. */
    @Override
    public Cartcomm Dup() throws MPIException {
        final int context = agreeContext("Cartcomm.Dup");
        return new Cartcomm(this, worldRanks(), context, dims.clone(), periods.clone());
    }

    @Override
    public int Topo_test() throws MPIException {
        collectiveChannel("Topo_test");
        return MPI.CART;
    }

    /**
     * Fills the zero entries of {@code dims} with a balanced factorisation of {@code nnodes} divided by
     * the product of the non-zero entries, largest first (MPI_DIMS_CREATE).
     */
    public static void Dims_create(int nnodes, int[] dims) throws MPIException {
        CartGrid.dimsCreate(nnodes, dims);
    }

    // ---- MPI-3 extensions: neighbourhood collectives -----------------------------------------------------
    // Not in mpiJava 1.2 (nor in MPJ Express): MPI-3.0's neighbourhood collectives on a Cartesian grid.
    // The neighbours of a process are, per dimension d in order, the one at coordinate -1 along d, then the
    // one at +1 (MPI's order); off the edge of a non-periodic dimension a neighbour is PROC_NULL and its
    // block of the receive buffer is left unchanged. Every process of the grid calls them (collective).

    /** The 2 * ndims neighbours in MPI's order. */
    private int[] neighbours() throws MPIException {
        final int[] me = Coords(Rank());
        final int[] out = new int[2 * dims.length];
        for (int d = 0; d < dims.length; d++) {
            out[2 * d] = neighbour(me, d, -1);
            out[2 * d + 1] = neighbour(me, d, 1);
        }
        return out;
    }

    /**
     * Sends the same {@code sendcount} items to every neighbour and receives {@code recvcount} items from
     * each into consecutive blocks of {@code recvbuf}, block j from neighbour j
     * (MPI_NEIGHBOR_ALLGATHER). An extension of mpiJava 1.2 (MPI-3.0).
     */
    public void Neighbor_allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                                   Object recvbuf, int recvoffset, int recvcount, Datatype recvtype)
            throws MPIException {
        final String call = "Cartcomm.Neighbor_allgather";
        neighbourExchange(call, false, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount,
                recvtype).run(collectiveChannel(call));
    }

    /** Nonblocking {@link #Neighbor_allgather} (MPI_INEIGHBOR_ALLGATHER). An extension of mpiJava 1.2
     *  (MPI-3.0). */
    public Request Ineighbor_allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                                       Object recvbuf, int recvoffset, int recvcount, Datatype recvtype)
            throws MPIException {
        final String call = "Cartcomm.Ineighbor_allgather";
        return startCollective(call, neighbourExchange(call, false, sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, recvoffset, recvcount, recvtype));
    }

    /**
     * Sends block j of {@code sendcount} items of {@code sendbuf} to neighbour j and receives block j of
     * {@code recvbuf} from neighbour j (MPI_NEIGHBOR_ALLTOALL). An extension of mpiJava 1.2 (MPI-3.0).
     */
    public void Neighbor_alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                                  Object recvbuf, int recvoffset, int recvcount, Datatype recvtype)
            throws MPIException {
        final String call = "Cartcomm.Neighbor_alltoall";
        neighbourExchange(call, true, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount,
                recvtype).run(collectiveChannel(call));
    }

    /** Nonblocking {@link #Neighbor_alltoall} (MPI_INEIGHBOR_ALLTOALL). An extension of mpiJava 1.2
     *  (MPI-3.0). */
    public Request Ineighbor_alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                                      Object recvbuf, int recvoffset, int recvcount, Datatype recvtype)
            throws MPIException {
        final String call = "Cartcomm.Ineighbor_alltoall";
        return startCollective(call, neighbourExchange(call, true, sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, recvoffset, recvcount, recvtype));
    }

    /** Checks the arguments of a neighbourhood exchange and returns its work over a channel. */
    private CollectiveBody neighbourExchange(String call, boolean alltoall, Object sendbuf, int sendoffset,
                                             int sendcount, Datatype sendtype, Object recvbuf, int recvoffset,
                                             int recvcount, Datatype recvtype) throws MPIException {
        collectiveChannel(call);
        final int k = 2 * dims.length;
        bamboo.shim.coll.Args.buffer(call, "sendbuf", sendbuf, sendoffset, alltoall ? (long) sendcount * k
                : sendcount, sendtype);
        bamboo.shim.coll.Args.buffer(call, "recvbuf", recvbuf, recvoffset, (long) recvcount * k, recvtype);
        bamboo.shim.coll.Args.sameSignature(call, sendcount, sendtype, recvcount, recvtype);
        final int[] neighbours = neighbours();
        final int per = sendtype.elementsPerItem();
        final int elements = sendcount * per;
        final Datatype element = bamboo.shim.coll.Args.elementType(sendtype);
        final int recvAt = recvoffset * recvtype.elementsPerItem();
        return ch -> bamboo.shim.coll.Neighbors.run(ch, neighbours, sendbuf, sendoffset * per,
                alltoall ? elements : 0, recvbuf, recvAt, elements, element);
    }
}
