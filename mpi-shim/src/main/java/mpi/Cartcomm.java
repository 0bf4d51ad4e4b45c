package mpi;

import java.util.Arrays;

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
        if (dims == null || periods == null) {
            throw new MPIException(call + ": " + (dims == null ? "dims" : "periods") + " is null");
        }
        if (dims.length != periods.length) {
            throw new MPIException(call + ": dims has " + dims.length + " entries but periods " + periods.length);
        }
        long places = 1;
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] <= 0) {
                throw new MPIException(call + ": dims[" + i + "] = " + dims[i] + " must be positive");
            }
            places *= dims[i];
            if (places > size) {
                throw new MPIException(call + ": the grid " + Arrays.toString(dims) + " has more places than the "
                        + size + " processes of the communicator");
            }
        }
        return (int) places;
    }

    /** The grid's extents and periodicity and this process's coordinates (MPI_CART_GET). */
    public CartParms Get() throws MPIException {
        return new CartParms(dims.clone(), periods.clone(), Coords(Rank()));
    }

    /** The rank at {@code coords}; periodic dimensions wrap, others must be in range (MPI_CART_RANK). */
    public int Rank(int[] coords) throws MPIException {
        collectiveChannel("Cartcomm.Rank");
        if (coords == null || coords.length != dims.length) {
            throw new MPIException("Cartcomm.Rank: coords must have " + dims.length + " entries");
        }
        int rank = 0;
        for (int i = 0; i < dims.length; i++) {
            int c = coords[i];
            if (periods[i]) {
                c = Math.floorMod(c, dims[i]);
            } else if (c < 0 || c >= dims[i]) {
                throw new MPIException("Cartcomm.Rank: coords[" + i + "] = " + c + " is outside [0, " + dims[i]
                        + ") of a non-periodic dimension");
            }
            rank = rank * dims[i] + c;
        }
        return rank;
    }

    /** The coordinates of {@code rank} (MPI_CART_COORDS). */
    public int[] Coords(int rank) throws MPIException {
        final int size = collectiveChannel("Cartcomm.Coords").size();
        if (rank < 0 || rank >= size) {
            throw new MPIException("Cartcomm.Coords: rank " + rank + " is out of range [0, " + size + ")");
        }
        final int[] coords = new int[dims.length];
        for (int i = dims.length - 1; i >= 0; i--) {
            coords[i] = rank % dims[i];
            rank /= dims[i];
        }
        return coords;
    }

    /** The neighbours {@code disp} steps down and up dimension {@code direction} (MPI_CART_SHIFT). */
    public ShiftParms Shift(int direction, int disp) throws MPIException {
        if (direction < 0 || direction >= dims.length) {
            throw new MPIException("Cartcomm.Shift: direction " + direction + " is out of range [0, " + dims.length
                    + ")");
        }
        final int[] me = Coords(Rank());
        return new ShiftParms(neighbour(me, direction, -disp), neighbour(me, direction, disp));
    }

    private int neighbour(int[] me, int direction, int step) throws MPIException {
        final int[] c = me.clone();
        final long moved = (long) c[direction] + step;
        if (!periods[direction] && (moved < 0 || moved >= dims[direction])) {
            return MPI.PROC_NULL;
        }
        c[direction] = (int) Math.floorMod(moved, (long) dims[direction]);
        return Rank(c);
    }

    /** The sub-grid keeping the dimensions marked in {@code remain_dims}: one communicator per slice,
     *  holding this process (MPI_CART_SUB). Collective. */
    public Cartcomm Sub(boolean[] remain_dims) throws MPIException {
        final String call = "Cartcomm.Sub";
        if (remain_dims == null || remain_dims.length != dims.length) {
            throw new MPIException(call + ": remain_dims must have " + dims.length + " entries");
        }
        final int[] me = Coords(Rank());
        int colour = 0;
        int key = 0;
        int kept = 0;
        for (int i = 0; i < dims.length; i++) {
            if (remain_dims[i]) {
                key = key * dims[i] + me[i];
                kept++;
            } else {
                colour = colour * dims[i] + me[i];
            }
        }
        final int[] subDims = new int[kept];
        final boolean[] subPeriods = new boolean[kept];
        for (int i = 0, j = 0; i < dims.length; i++) {
            if (remain_dims[i]) {
                subDims[j] = dims[i];
                subPeriods[j++] = periods[i];
            }
        }
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
        final String call = "Cartcomm.Dims_create";
        if (dims == null) {
            throw new MPIException(call + ": dims is null");
        }
        if (nnodes < 1) {
            throw new MPIException(call + ": nnodes " + nnodes + " must be positive");
        }
        int fixed = 1;
        int free = 0;
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] < 0) {
                throw new MPIException(call + ": dims[" + i + "] = " + dims[i] + " is negative");
            }
            if (dims[i] == 0) {
                free++;
            } else {
                fixed *= dims[i];
            }
        }
        if (nnodes % fixed != 0 || (free == 0 && fixed != nnodes)) {
            throw new MPIException(call + ": " + nnodes + " processes do not fit the fixed extents "
                    + Arrays.toString(dims));
        }
        final int[] chosen = balanced(nnodes / fixed, free);
        for (int i = 0, j = 0; i < dims.length; i++) {
            if (dims[i] == 0) {
                dims[i] = chosen[j++];
            }
        }
    }

    /** {@code k} extents whose product is {@code n}, as equal as prime factors allow, largest first. */
    private static int[] balanced(int n, int k) {
        final int[] out = new int[k];
        Arrays.fill(out, 1);
        if (k == 0) {
            return out;
        }
        final int[] factors = new int[32];
        int count = 0;
        int rest = n;
        for (int f = 2; (long) f * f <= rest; f++) {
            while (rest % f == 0) {
                factors[count++] = f;
                rest /= f;
            }
        }
        if (rest > 1) {
            factors[count++] = rest;
        }
        for (int i = count - 1; i >= 0; i--) {     // largest factor first, to the smallest extent
            int smallest = 0;
            for (int j = 1; j < k; j++) {
                if (out[j] < out[smallest]) {
                    smallest = j;
                }
            }
            out[smallest] *= factors[i];
        }
        Arrays.sort(out);
        for (int i = 0; i < k / 2; i++) {
            final int t = out[i];
            out[i] = out[k - 1 - i];
            out[k - 1 - i] = t;
        }
        return out;
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
