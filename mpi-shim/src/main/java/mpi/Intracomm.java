package mpi;

import bamboo.shim.coll.Allgather;
import bamboo.shim.coll.Allgatherv;
import bamboo.shim.coll.Allreduce;
import bamboo.shim.coll.Alltoall;
import bamboo.shim.coll.Alltoallv;
import bamboo.shim.coll.Args;
import bamboo.shim.coll.Bcast;
import bamboo.shim.coll.Channel;
import bamboo.shim.coll.Exscan;
import bamboo.shim.coll.Gather;
import bamboo.shim.coll.Gatherv;
import bamboo.shim.coll.PredefinedOp;
import bamboo.shim.coll.Reduce;
import bamboo.shim.coll.ReduceScatter;
import bamboo.shim.coll.Reduction;
import bamboo.shim.coll.Scan;
import bamboo.shim.coll.Scatter;
import bamboo.shim.coll.Scatterv;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * An intra-communicator: point-to-point from {@link Comm} plus collectives and communicator creation.
 * Every collective checks its arguments, then runs one of the point-to-point algorithms of
 * {@code bamboo.shim.coll} over this communicator's private collective channel. Data-moving collectives
 * work on array elements (pair types are two elements per item); reductions see whole items.
 */
public class Intracomm extends Comm {

    /** COMM_WORLD (created once by {@link MPI}). */
    Intracomm() {
        super();
    }

    /** COMM_SELF when {@code self} (created once by {@link MPI}). */
    Intracomm(boolean self) {
        super(self);
    }

    Intracomm(Comm parent, int[] worldRanks, int context) {
        super(parent, worldRanks, context);
    }

    // ---- communicator creation -------------------------------------------------------------------------

    /** A communicator over the same group with a new context (MPI_COMM_DUP). Collective. */
    public Intracomm Dup() throws MPIException {
        final int context = agreeContext("Intracomm.Dup");
        return new Intracomm(this, worldRanks(), context);
    }

    /** Same as {@link #Dup()}, as mpiJava spells it. */
    @Override
    public Object clone() {
        try {
            return Dup();
        } catch (MPIException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /**
     * Partitions the group by {@code colour}; within a colour, ranks are ordered by {@code key}, then by
     * rank here (MPI_COMM_SPLIT). Processes passing {@link MPI#UNDEFINED} get {@code null}. Collective.
     */
    public Intracomm Split(int colour, int key) throws MPIException {
        final Partition p = partition("Intracomm.Split", colour, key);
        return p.members() == null ? null : new Intracomm(this, p.members(), p.context());
    }

    /** The group a Split gives this process ({@code null} for MPI.UNDEFINED) and the agreed context. */
    record Partition(int[] members, int context) {
    }

    /** The collective part of Split, shared with {@link Cartcomm#Sub}. */
    Partition partition(String call, int colour, int key) throws MPIException {
        if (colour < 0 && colour != MPI.UNDEFINED) {
            throw new MPIException(call + ": colour " + colour + " must be >= 0 or MPI.UNDEFINED");
        }
        final Channel ch = collectiveChannel(call);
        final int n = ch.size();
        // One allgather carries (colour, key, context candidate): the maximum candidate is the agreed
        // context, exactly what an Allreduce(MAX) of the candidates would give, in one collective.
        final int[] all = new int[3 * n];
        Allgather.run(ch, new int[] {colour, key, contextCandidate()}, 0, 3, MPI.INT, all, 0);
        int context = 0;
        for (int i = 0; i < n; i++) {
            context = Math.max(context, all[3 * i + 2]);
        }
        contextAgreed(context);
        if (colour == MPI.UNDEFINED) {
            return new Partition(null, context);
        }
        final int[] parentWorld = worldRanks();
        final int[] members = IntStream.range(0, n).filter(i -> all[3 * i] == colour).boxed()
                .sorted(Comparator.<Integer>comparingInt(i -> all[3 * i + 1]).thenComparingInt(i -> i))
                .mapToInt(i -> parentWorld[i]).toArray();
        return new Partition(members, context);
    }

    /** A communicator over {@code group}, a subset of this communicator's group; {@code null} on processes
     *  outside it (MPI_COMM_CREATE). Collective: every process passes the same group. */
    public Intracomm Create(Group group) throws MPIException {
        final String call = "Intracomm.Create";
        if (group == null) {
            throw new MPIException(call + ": group is null");
        }
        final Channel ch = collectiveChannel(call);
        final int[] mine = worldRanks();
        final int[] sorted = mine.clone();
        Arrays.sort(sorted);
        for (int w : group.worldRanks()) {
            if (Arrays.binarySearch(sorted, w) < 0) {
                throw new MPIException(call + ": group " + group + " has a process outside this communicator");
            }
        }
        final int context = agreeContext(call);
        final int self = mine[ch.rank()];
        final int[] members = group.worldRanks();
        return IntStream.of(members).anyMatch(w -> w == self) ? new Intracomm(this, members, context) : null;
    }

    /** mpiJava 1.2's spelling of {@link #Create(Group)}. */
    public Intracomm Creat(Group group) throws MPIException {
        return Create(group);
    }

    /** Agrees on a context id: the maximum of every member's candidate, then marks it used. */
    int agreeContext(String call) throws MPIException {
        final int[] max = new int[1];
        Allreduce.run(collectiveChannel(call), new int[] {contextCandidate()}, 0, max, 0, 1, MPI.INT, PredefinedOp.MAX);
        contextAgreed(max[0]);
        return max[0];
    }

    /**
     * A communicator with a Cartesian topology over the first prod(dims) processes of this one, in rank
     * order (MPI_CART_CREATE; {@code reorder} is accepted, ranks are never reordered). Processes beyond the
     * grid get {@code null}. Collective.
     */
    public Cartcomm Create_cart(int[] dims, boolean[] periods, boolean reorder) throws MPIException {
        final String call = "Intracomm.Create_cart";
        final Channel ch = collectiveChannel(call);
        final int places = Cartcomm.checkGrid(call, dims, periods, ch.size());
        final int context = agreeContext(call);
        if (ch.rank() >= places) {
            return null;
        }
        return new Cartcomm(this, Arrays.copyOf(worldRanks(), places), context, dims.clone(), periods.clone());
    }

    /**
     * A communicator with the graph topology {@code index}/{@code edges} over the first
     * {@code index.length} processes of this one, in rank order (MPI_GRAPH_CREATE; {@code reorder} is
     * accepted, ranks are never reordered). Processes beyond the graph get {@code null}. Collective.
     */
    public Graphcomm Create_graph(int[] index, int[] edges, boolean reorder) throws MPIException {
        final String call = "Intracomm.Create_graph";
        final Channel ch = collectiveChannel(call);
        final int nodes = Graphcomm.checkGraph(call, index, edges, ch.size());
        final int context = agreeContext(call);
        if (ch.rank() >= nodes) {
            return null;
        }
        return new Graphcomm(this, Arrays.copyOf(worldRanks(), nodes), context, index.clone(), edges.clone());
    }

    /** The kind of topology: {@link MPI#CART} for a Cartcomm, {@link MPI#GRAPH} for a Graphcomm, else
     *  {@link MPI#UNDEFINED}. */
    public int Topo_test() throws MPIException {
        collectiveChannel("Topo_test");
        return MPI.UNDEFINED;
    }

    // ---- synchronisation and data movement --------------------------------------------------------------
    // Each collective's argument checks and the algorithm they lead to are one preparation step
    // (bcast, gather, ...: checks at the call, then a CollectiveBody), shared by the blocking form, which
    // runs the body at once on this communicator's channel, and the nonblocking one, which starts it on a
    // helper (startCollective). With own set the body keeps copies of the caller's count and displacement
    // arrays: a nonblocking collective outlives the call, and the caller may reuse them meanwhile.

    /** Blocks until every process of the group has called it (MPI_BARRIER). */
    public void Barrier() throws MPIException {
        bamboo.shim.coll.Barrier.run(collectiveChannel("Intracomm.Barrier"));
    }

    /** Sends {@code count} items from the root's buffer to every process's buffer (MPI_BCAST). */
    public void Bcast(Object buf, int offset, int count, Datatype type, int root) throws MPIException {
        final String call = "Intracomm.Bcast";
        if (derived(type)) {
            final Packed v = Packed.of(call, "buf", buf, offset, count, type, true);
            Bcast(v.buf, 0, count, v.type, root);
            v.unpack();
            return;
        }
        final Channel ch = collectiveChannel(call);
        bcast(call, ch, buf, offset, count, type, root).run(ch);
    }

    private static CollectiveBody bcast(String call, Channel ch, Object buf, int offset, int count, Datatype type,
                                        int root) throws MPIException {
        Args.root(call, root, ch.size());
        Args.buffer(call, "buf", buf, offset, count, type);
        final int per = type.elementsPerItem();
        final Datatype element = Args.elementType(type);
        return c -> Bcast.run(c, buf, offset * per, count * per, element, root);
    }

    /** Each process sends {@code sendcount} items; the root receives them in rank order (MPI_GATHER). */
    public void Gather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                       Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root)
            throws MPIException {
        final String call = "Intracomm.Gather";
        if (derived(sendtype) || derived(recvtype)) {
            final Packed s = Packed.of(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype, true);
            final Packed r = Rank() == root ? Packed.of(call, "recvbuf", recvbuf, recvoffset,
                    (long) recvcount * Size(), recvtype, true) : Packed.none(recvbuf, recvoffset, recvtype);
            Gather(s.buf, s.offset, sendcount, s.type, r.buf, r.offset, recvcount, r.type, root);
            r.unpack();
            return;
        }
        final Channel ch = collectiveChannel(call);
        gather(call, ch, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root)
                .run(ch);
    }

    private static CollectiveBody gather(String call, Channel ch, Object sendbuf, int sendoffset, int sendcount,
                                         Datatype sendtype, Object recvbuf, int recvoffset, int recvcount,
                                         Datatype recvtype, int root) throws MPIException {
        Args.root(call, root, ch.size());
        Args.buffer(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype);
        final boolean isRoot = ch.rank() == root;
        if (isRoot) {
            Args.buffer(call, "recvbuf", recvbuf, recvoffset, (long) recvcount * ch.size(), recvtype);
            Args.sameSignature(call, sendcount, sendtype, recvcount, recvtype);
        }
        final int per = sendtype.elementsPerItem();
        final Datatype element = Args.elementType(sendtype);
        final int recvAt = isRoot ? recvoffset * recvtype.elementsPerItem() : 0;
        return c -> Gather.run(c, sendbuf, sendoffset * per, sendcount * per, element, recvbuf, recvAt, root);
    }

    /** Like Gather, with a count and a displacement (in items) per process at the root (MPI_GATHERV). */
    public void Gatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                        Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype, int root)
            throws MPIException {
        final String call = "Intracomm.Gatherv";
        if (derived(sendtype) || derived(recvtype)) {
            final Packed s = Packed.of(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype, true);
            final Packed r = Rank() == root ? Packed.of(call, "recvbuf", recvbuf, recvoffset,
                    Packed.reach(call, recvcount, displs, Size()), recvtype, true)
                    : Packed.none(recvbuf, recvoffset, recvtype);
            Gatherv(s.buf, s.offset, sendcount, s.type, r.buf, r.offset, recvcount, displs, r.type, root);
            r.unpack();
            return;
        }
        final Channel ch = collectiveChannel(call);
        gatherv(call, ch, false, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, displs,
                recvtype, root).run(ch);
    }

    private static CollectiveBody gatherv(String call, Channel ch, boolean own, Object sendbuf, int sendoffset,
                                          int sendcount, Datatype sendtype, Object recvbuf, int recvoffset,
                                          int[] recvcount, int[] displs, Datatype recvtype, int root)
            throws MPIException {
        final int n = ch.size();
        Args.root(call, root, n);
        Args.buffer(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype);
        int[] counts = null;
        int[] places = null;
        int recvAt = 0;
        if (ch.rank() == root) {
            Args.vector(call, "recvbuf", recvbuf, recvoffset, "recvcount", recvcount, "displs", displs, recvtype, n);
            Args.sameSignature(call, sendcount, sendtype, recvcount[root], recvtype);
            counts = kept(Args.inElements(recvcount, recvtype), own);
            places = kept(Args.inElements(displs, recvtype), own);
            recvAt = recvoffset * recvtype.elementsPerItem();
        }
        final int per = sendtype.elementsPerItem();
        final Datatype element = Args.elementType(sendtype);
        final int[] c0 = counts;
        final int[] p0 = places;
        final int at = recvAt;
        return c -> Gatherv.run(c, sendbuf, sendoffset * per, sendcount * per, element, recvbuf, at, c0, p0, root);
    }

    /** The root sends {@code sendcount} items to each process, in rank order (MPI_SCATTER). */
    public void Scatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                        Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root)
            throws MPIException {
        final String call = "Intracomm.Scatter";
        if (derived(sendtype) || derived(recvtype)) {
            final Packed s = Rank() == root ? Packed.of(call, "sendbuf", sendbuf, sendoffset,
                    (long) sendcount * Size(), sendtype, true) : Packed.none(sendbuf, sendoffset, sendtype);
            final Packed r = Packed.of(call, "recvbuf", recvbuf, recvoffset, recvcount, recvtype, true);
            Scatter(s.buf, s.offset, sendcount, s.type, r.buf, r.offset, recvcount, r.type, root);
            r.unpack();
            return;
        }
        final Channel ch = collectiveChannel(call);
        scatter(call, ch, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root)
                .run(ch);
    }

    private static CollectiveBody scatter(String call, Channel ch, Object sendbuf, int sendoffset, int sendcount,
                                          Datatype sendtype, Object recvbuf, int recvoffset, int recvcount,
                                          Datatype recvtype, int root) throws MPIException {
        Args.root(call, root, ch.size());
        Args.buffer(call, "recvbuf", recvbuf, recvoffset, recvcount, recvtype);
        final boolean isRoot = ch.rank() == root;
        if (isRoot) {
            Args.buffer(call, "sendbuf", sendbuf, sendoffset, (long) sendcount * ch.size(), sendtype);
            Args.sameSignature(call, sendcount, sendtype, recvcount, recvtype);
        }
        final int per = recvtype.elementsPerItem();
        final Datatype element = Args.elementType(recvtype);
        final int sendAt = isRoot ? sendoffset * sendtype.elementsPerItem() : 0;
        return c -> Scatter.run(c, sendbuf, sendAt, recvcount * per, element, recvbuf, recvoffset * per, root);
    }

    /** Like Scatter, with a count and a displacement (in items) per process at the root (MPI_SCATTERV). */
    public void Scatterv(Object sendbuf, int sendoffset, int[] sendcount, int[] displs, Datatype sendtype,
                         Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root)
            throws MPIException {
        final String call = "Intracomm.Scatterv";
        if (derived(sendtype) || derived(recvtype)) {
            final Packed s = Rank() == root ? Packed.of(call, "sendbuf", sendbuf, sendoffset,
                    Packed.reach(call, sendcount, displs, Size()), sendtype, true)
                    : Packed.none(sendbuf, sendoffset, sendtype);
            final Packed r = Packed.of(call, "recvbuf", recvbuf, recvoffset, recvcount, recvtype, true);
            Scatterv(s.buf, s.offset, sendcount, displs, s.type, r.buf, r.offset, recvcount, r.type, root);
            r.unpack();
            return;
        }
        final Channel ch = collectiveChannel(call);
        scatterv(call, ch, false, sendbuf, sendoffset, sendcount, displs, sendtype, recvbuf, recvoffset, recvcount,
                recvtype, root).run(ch);
    }

    private static CollectiveBody scatterv(String call, Channel ch, boolean own, Object sendbuf, int sendoffset,
                                           int[] sendcount, int[] displs, Datatype sendtype, Object recvbuf,
                                           int recvoffset, int recvcount, Datatype recvtype, int root)
            throws MPIException {
        final int n = ch.size();
        Args.root(call, root, n);
        Args.buffer(call, "recvbuf", recvbuf, recvoffset, recvcount, recvtype);
        int[] counts = null;
        int[] places = null;
        int sendAt = 0;
        if (ch.rank() == root) {
            Args.vector(call, "sendbuf", sendbuf, sendoffset, "sendcount", sendcount, "displs", displs, sendtype, n);
            Args.sameSignature(call, sendcount[root], sendtype, recvcount, recvtype);
            counts = kept(Args.inElements(sendcount, sendtype), own);
            places = kept(Args.inElements(displs, sendtype), own);
            sendAt = sendoffset * sendtype.elementsPerItem();
        }
        final int per = recvtype.elementsPerItem();
        final Datatype element = Args.elementType(recvtype);
        final int[] c0 = counts;
        final int[] p0 = places;
        final int at = sendAt;
        return c -> Scatterv.run(c, sendbuf, at, c0, p0, element, recvbuf, recvoffset * per, recvcount * per, root);
    }

    /** Gather to every process (MPI_ALLGATHER). */
    public void Allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                          Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) throws MPIException {
        final String call = "Intracomm.Allgather";
        if (derived(sendtype) || derived(recvtype)) {
            final Packed s = Packed.of(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype, true);
            final Packed r = Packed.of(call, "recvbuf", recvbuf, recvoffset, (long) recvcount * Size(), recvtype,
                    true);
            Allgather(s.buf, s.offset, sendcount, s.type, r.buf, r.offset, recvcount, r.type);
            r.unpack();
            return;
        }
        final Channel ch = collectiveChannel(call);
        allgather(call, ch, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype)
                .run(ch);
    }

    private static CollectiveBody allgather(String call, Channel ch, Object sendbuf, int sendoffset, int sendcount,
                                            Datatype sendtype, Object recvbuf, int recvoffset, int recvcount,
                                            Datatype recvtype) throws MPIException {
        Args.buffer(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype);
        Args.buffer(call, "recvbuf", recvbuf, recvoffset, (long) recvcount * ch.size(), recvtype);
        Args.sameSignature(call, sendcount, sendtype, recvcount, recvtype);
        final int per = sendtype.elementsPerItem();
        final Datatype element = Args.elementType(sendtype);
        final int recvAt = recvoffset * recvtype.elementsPerItem();
        return c -> Allgather.run(c, sendbuf, sendoffset * per, sendcount * per, element, recvbuf, recvAt);
    }

    /** Gatherv to every process (MPI_ALLGATHERV). */
    public void Allgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                           Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype)
            throws MPIException {
        final String call = "Intracomm.Allgatherv";
        if (derived(sendtype) || derived(recvtype)) {
            final Packed s = Packed.of(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype, true);
            final Packed r = Packed.of(call, "recvbuf", recvbuf, recvoffset, Packed.reach(call, recvcount, displs,
                    Size()), recvtype, true);
            Allgatherv(s.buf, s.offset, sendcount, s.type, r.buf, r.offset, recvcount, displs, r.type);
            r.unpack();
            return;
        }
        final Channel ch = collectiveChannel(call);
        allgatherv(call, ch, false, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, displs,
                recvtype).run(ch);
    }

    private static CollectiveBody allgatherv(String call, Channel ch, boolean own, Object sendbuf, int sendoffset,
                                             int sendcount, Datatype sendtype, Object recvbuf, int recvoffset,
                                             int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        Args.buffer(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype);
        Args.vector(call, "recvbuf", recvbuf, recvoffset, "recvcount", recvcount, "displs", displs, recvtype,
                ch.size());
        Args.sameSignature(call, sendcount, sendtype, recvcount[ch.rank()], recvtype);
        final int per = sendtype.elementsPerItem();
        final Datatype element = Args.elementType(sendtype);
        final int recvAt = recvoffset * recvtype.elementsPerItem();
        final int[] counts = kept(Args.inElements(recvcount, recvtype), own);
        final int[] places = kept(Args.inElements(displs, recvtype), own);
        return c -> Allgatherv.run(c, sendbuf, sendoffset * per, sendcount * per, element, recvbuf, recvAt, counts,
                places);
    }

    /** Each process sends a distinct block of {@code sendcount} items to every process (MPI_ALLTOALL). */
    public void Alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                         Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) throws MPIException {
        final String call = "Intracomm.Alltoall";
        if (derived(sendtype) || derived(recvtype)) {
            final Packed s = Packed.of(call, "sendbuf", sendbuf, sendoffset, (long) sendcount * Size(), sendtype,
                    true);
            final Packed r = Packed.of(call, "recvbuf", recvbuf, recvoffset, (long) recvcount * Size(), recvtype,
                    true);
            Alltoall(s.buf, s.offset, sendcount, s.type, r.buf, r.offset, recvcount, r.type);
            r.unpack();
            return;
        }
        final Channel ch = collectiveChannel(call);
        alltoall(call, ch, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype)
                .run(ch);
    }

    private static CollectiveBody alltoall(String call, Channel ch, Object sendbuf, int sendoffset, int sendcount,
                                           Datatype sendtype, Object recvbuf, int recvoffset, int recvcount,
                                           Datatype recvtype) throws MPIException {
        Args.buffer(call, "sendbuf", sendbuf, sendoffset, (long) sendcount * ch.size(), sendtype);
        Args.buffer(call, "recvbuf", recvbuf, recvoffset, (long) recvcount * ch.size(), recvtype);
        Args.sameSignature(call, sendcount, sendtype, recvcount, recvtype);
        final int per = sendtype.elementsPerItem();
        final Datatype element = Args.elementType(sendtype);
        final int recvAt = recvoffset * recvtype.elementsPerItem();
        return c -> Alltoall.run(c, sendbuf, sendoffset * per, sendcount * per, element, recvbuf, recvAt);
    }

    /** Alltoall with a count and a displacement (in items) per peer on both sides (MPI_ALLTOALLV). */
    public void Alltoallv(Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls, Datatype sendtype,
                          Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls, Datatype recvtype)
            throws MPIException {
        final String call = "Intracomm.Alltoallv";
        if (derived(sendtype) || derived(recvtype)) {
            final Packed s = Packed.of(call, "sendbuf", sendbuf, sendoffset, Packed.reach(call, sendcount, sdispls,
                    Size()), sendtype, true);
            final Packed r = Packed.of(call, "recvbuf", recvbuf, recvoffset, Packed.reach(call, recvcount, rdispls,
                    Size()), recvtype, true);
            Alltoallv(s.buf, s.offset, sendcount, sdispls, s.type, r.buf, r.offset, recvcount, rdispls, r.type);
            r.unpack();
            return;
        }
        final Channel ch = collectiveChannel(call);
        alltoallv(call, ch, false, sendbuf, sendoffset, sendcount, sdispls, sendtype, recvbuf, recvoffset, recvcount,
                rdispls, recvtype).run(ch);
    }

    private static CollectiveBody alltoallv(String call, Channel ch, boolean own, Object sendbuf, int sendoffset,
                                            int[] sendcount, int[] sdispls, Datatype sendtype, Object recvbuf,
                                            int recvoffset, int[] recvcount, int[] rdispls, Datatype recvtype)
            throws MPIException {
        final int n = ch.size();
        Args.vector(call, "sendbuf", sendbuf, sendoffset, "sendcount", sendcount, "sdispls", sdispls, sendtype, n);
        Args.vector(call, "recvbuf", recvbuf, recvoffset, "recvcount", recvcount, "rdispls", rdispls, recvtype, n);
        Args.sameSignature(call, sendcount[ch.rank()], sendtype, recvcount[ch.rank()], recvtype);
        final int sendAt = sendoffset * sendtype.elementsPerItem();
        final int[] sc = kept(Args.inElements(sendcount, sendtype), own);
        final int[] sd = kept(Args.inElements(sdispls, sendtype), own);
        final Datatype element = Args.elementType(sendtype);
        final int recvAt = recvoffset * recvtype.elementsPerItem();
        final int[] rc = kept(Args.inElements(recvcount, recvtype), own);
        final int[] rd = kept(Args.inElements(rdispls, recvtype), own);
        return c -> Alltoallv.run(c, sendbuf, sendAt, sc, sd, element, recvbuf, recvAt, rc, rd);
    }

    /** {@code a}, or a copy of it when the collective that reads it outlives the call ({@code own}). */
    private static int[] kept(int[] a, boolean own) {
        return own ? a.clone() : a;
    }

    // ---- reductions --------------------------------------------------------------------------------------

    /** Combines every process's {@code count} items with {@code op}; the result lands at the root
     *  (MPI_REDUCE). */
    public void Reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                       Datatype datatype, Op op, int root) throws MPIException {
        final String call = "Intracomm.Reduce";
        if (derived(datatype)) {
            final Packed s = Packed.of(call, "sendbuf", sendbuf, sendoffset, count, datatype, true);
            final Packed r = Rank() == root ? Packed.of(call, "recvbuf", recvbuf, recvoffset, count, datatype, true)
                    : Packed.none(recvbuf, recvoffset, datatype);
            Reduce(s.buf, 0, r.buf, r.offset, count * datatype.Size(), Layout.element(datatype), op, root);
            r.unpack();
            return;
        }
        final Channel ch = collectiveChannel(call);
        reduce(call, ch, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op, root).run(ch);
    }

    private static CollectiveBody reduce(String call, Channel ch, Object sendbuf, int sendoffset, Object recvbuf,
                                         int recvoffset, int count, Datatype datatype, Op op, int root)
            throws MPIException {
        Args.root(call, root, ch.size());
        final Reduction reduction = reduction(call, op, datatype);
        Args.buffer(call, "sendbuf", sendbuf, sendoffset, count, datatype);
        if (ch.rank() == root) {
            Args.buffer(call, "recvbuf", recvbuf, recvoffset, count, datatype);
        }
        return c -> Reduce.run(c, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, reduction, root);
    }

    /** Reduce with the result on every process, bitwise identical everywhere (MPI_ALLREDUCE). */
    public void Allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                          Datatype datatype, Op op) throws MPIException {
        final String call = "Intracomm.Allreduce";
        if (derived(datatype)) {
            final Packed s = Packed.of(call, "sendbuf", sendbuf, sendoffset, count, datatype, true);
            final Packed r = Packed.of(call, "recvbuf", recvbuf, recvoffset, count, datatype, true);
            Allreduce(s.buf, 0, r.buf, 0, count * datatype.Size(), Layout.element(datatype), op);
            r.unpack();
            return;
        }
        final Reduction reduction = elementwise(call, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op);
        Allreduce.run(collectiveChannel(call), sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, reduction);
    }

    /** Reduces a vector of sum(recvcounts) items and leaves segment i on process i
     *  (MPI_REDUCE_SCATTER). */
    public void Reduce_scatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts,
                               Datatype datatype, Op op) throws MPIException {
        final String call = "Intracomm.Reduce_scatter";
        if (derived(datatype)) {
            Args.counts(call, "recvcounts", recvcounts, Size());
            final long total = Arrays.stream(recvcounts, 0, Size()).asLongStream().sum();
            final Packed s = Packed.of(call, "sendbuf", sendbuf, sendoffset, total, datatype, true);
            final Packed r = Packed.of(call, "recvbuf", recvbuf, recvoffset, recvcounts[Rank()], datatype, true);
            final int[] elements = new int[Size()];
            for (int i = 0; i < elements.length; i++) {
                elements[i] = recvcounts[i] * datatype.Size();
            }
            Reduce_scatter(s.buf, 0, r.buf, 0, elements, Layout.element(datatype), op);
            r.unpack();
            return;
        }
        final Channel ch = collectiveChannel(call);
        reduceScatter(call, ch, sendbuf, sendoffset, recvbuf, recvoffset, recvcounts, datatype, op).run(ch);
    }

    private static CollectiveBody reduceScatter(String call, Channel ch, Object sendbuf, int sendoffset,
                                                Object recvbuf, int recvoffset, int[] recvcounts, Datatype datatype,
                                                Op op) throws MPIException {
        final Reduction reduction = reduction(call, op, datatype);
        Args.counts(call, "recvcounts", recvcounts, ch.size());
        final long total = Arrays.stream(recvcounts, 0, ch.size()).asLongStream().sum();
        if (total > Integer.MAX_VALUE) {
            throw new MPIException(call + ": recvcounts add up to " + total + " items, more than an array holds");
        }
        Args.buffer(call, "sendbuf", sendbuf, sendoffset, total, datatype);
        Args.buffer(call, "recvbuf", recvbuf, recvoffset, recvcounts[ch.rank()], datatype);
        final int[] counts = Arrays.copyOf(recvcounts, ch.size()); // the caller may reuse its array
        return c -> ReduceScatter.run(c, sendbuf, sendoffset, recvbuf, recvoffset, counts, datatype, reduction);
    }

    /** Inclusive prefix reduction: process i receives the combination of processes 0..i (MPI_SCAN). */
    public void Scan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                     Datatype datatype, Op op) throws MPIException {
        final String call = "Intracomm.Scan";
        if (derived(datatype)) {
            final Packed s = Packed.of(call, "sendbuf", sendbuf, sendoffset, count, datatype, true);
            final Packed r = Packed.of(call, "recvbuf", recvbuf, recvoffset, count, datatype, true);
            Scan(s.buf, 0, r.buf, 0, count * datatype.Size(), Layout.element(datatype), op);
            r.unpack();
            return;
        }
        final Reduction reduction = elementwise(call, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op);
        Scan.run(collectiveChannel(call), sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, reduction);
    }

    /** The checks of a reduction whose buffers hold {@code count} items on every process (Allreduce, Scan,
     *  Exscan and their nonblocking forms): the operation for {@code datatype}. */
    private static Reduction elementwise(String call, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                                         int count, Datatype datatype, Op op) throws MPIException {
        final Reduction reduction = reduction(call, op, datatype);
        Args.buffer(call, "sendbuf", sendbuf, sendoffset, count, datatype);
        Args.buffer(call, "recvbuf", recvbuf, recvoffset, count, datatype);
        return reduction;
    }

    private static Reduction reduction(String call, Op op, Datatype datatype) throws MPIException {
        if (op == null) {
            throw new MPIException(call + ": op is null");
        }
        Args.datatype(call, "the buffers", datatype);
        final Reduction reduction = op.reduction(call);
        reduction.check(call, datatype);
        return reduction;
    }

    // ---- MPI-2/3 extensions: Exscan and the nonblocking collectives ---------------------------------------
    // Not in mpiJava 1.2 (nor in MPJ Express): MPI-2's MPI_EXSCAN and MPI-3.0's nonblocking collectives,
    // spelled in the capitalised style of the rest of the API. Each I-collective checks its arguments at
    // the call (one-line MPIException naming the call and the argument) with its blocking form's
    // preparation step, then runs the same algorithm on a helper thread of the rank, so it progresses while
    // the caller computes; its Request mixes with point-to-point ones in Wait/Test/Waitall. As in MPI,
    // every process starts the collectives of a communicator, blocking and nonblocking, in the same order,
    // and the buffers belong to the collective until its request completes.

    /**
     * Exclusive prefix reduction (MPI_EXSCAN): process i receives the combination of processes 0..i-1, in
     * rank order; process 0's {@code recvbuf} is left unchanged. An extension of mpiJava 1.2 (MPI-2).
     */
    public void Exscan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                       Datatype datatype, Op op) throws MPIException {
        final String call = "Intracomm.Exscan";
        final Reduction reduction = elementwise(call, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op);
        Exscan.run(collectiveChannel(call), sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, reduction);
    }

    /** Nonblocking {@link #Barrier()} (MPI_IBARRIER): the request completes once every process has
     *  started it. An extension of mpiJava 1.2 (MPI-3.0). */
    public Request Ibarrier() throws MPIException {
        return startCollective("Intracomm.Ibarrier", bamboo.shim.coll.Barrier::run);
    }

    /** Nonblocking {@link #Bcast} (MPI_IBCAST). An extension of mpiJava 1.2 (MPI-3.0). */
    public Request Ibcast(Object buf, int offset, int count, Datatype type, int root) throws MPIException {
        final String call = "Intracomm.Ibcast";
        return startCollective(call, bcast(call, collectiveChannel(call), buf, offset, count, type, root));
    }

    /** Nonblocking {@link #Gather} (MPI_IGATHER). An extension of mpiJava 1.2 (MPI-3.0). */
    public Request Igather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                           Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root)
            throws MPIException {
        final String call = "Intracomm.Igather";
        return startCollective(call, gather(call, collectiveChannel(call), sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, recvoffset, recvcount, recvtype, root));
    }

    /** Nonblocking {@link #Gatherv} (MPI_IGATHERV). An extension of mpiJava 1.2 (MPI-3.0). */
    public Request Igatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                            Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype, int root)
            throws MPIException {
        final String call = "Intracomm.Igatherv";
        return startCollective(call, gatherv(call, collectiveChannel(call), true, sendbuf, sendoffset, sendcount,
                sendtype, recvbuf, recvoffset, recvcount, displs, recvtype, root));
    }

    /** Nonblocking {@link #Scatter} (MPI_ISCATTER). An extension of mpiJava 1.2 (MPI-3.0). */
    public Request Iscatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root)
            throws MPIException {
        final String call = "Intracomm.Iscatter";
        return startCollective(call, scatter(call, collectiveChannel(call), sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, recvoffset, recvcount, recvtype, root));
    }

    /** Nonblocking {@link #Scatterv} (MPI_ISCATTERV). An extension of mpiJava 1.2 (MPI-3.0). */
    public Request Iscatterv(Object sendbuf, int sendoffset, int[] sendcount, int[] displs, Datatype sendtype,
                             Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root)
            throws MPIException {
        final String call = "Intracomm.Iscatterv";
        return startCollective(call, scatterv(call, collectiveChannel(call), true, sendbuf, sendoffset, sendcount,
                displs, sendtype, recvbuf, recvoffset, recvcount, recvtype, root));
    }

    /** Nonblocking {@link #Allgather} (MPI_IALLGATHER). An extension of mpiJava 1.2 (MPI-3.0). */
    public Request Iallgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                              Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) throws MPIException {
        final String call = "Intracomm.Iallgather";
        return startCollective(call, allgather(call, collectiveChannel(call), sendbuf, sendoffset, sendcount,
                sendtype, recvbuf, recvoffset, recvcount, recvtype));
    }

    /** Nonblocking {@link #Allgatherv} (MPI_IALLGATHERV). An extension of mpiJava 1.2 (MPI-3.0). */
    public Request Iallgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                               Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype)
            throws MPIException {
        final String call = "Intracomm.Iallgatherv";
        return startCollective(call, allgatherv(call, collectiveChannel(call), true, sendbuf, sendoffset, sendcount,
                sendtype, recvbuf, recvoffset, recvcount, displs, recvtype));
    }

    /** Nonblocking {@link #Alltoall} (MPI_IALLTOALL). An extension of mpiJava 1.2 (MPI-3.0). */
    public Request Ialltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                             Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) throws MPIException {
        final String call = "Intracomm.Ialltoall";
        return startCollective(call, alltoall(call, collectiveChannel(call), sendbuf, sendoffset, sendcount,
                sendtype, recvbuf, recvoffset, recvcount, recvtype));
    }

    /** Nonblocking {@link #Alltoallv} (MPI_IALLTOALLV). An extension of mpiJava 1.2 (MPI-3.0). */
    public Request Ialltoallv(Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls, Datatype sendtype,
                              Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls, Datatype recvtype)
            throws MPIException {
        final String call = "Intracomm.Ialltoallv";
        return startCollective(call, alltoallv(call, collectiveChannel(call), true, sendbuf, sendoffset, sendcount,
                sdispls, sendtype, recvbuf, recvoffset, recvcount, rdispls, recvtype));
    }

    /** Nonblocking {@link #Reduce} (MPI_IREDUCE). An extension of mpiJava 1.2 (MPI-3.0). */
    public Request Ireduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                           Datatype datatype, Op op, int root) throws MPIException {
        final String call = "Intracomm.Ireduce";
        return startCollective(call, reduce(call, collectiveChannel(call), sendbuf, sendoffset, recvbuf, recvoffset,
                count, datatype, op, root));
    }

    /** Nonblocking {@link #Allreduce} (MPI_IALLREDUCE). An extension of mpiJava 1.2 (MPI-3.0). */
    public Request Iallreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                              Datatype datatype, Op op) throws MPIException {
        final String call = "Intracomm.Iallreduce";
        final Reduction reduction = elementwise(call, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op);
        return startCollective(call, c -> Allreduce.run(c, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype,
                reduction));
    }

    /** Nonblocking {@link #Reduce_scatter} (MPI_IREDUCE_SCATTER). An extension of mpiJava 1.2 (MPI-3.0). */
    public Request Ireduce_scatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts,
                                   Datatype datatype, Op op) throws MPIException {
        final String call = "Intracomm.Ireduce_scatter";
        return startCollective(call, reduceScatter(call, collectiveChannel(call), sendbuf, sendoffset, recvbuf,
                recvoffset, recvcounts, datatype, op));
    }

    /** Nonblocking {@link #Scan} (MPI_ISCAN). An extension of mpiJava 1.2 (MPI-3.0). */
    public Request Iscan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                         Datatype datatype, Op op) throws MPIException {
        final String call = "Intracomm.Iscan";
        final Reduction reduction = elementwise(call, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op);
        return startCollective(call, c -> Scan.run(c, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype,
                reduction));
    }

    /** Nonblocking {@link #Exscan} (MPI_IEXSCAN). An extension of mpiJava 1.2 (MPI-3.0). */
    public Request Iexscan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                           Datatype datatype, Op op) throws MPIException {
        final String call = "Intracomm.Iexscan";
        final Reduction reduction = elementwise(call, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op);
        return startCollective(call, c -> Exscan.run(c, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype,
                reduction));
    }
}
