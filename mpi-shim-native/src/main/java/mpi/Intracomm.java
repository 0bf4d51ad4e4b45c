package mpi;

import bamboo.shim.nativempi.Abi;
import bamboo.shim.nativempi.Buffers;
import bamboo.shim.nativempi.Lib;
import bamboo.shim.nativempi.Scratch;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * An intra-communicator. Every collective is the library's own ({@code MPI_Bcast}, {@code MPI_Allreduce},
 * ...), on native copies of the Java buffers; {@link MPI#OBJECT} buffers are serialised for Bcast.
 */
public class Intracomm extends Comm {

    Intracomm(int kind) {
        super(kind);
    }

    Intracomm(long handle) throws MPIException {
        super(handle);
    }

    /** A communicator from a handle the library returned, or null for MPI_COMM_NULL. */
    static Intracomm of(long handle) throws MPIException {
        return handle == Lib.ABI.commNull ? null : new Intracomm(handle);
    }

    // ---- communicator creation -------------------------------------------------------------------------

    /** A communicator over the same group with a new context (MPI_COMM_DUP). Collective. */
    public Intracomm Dup() throws MPIException {
        return of(dupHandle("Intracomm.Dup"));
    }

    final long dupHandle(String call) throws MPIException {
        final long h = enter(call);
        final Scratch sc = Scratch.get();
        try {
            Native.ok((int) Lib.Comms.COMM_DUP.invokeExact(h, sc.handle), call);
        } catch (Throwable t) {
            throw Native.fail(call, t);
        }
        return Lib.handleAt(sc.handle, 0);
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

    /** Partitions the group by {@code colour}, ordered by {@code key} then rank (MPI_COMM_SPLIT); processes
     *  passing {@link MPI#UNDEFINED} get null. Collective. */
    public Intracomm Split(int colour, int key) throws MPIException {
        final String call = "Intracomm.Split";
        final long h = enter(call);
        if (colour < 0 && colour != MPI.UNDEFINED) {
            throw new MPIException(call + ": colour " + colour + " must be >= 0 or MPI.UNDEFINED");
        }
        final Scratch sc = Scratch.get();
        try {
            Native.ok((int) Lib.Comms.COMM_SPLIT.invokeExact(h, colour == MPI.UNDEFINED ? Lib.ABI.undefined : colour, key,
                    sc.handle), call);
        } catch (Throwable t) {
            throw Native.fail(call, t);
        }
        return of(Lib.handleAt(sc.handle, 0));
    }

    /** A communicator over {@code group}, a subset of this one's; null on processes outside it
     *  (MPI_COMM_CREATE). Collective. */
    public Intracomm Create(Group group) throws MPIException {
        final String call = "Intracomm.Create";
        final long h = enter(call);
        if (group == null) {
            throw new MPIException(call + ": group is null");
        }
        final int[] members = group.worldRanks();
        final Scratch sc = Scratch.get();
        try (Arena a = Arena.ofConfined()) {
            Native.ok((int) Lib.Comms.COMM_GROUP.invokeExact(Lib.ABI.commWorld, sc.handle), call);
            final long world = Lib.handleAt(sc.handle, 0);
            final long g;
            if (members.length == 0) {
                g = Lib.ABI.groupEmpty;
            } else {
                Native.ok((int) Lib.Comms.GROUP_INCL.invokeExact(world, members.length,
                        a.allocateFrom(ValueLayout.JAVA_INT, members), sc.handle2), call);
                g = Lib.handleAt(sc.handle2, 0);
            }
            Native.ok((int) Lib.Comms.COMM_CREATE.invokeExact(h, g, sc.handle), call);
            final long created = Lib.handleAt(sc.handle, 0);
            for (long free : members.length == 0 ? new long[] {world} : new long[] {world, g}) {
                Lib.setHandle(sc.handle2, 0, free);
                Native.ok((int) Lib.Comms.GROUP_FREE.invokeExact(sc.handle2), call);
            }
            return of(created);
        } catch (Throwable t) {
            throw Native.fail(call, t);
        }
    }

    /** mpiJava 1.2's spelling of {@link #Create(Group)}. */
    public Intracomm Creat(Group group) throws MPIException {
        return Create(group);
    }

    /** A communicator with a Cartesian topology (MPI_CART_CREATE); processes beyond the grid get null. */
    public Cartcomm Create_cart(int[] dims, boolean[] periods, boolean reorder) throws MPIException {
        final String call = "Intracomm.Create_cart";
        final long h = enter(call);
        if (dims == null || periods == null || dims.length != periods.length) {
            throw new MPIException(call + ": dims and periods must be given, of the same length");
        }
        final Scratch sc = Scratch.get();
        try (Arena a = Arena.ofConfined()) {
            Native.ok((int) Lib.Cart.CART_CREATE.invokeExact(h, dims.length, a.allocateFrom(ValueLayout.JAVA_INT, dims),
                    a.allocateFrom(ValueLayout.JAVA_INT, Cartcomm.ints(periods)), reorder ? 1 : 0, sc.handle), call);
        } catch (Throwable t) {
            throw Native.fail(call, t);
        }
        final long c = Lib.handleAt(sc.handle, 0);
        return c == Lib.ABI.commNull ? null : new Cartcomm(c);
    }

    /** {@link MPI#UNDEFINED}: no topology ({@link Cartcomm} says {@link MPI#CART}). */
    public int Topo_test() throws MPIException {
        enter("Topo_test");
        return MPI.UNDEFINED;
    }

    // ---- synchronisation and data movement ------------------------------------------------------------

    /** Blocks until every process of the group has called it (MPI_BARRIER). */
    public void Barrier() throws MPIException {
        final long h = enter("Intracomm.Barrier");
        try {
            Native.ok((int) Lib.Coll.BARRIER.invokeExact(h), "Intracomm.Barrier");
        } catch (Throwable t) {
            throw Native.fail("Intracomm.Barrier", t);
        }
    }

    /** Sends {@code count} items from the root's buffer to every process's buffer (MPI_BCAST). */
    public void Bcast(Object buf, int offset, int count, Datatype type, int root) throws MPIException {
        final String call = "Intracomm.Bcast";
        final long h = enter(call);
        root(call, root);
        final int n = Data.buffer(call, "buf", buf, offset, count, type);
        final int at = offset * type.elementsPerItem();
        final boolean isRoot = rankHere() == root;
        if (type.base() == Datatype.Base.OBJECT) {
            bcastObjects(call, h, (Object[]) buf, at, count, root, isRoot);
            return;
        }
        final MemorySegment seg = Buffers.take((long) n * type.base().bytes());
        try {
            if (isRoot) {
                Data.copyIn(buf, at, seg, n, type.base());
            }
            Native.ok((int) Lib.Coll.BCAST.invokeExact(seg, n, type.elementHandle(), root, h), call);
            if (!isRoot) {
                Data.copyOut(seg, buf, at, n, type.base());
            }
        } catch (Throwable t) {
            throw Native.fail(call, t);
        } finally {
            Buffers.give(seg);
        }
    }

    private void bcastObjects(String call, long h, Object[] buf, int at, int count, int root, boolean isRoot)
            throws MPIException {
        final byte[] data = isRoot ? Data.serialise(call, buf, at, count) : null;
        final Scratch sc = Scratch.get();
        final long byteType = Lib.ABI.datatype(Abi.Types.BYTE);
        try {
            sc.out.set(ValueLayout.JAVA_INT, 0, isRoot ? data.length : 0);
            Native.ok((int) Lib.Coll.BCAST.invokeExact(sc.out, 1, Lib.ABI.datatype(Abi.Types.INT), root, h), call);
            final int length = sc.out.get(ValueLayout.JAVA_INT, 0);
            final MemorySegment seg = Buffers.take(length);
            try {
                if (isRoot) {
                    MemorySegment.copy(data, 0, seg, ValueLayout.JAVA_BYTE, 0, length);
                }
                Native.ok((int) Lib.Coll.BCAST.invokeExact(seg, length, byteType, root, h), call);
                if (!isRoot) {
                    final byte[] got = new byte[length];
                    MemorySegment.copy(seg, ValueLayout.JAVA_BYTE, 0, got, 0, length);
                    Data.deserialise(call, got, buf, at, count);
                }
            } finally {
                Buffers.give(seg);
            }
        } catch (Throwable t) {
            throw Native.fail(call, t);
        }
    }

    /** Each process sends {@code sendcount} items; the root receives them in rank order (MPI_GATHER). */
    public void Gather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                       Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root)
            throws MPIException {
        final String call = "Intracomm.Gather";
        final long h = enter(call);
        root(call, root);
        noObjects(call, sendtype, recvtype);
        final boolean isRoot = rankHere() == root;
        final int out = Data.buffer(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype);
        final int in = isRoot ? Data.buffer(call, "recvbuf", recvbuf, recvoffset, (long) recvcount * sizeHere(),
                recvtype) : 0;
        final MemorySegment s = Buffers.take((long) out * sendtype.base().bytes());
        final MemorySegment r = isRoot ? Buffers.take((long) in * recvtype.base().bytes()) : MemorySegment.NULL;
        try {
            Data.copyIn(sendbuf, sendoffset * sendtype.elementsPerItem(), s, out, sendtype.base());
            Native.ok((int) Lib.Coll.GATHER.invokeExact(s, out, sendtype.elementHandle(), r,
                    recvcount * (isRoot ? recvtype.elementsPerItem() : 1),
                    (isRoot ? recvtype : sendtype).elementHandle(), root, h), call);
            if (isRoot) {
                Data.copyOut(r, recvbuf, recvoffset * recvtype.elementsPerItem(), in, recvtype.base());
            }
        } catch (Throwable t) {
            throw Native.fail(call, t);
        } finally {
            Buffers.give(s);
            if (isRoot) {
                Buffers.give(r);
            }
        }
    }

    /** Gather with a count and displacement (in items) per process at the root (MPI_GATHERV). */
    public void Gatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                        Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype, int root)
            throws MPIException {
        final String call = "Intracomm.Gatherv";
        final long h = enter(call);
        root(call, root);
        noObjects(call, sendtype, recvtype);
        final boolean isRoot = rankHere() == root;
        final int n = sizeHere();
        final int out = Data.buffer(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype);
        if (isRoot) {
            Data.vector(call, "recvbuf", recvbuf, recvoffset, recvcount, displs, recvtype, n);
        }
        final int span = isRoot ? span(recvcount, displs, n) * recvtype.elementsPerItem() : 0;
        final MemorySegment s = Buffers.take((long) out * sendtype.base().bytes());
        final MemorySegment r = isRoot ? Buffers.take((long) span * recvtype.base().bytes()) : MemorySegment.NULL;
        try (Arena a = Arena.ofConfined()) {
            Data.copyIn(sendbuf, sendoffset * sendtype.elementsPerItem(), s, out, sendtype.base());
            final MemorySegment counts = isRoot ? elements(a, recvcount, recvtype, n) : MemorySegment.NULL;
            final MemorySegment places = isRoot ? elements(a, displs, recvtype, n) : MemorySegment.NULL;
            Native.ok((int) Lib.Coll.GATHERV.invokeExact(s, out, sendtype.elementHandle(), r, counts, places,
                    (isRoot ? recvtype : sendtype).elementHandle(), root, h), call);
            if (isRoot) {
                Data.copyOut(r, recvbuf, recvoffset * recvtype.elementsPerItem(), span, recvtype.base());
            }
        } catch (Throwable t) {
            throw Native.fail(call, t);
        } finally {
            Buffers.give(s);
            if (isRoot) {
                Buffers.give(r);
            }
        }
    }

    /** The root sends {@code sendcount} items to each process, in rank order (MPI_SCATTER). */
    public void Scatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                        Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root)
            throws MPIException {
        final String call = "Intracomm.Scatter";
        final long h = enter(call);
        root(call, root);
        noObjects(call, sendtype, recvtype);
        final boolean isRoot = rankHere() == root;
        final int in = Data.buffer(call, "recvbuf", recvbuf, recvoffset, recvcount, recvtype);
        final int out = isRoot ? Data.buffer(call, "sendbuf", sendbuf, sendoffset, (long) sendcount * sizeHere(),
                sendtype) : 0;
        final MemorySegment s = isRoot ? Buffers.take((long) out * sendtype.base().bytes()) : MemorySegment.NULL;
        final MemorySegment r = Buffers.take((long) in * recvtype.base().bytes());
        try {
            if (isRoot) {
                Data.copyIn(sendbuf, sendoffset * sendtype.elementsPerItem(), s, out, sendtype.base());
            }
            Native.ok((int) Lib.Coll.SCATTER.invokeExact(s, sendcount * (isRoot ? sendtype.elementsPerItem() : 1),
                    (isRoot ? sendtype : recvtype).elementHandle(), r, in, recvtype.elementHandle(), root, h), call);
            Data.copyOut(r, recvbuf, recvoffset * recvtype.elementsPerItem(), in, recvtype.base());
        } catch (Throwable t) {
            throw Native.fail(call, t);
        } finally {
            if (isRoot) {
                Buffers.give(s);
            }
            Buffers.give(r);
        }
    }

    /** Scatter with a count and displacement (in items) per process at the root (MPI_SCATTERV). */
    public void Scatterv(Object sendbuf, int sendoffset, int[] sendcount, int[] displs, Datatype sendtype,
                         Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root)
            throws MPIException {
        final String call = "Intracomm.Scatterv";
        final long h = enter(call);
        root(call, root);
        noObjects(call, sendtype, recvtype);
        final boolean isRoot = rankHere() == root;
        final int n = sizeHere();
        final int in = Data.buffer(call, "recvbuf", recvbuf, recvoffset, recvcount, recvtype);
        if (isRoot) {
            Data.vector(call, "sendbuf", sendbuf, sendoffset, sendcount, displs, sendtype, n);
        }
        final int span = isRoot ? span(sendcount, displs, n) * sendtype.elementsPerItem() : 0;
        final MemorySegment s = isRoot ? Buffers.take((long) span * sendtype.base().bytes()) : MemorySegment.NULL;
        final MemorySegment r = Buffers.take((long) in * recvtype.base().bytes());
        try (Arena a = Arena.ofConfined()) {
            if (isRoot) {
                Data.copyIn(sendbuf, sendoffset * sendtype.elementsPerItem(), s, span, sendtype.base());
            }
            final MemorySegment counts = isRoot ? elements(a, sendcount, sendtype, n) : MemorySegment.NULL;
            final MemorySegment places = isRoot ? elements(a, displs, sendtype, n) : MemorySegment.NULL;
            Native.ok((int) Lib.Coll.SCATTERV.invokeExact(s, counts, places, (isRoot ? sendtype : recvtype).elementHandle(),
                    r, in, recvtype.elementHandle(), root, h), call);
            Data.copyOut(r, recvbuf, recvoffset * recvtype.elementsPerItem(), in, recvtype.base());
        } catch (Throwable t) {
            throw Native.fail(call, t);
        } finally {
            if (isRoot) {
                Buffers.give(s);
            }
            Buffers.give(r);
        }
    }

    /** Gather to every process (MPI_ALLGATHER). */
    public void Allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                          Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) throws MPIException {
        final String call = "Intracomm.Allgather";
        final long h = enter(call);
        noObjects(call, sendtype, recvtype);
        final int out = Data.buffer(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype);
        final int in = Data.buffer(call, "recvbuf", recvbuf, recvoffset, (long) recvcount * sizeHere(), recvtype);
        final MemorySegment s = Buffers.take((long) out * sendtype.base().bytes());
        final MemorySegment r = Buffers.take((long) in * recvtype.base().bytes());
        try {
            Data.copyIn(sendbuf, sendoffset * sendtype.elementsPerItem(), s, out, sendtype.base());
            Native.ok((int) Lib.Coll.ALLGATHER.invokeExact(s, out, sendtype.elementHandle(), r,
                    recvcount * recvtype.elementsPerItem(), recvtype.elementHandle(), h), call);
            Data.copyOut(r, recvbuf, recvoffset * recvtype.elementsPerItem(), in, recvtype.base());
        } catch (Throwable t) {
            throw Native.fail(call, t);
        } finally {
            Buffers.give(s);
            Buffers.give(r);
        }
    }

    /** Gatherv to every process (MPI_ALLGATHERV). */
    public void Allgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                           Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype)
            throws MPIException {
        final String call = "Intracomm.Allgatherv";
        final long h = enter(call);
        noObjects(call, sendtype, recvtype);
        final int n = sizeHere();
        final int out = Data.buffer(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype);
        Data.vector(call, "recvbuf", recvbuf, recvoffset, recvcount, displs, recvtype, n);
        final int span = span(recvcount, displs, n) * recvtype.elementsPerItem();
        final MemorySegment s = Buffers.take((long) out * sendtype.base().bytes());
        final MemorySegment r = Buffers.take((long) span * recvtype.base().bytes());
        try (Arena a = Arena.ofConfined()) {
            Data.copyIn(sendbuf, sendoffset * sendtype.elementsPerItem(), s, out, sendtype.base());
            // Elements of the receive buffer that no process fills keep their values.
            Data.copyIn(recvbuf, recvoffset * recvtype.elementsPerItem(), r, span, recvtype.base());
            Native.ok((int) Lib.Coll.ALLGATHERV.invokeExact(s, out, sendtype.elementHandle(), r,
                    elements(a, recvcount, recvtype, n), elements(a, displs, recvtype, n), recvtype.elementHandle(), h),
                    call);
            Data.copyOut(r, recvbuf, recvoffset * recvtype.elementsPerItem(), span, recvtype.base());
        } catch (Throwable t) {
            throw Native.fail(call, t);
        } finally {
            Buffers.give(s);
            Buffers.give(r);
        }
    }

    /** Each process sends a distinct block of {@code sendcount} items to every process (MPI_ALLTOALL). */
    public void Alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                         Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) throws MPIException {
        final String call = "Intracomm.Alltoall";
        final long h = enter(call);
        noObjects(call, sendtype, recvtype);
        final int out = Data.buffer(call, "sendbuf", sendbuf, sendoffset, (long) sendcount * sizeHere(), sendtype);
        final int in = Data.buffer(call, "recvbuf", recvbuf, recvoffset, (long) recvcount * sizeHere(), recvtype);
        final MemorySegment s = Buffers.take((long) out * sendtype.base().bytes());
        final MemorySegment r = Buffers.take((long) in * recvtype.base().bytes());
        try {
            Data.copyIn(sendbuf, sendoffset * sendtype.elementsPerItem(), s, out, sendtype.base());
            Native.ok((int) Lib.Coll.ALLTOALL.invokeExact(s, sendcount * sendtype.elementsPerItem(),
                    sendtype.elementHandle(), r, recvcount * recvtype.elementsPerItem(), recvtype.elementHandle(), h),
                    call);
            Data.copyOut(r, recvbuf, recvoffset * recvtype.elementsPerItem(), in, recvtype.base());
        } catch (Throwable t) {
            throw Native.fail(call, t);
        } finally {
            Buffers.give(s);
            Buffers.give(r);
        }
    }

    /** Alltoall with a count and displacement (in items) per peer on both sides (MPI_ALLTOALLV). */
    public void Alltoallv(Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls, Datatype sendtype,
                          Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls, Datatype recvtype)
            throws MPIException {
        final String call = "Intracomm.Alltoallv";
        final long h = enter(call);
        noObjects(call, sendtype, recvtype);
        final int n = sizeHere();
        Data.vector(call, "sendbuf", sendbuf, sendoffset, sendcount, sdispls, sendtype, n);
        Data.vector(call, "recvbuf", recvbuf, recvoffset, recvcount, rdispls, recvtype, n);
        final int sspan = span(sendcount, sdispls, n) * sendtype.elementsPerItem();
        final int rspan = span(recvcount, rdispls, n) * recvtype.elementsPerItem();
        final MemorySegment s = Buffers.take((long) sspan * sendtype.base().bytes());
        final MemorySegment r = Buffers.take((long) rspan * recvtype.base().bytes());
        try (Arena a = Arena.ofConfined()) {
            Data.copyIn(sendbuf, sendoffset * sendtype.elementsPerItem(), s, sspan, sendtype.base());
            Data.copyIn(recvbuf, recvoffset * recvtype.elementsPerItem(), r, rspan, recvtype.base());
            Native.ok((int) Lib.Coll.ALLTOALLV.invokeExact(s, elements(a, sendcount, sendtype, n),
                    elements(a, sdispls, sendtype, n), sendtype.elementHandle(), r, elements(a, recvcount, recvtype, n),
                    elements(a, rdispls, recvtype, n), recvtype.elementHandle(), h), call);
            Data.copyOut(r, recvbuf, recvoffset * recvtype.elementsPerItem(), rspan, recvtype.base());
        } catch (Throwable t) {
            throw Native.fail(call, t);
        } finally {
            Buffers.give(s);
            Buffers.give(r);
        }
    }

    // ---- reductions --------------------------------------------------------------------------------------

    /** Combines every process's {@code count} items with {@code op}; the result lands at the root (MPI_REDUCE). */
    public void Reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                       Datatype datatype, Op op, int root) throws MPIException {
        final String call = "Intracomm.Reduce";
        root(call, root);
        reduce(call, 0, sendbuf, sendoffset, recvbuf, recvoffset, count, null, datatype, op, root);
    }

    /** Reduce with the result on every process (MPI_ALLREDUCE). */
    public void Allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                          Datatype datatype, Op op) throws MPIException {
        reduce("Intracomm.Allreduce", 1, sendbuf, sendoffset, recvbuf, recvoffset, count, null, datatype, op, 0);
    }

    /** Reduces a vector of sum(recvcounts) items and leaves segment i on process i (MPI_REDUCE_SCATTER). */
    public void Reduce_scatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts,
                               Datatype datatype, Op op) throws MPIException {
        final String call = "Intracomm.Reduce_scatter";
        enter(call);
        final int n = sizeHere();
        if (recvcounts == null || recvcounts.length < n) {
            throw new MPIException(call + ": recvcounts must have " + n + " entries");
        }
        long total = 0;
        for (int i = 0; i < n; i++) {
            if (recvcounts[i] < 0) {
                throw new MPIException(call + ": recvcounts[" + i + "] is negative");
            }
            total += recvcounts[i];
        }
        if (total > Integer.MAX_VALUE) {
            throw new MPIException(call + ": recvcounts add up to more items than an array holds");
        }
        reduce(call, 3, sendbuf, sendoffset, recvbuf, recvoffset, (int) total, recvcounts, datatype, op, 0);
    }

    /** Inclusive prefix reduction: process i receives the combination of processes 0..i (MPI_SCAN). */
    public void Scan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                     Datatype datatype, Op op) throws MPIException {
        reduce("Intracomm.Scan", 2, sendbuf, sendoffset, recvbuf, recvoffset, count, null, datatype, op, 0);
    }

    /** kind 0 Reduce, 1 Allreduce, 2 Scan, 3 Reduce_scatter ({@code count} is then the whole vector). */
    private void reduce(String call, int kind, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                        int count, int[] recvcounts, Datatype type, Op op, int root) throws MPIException {
        final long h = enter(call);
        if (op == null) {
            throw new MPIException(call + ": op is null");
        }
        final int out = Data.buffer(call, "sendbuf", sendbuf, sendoffset, count, type);
        final boolean gets = kind != 0 || rankHere() == root;
        final int mine = kind == 3 ? recvcounts[rankHere()] : count;
        final int in = gets ? Data.buffer(call, "recvbuf", recvbuf, recvoffset, mine, type) : 0;
        final Op.Wire wire = op.wire(call, type, count);
        final long opHandle = op.handle(call);
        final Datatype.Base base = type.base();
        final MemorySegment s = Buffers.take((long) out * base.bytes());
        final MemorySegment r = gets ? Buffers.take((long) in * base.bytes()) : MemorySegment.NULL;
        final Op.Running running = op.enter(type);
        try (Arena a = Arena.ofConfined()) {
            Data.copyIn(sendbuf, sendoffset * type.elementsPerItem(), s, out, base);
            final int rc = switch (kind) {
                case 0 -> (int) Lib.Coll.REDUCE.invokeExact(s, r, wire.count(), wire.type(), opHandle, root, h);
                case 1 -> (int) Lib.Coll.ALLREDUCE.invokeExact(s, r, wire.count(), wire.type(), opHandle, h);
                case 2 -> (int) Lib.Coll.SCAN.invokeExact(s, r, wire.count(), wire.type(), opHandle, h);
                default -> {
                    final int unit = wire.count() / Math.max(count, 1);
                    final int[] counts = new int[sizeHere()];
                    for (int i = 0; i < counts.length; i++) {
                        counts[i] = recvcounts[i] * unit;
                    }
                    yield (int) Lib.Coll.REDUCE_SCATTER.invokeExact(s, r, a.allocateFrom(ValueLayout.JAVA_INT, counts),
                            wire.type(), opHandle, h);
                }
            };
            Op.leave(running, call);
            Native.ok(rc, call);
            if (gets) {
                Data.copyOut(r, recvbuf, recvoffset * type.elementsPerItem(), in, base);
            }
        } catch (Throwable t) {
            throw Native.fail(call, t);
        } finally {
            running.op = null;
            Buffers.give(s);
            if (gets) {
                Buffers.give(r);
            }
        }
    }

    // ---- helpers -------------------------------------------------------------------------------------------

    private void root(String call, int root) throws MPIException {
        if (root < 0 || root >= sizeHere()) {
            throw new MPIException(call + ": root " + root + " is not a rank of the communicator (size " + sizeHere()
                    + ")");
        }
    }

    private static void noObjects(String call, Datatype a, Datatype b) throws MPIException {
        if ((a != null && a.base() == Datatype.Base.OBJECT) || (b != null && b.base() == Datatype.Base.OBJECT)) {
            throw new MPIException(call + ": MPI.OBJECT is supported by the native device in point-to-point calls"
                    + " and Bcast only");
        }
    }

    /** Items a count/displacement vector spans. */
    private static int span(int[] counts, int[] displs, int n) {
        int end = 0;
        for (int i = 0; i < n; i++) {
            end = Math.max(end, displs[i] + counts[i]);
        }
        return end;
    }

    /** A vector of items as a native vector of array elements. */
    private static MemorySegment elements(Arena a, int[] items, Datatype type, int n) {
        final int per = type.elementsPerItem();
        final MemorySegment s = a.allocate(ValueLayout.JAVA_INT, Math.max(n, 1));
        for (int i = 0; i < n; i++) {
            s.setAtIndex(ValueLayout.JAVA_INT, i, items[i] * per);
        }
        return s;
    }
}
