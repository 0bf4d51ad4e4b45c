package mpi;

import bamboo.shim.nativempi.Buffers;
import bamboo.shim.nativempi.Lib;
import bamboo.shim.nativempi.Scratch;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A communicator of the MPI library. Point-to-point calls live here, collectives in {@link Intracomm}.
 *
 * <p>Buffers: a blocking send copies the array slice into native memory (thread scratch for small
 * messages, a pooled buffer for large ones) and calls {@code MPI_Send} outside any critical region, since it
 * may wait for the receiver. A blocking receive of up to {@link Scratch#DATA_BYTES} lands in scratch and is
 * copied out; a larger one is matched first ({@code MPI_Mprobe}, which may wait) and then received straight
 * into the array by a critical {@code MPI_Mrecv}, which only moves a message already matched.
 */
public class Comm {
    static final int WORLD = 0;
    static final int SELF = 1;
    static final int DERIVED = 2;
    /** Messages up to this size may be sent straight from the array in a critical call (off by default:
     *  see docs/native-mpi.md). */
    private static final int HEAP_SEND_MAX = Integer.getInteger("bamboo.mpi.heapSendMax", 0);
    /** Receives from this size on are matched, then moved straight into the array (see the class comment);
     *  smaller ones land in native memory and are copied. */
    private static final long HEAP_RECV_MIN = Long.getLong("bamboo.mpi.heapRecvMin", Scratch.DATA_BYTES + 1L);

    private final int kind;
    private long handle;
    private int rank;
    private int size;
    private boolean freed;

    Comm(int kind) {
        this.kind = kind;
    }

    /** A communicator the library created. */
    Comm(long handle) throws MPIException {
        this.kind = DERIVED;
        this.handle = handle;
        final Scratch sc = Scratch.get();
        try {
            Native.ok((int) Lib.COMM_RANK.invokeExact(handle, sc.out), "Comm");
            rank = sc.out.get(ValueLayout.JAVA_INT, 0);
            Native.ok((int) Lib.COMM_SIZE.invokeExact(handle, sc.out), "Comm");
            size = sc.out.get(ValueLayout.JAVA_INT, 0);
        } catch (Throwable t) {
            throw Native.fail("Comm", t);
        }
    }

    /** The library's handle, after the checks every call makes. */
    final long enter(String call) throws MPIException {
        Native.enter(call);
        if (freed) {
            throw new MPIException(call + ": the communicator has been freed");
        }
        return handle();
    }

    final long handle() {
        return switch (kind) {
            case WORLD -> Lib.ABI.commWorld;
            case SELF -> Lib.ABI.commSelf;
            default -> handle;
        };
    }

    // ---- size, rank, group ---------------------------------------------------------------------------

    /** This process's rank in the communicator. */
    public int Rank() throws MPIException {
        enter("Rank");
        return rankHere();
    }

    /** Number of processes in the communicator. */
    public int Size() throws MPIException {
        enter("Size");
        return sizeHere();
    }

    final int rankHere() {
        return kind == WORLD ? Native.worldRank : kind == SELF ? 0 : rank;
    }

    final int sizeHere() {
        return kind == WORLD ? Native.worldSize : kind == SELF ? 1 : size;
    }

    /** The group of this communicator (MPI_COMM_GROUP), as world ranks. */
    public Group Group() throws MPIException {
        return new Group(worldRanks("Group"), Native.worldRank);
    }

    /** The members as ranks of COMM_WORLD, in this communicator's rank order. */
    final int[] worldRanks(String call) throws MPIException {
        final long h = enter(call);
        final int n = sizeHere();
        if (kind == WORLD) {
            return java.util.stream.IntStream.range(0, n).toArray();
        }
        final Scratch sc = Scratch.get();
        try (Arena a = Arena.ofConfined()) {
            Native.ok((int) Lib.Comms.COMM_GROUP.invokeExact(h, sc.handle), call);
            final long mine = Lib.handleAt(sc.handle, 0);
            Native.ok((int) Lib.Comms.COMM_GROUP.invokeExact(Lib.ABI.commWorld, sc.handle2), call);
            final long world = Lib.handleAt(sc.handle2, 0);
            final MemorySegment from = a.allocate(ValueLayout.JAVA_INT, Math.max(n, 1));
            final MemorySegment to = a.allocate(ValueLayout.JAVA_INT, Math.max(n, 1));
            for (int i = 0; i < n; i++) {
                from.setAtIndex(ValueLayout.JAVA_INT, i, i);
            }
            Native.ok((int) Lib.Comms.GROUP_TRANSLATE.invokeExact(mine, n, from, world, to), call);
            Lib.setHandle(sc.handle, 0, mine);
            Native.ok((int) Lib.Comms.GROUP_FREE.invokeExact(sc.handle), call);
            Lib.setHandle(sc.handle, 0, world);
            Native.ok((int) Lib.Comms.GROUP_FREE.invokeExact(sc.handle), call);
            return to.toArray(ValueLayout.JAVA_INT);
        } catch (Throwable t) {
            throw Native.fail(call, t);
        }
    }

    /** {@link MPI#IDENT}, {@link MPI#CONGRUENT}, {@link MPI#SIMILAR} or {@link MPI#UNEQUAL} (MPI_COMM_COMPARE). */
    public static int Compare(Comm comm1, Comm comm2) throws MPIException {
        if (comm1 == null || comm2 == null) {
            throw new MPIException("Compare: comm" + (comm1 == null ? "1" : "2") + " is null");
        }
        final long a = comm1.enter("Compare");
        final long b = comm2.enter("Compare");
        final Scratch sc = Scratch.get();
        try {
            Native.ok((int) Lib.Comms.COMM_COMPARE.invokeExact(a, b, sc.out), "Compare");
        } catch (Throwable t) {
            throw Native.fail("Compare", t);
        }
        final int r = sc.out.get(ValueLayout.JAVA_INT, 0);
        final int[] c = Lib.ABI.compare;
        return r == c[0] ? MPI.IDENT : r == c[1] ? MPI.CONGRUENT : r == c[2] ? MPI.SIMILAR : MPI.UNEQUAL;
    }

    /** Frees the communicator; later calls on it fail. COMM_WORLD and COMM_SELF cannot be freed. */
    public void Free() throws MPIException {
        final long h = enter("Free");
        if (kind != DERIVED) {
            throw new MPIException("Free: MPI." + (kind == SELF ? "COMM_SELF" : "COMM_WORLD") + " cannot be freed");
        }
        final Scratch sc = Scratch.get();
        Lib.setHandle(sc.handle, 0, h);
        try {
            Native.ok((int) Lib.Comms.COMM_FREE.invokeExact(sc.handle), "Free");
        } catch (Throwable t) {
            throw Native.fail("Free", t);
        }
        freed = true;
    }

    /** Ends the whole job with {@code errorcode} (MPI_ABORT). */
    public void Abort(int errorcode) throws MPIException {
        final long h = enter("Abort");
        System.out.flush();
        System.err.flush();
        try {
            Native.ok((int) Lib.Comms.ABORT.invokeExact(h, errorcode), "Abort");
        } catch (Throwable t) {
            throw Native.fail("Abort", t);
        }
    }

    /** True for an inter-communicator; the device creates none. */
    public boolean Test_inter() throws MPIException {
        enter("Test_inter");
        return false;
    }

    // ---- blocking sends ------------------------------------------------------------------------------

    /** Standard send: returns when {@code buf} may be reused. */
    public void Send(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        send("Send", buf, offset, count, datatype, dest, tag, 0);
    }

    /** Synchronous send: returns only when a matching receive has started. */
    public void Ssend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        send("Ssend", buf, offset, count, datatype, dest, tag, 1);
    }

    /** Buffered send: copies the message and returns at once. */
    public void Bsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        Ibsend(buf, offset, count, datatype, dest, tag).Wait();
    }

    /** Ready send: the matching receive must already be posted. */
    public void Rsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        send("Rsend", buf, offset, count, datatype, dest, tag, 2);
    }

    private void send(String call, Object buf, int offset, int count, Datatype type, int dest, int tag, int mode)
            throws MPIException {
        final long h = enter(call);
        final int elements = Data.buffer(call, "buf", buf, offset, count, type);
        Native.checkSend(call, dest, tag, sizeHere());
        if (dest == MPI.PROC_NULL) {
            return;
        }
        final Datatype.Base base = type.base();
        if (base == Datatype.Base.OBJECT) {
            final byte[] bytes = Data.serialise(call, (Object[]) buf, offset, count);
            sendBytes(call, h, bytes, dest, tag, mode);
            return;
        }
        final int at = offset * type.elementsPerItem();
        final long bytes = (long) elements * base.bytes();
        try {
            if (mode == 0 && bytes <= HEAP_SEND_MAX && base != Datatype.Base.BOOLEAN) {
                Native.ok((int) Lib.Comms.SEND_HEAP.invokeExact(Data.heap(buf, at, elements, base), elements,
                        type.elementHandle(), Native.rank(dest), Native.tag(tag), h), call);
                return;
            }
            final Scratch sc = Scratch.get();
            final boolean small = bytes <= Scratch.DATA_BYTES;
            final MemorySegment seg = small ? sc.data : Buffers.take(bytes);
            Data.copyIn(buf, at, seg, elements, base);
            final int rc = switch (mode) {
                case 1 -> (int) Lib.Comms.SSEND.invokeExact(seg, elements, type.elementHandle(), Native.rank(dest),
                        Native.tag(tag), h);
                case 2 -> (int) Lib.Comms.RSEND.invokeExact(seg, elements, type.elementHandle(), Native.rank(dest),
                        Native.tag(tag), h);
                default -> (int) Lib.SEND.invokeExact(seg, elements, type.elementHandle(), Native.rank(dest),
                        Native.tag(tag), h);
            };
            if (!small) {
                Buffers.give(seg);
            }
            Native.ok(rc, call);
        } catch (Throwable t) {
            throw Native.fail(call, t);
        }
    }

    private static void sendBytes(String call, long h, byte[] data, int dest, int tag, int mode) throws MPIException {
        final MemorySegment seg = Buffers.take(data.length);
        MemorySegment.copy(data, 0, seg, ValueLayout.JAVA_BYTE, 0, data.length);
        try {
            final long byteType = Lib.ABI.datatype(bamboo.shim.nativempi.Abi.Types.BYTE);
            final int rc = mode == 1
                    ? (int) Lib.Comms.SSEND.invokeExact(seg, data.length, byteType, Native.rank(dest), Native.tag(tag), h)
                    : (int) Lib.SEND.invokeExact(seg, data.length, byteType, Native.rank(dest), Native.tag(tag), h);
            Native.ok(rc, call);
        } catch (Throwable t) {
            throw Native.fail(call, t);
        } finally {
            Buffers.give(seg);
        }
    }

    // ---- non-blocking sends --------------------------------------------------------------------------

    public Request Isend(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        final Request r = new Request();
        isend("Isend", r, buf, offset, count, datatype, dest, tag, 0);
        return r;
    }

    public Request Issend(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        final Request r = new Request();
        isend("Issend", r, buf, offset, count, datatype, dest, tag, 1);
        return r;
    }

    /** Buffered: the message is copied at once and the request is complete when returned; the copy is
     *  sent in the background, within the size of the attached buffer ({@link MPI#Buffer_attach}). */
    public Request Ibsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        final String call = "Ibsend";
        enter(call);
        final int elements = Data.buffer(call, "buf", buf, offset, count, datatype);
        Buffered.reserve(call, (long) elements * datatype.base().bytes());
        final Request inFlight = new Request();
        isend(call, inFlight, buf, offset, count, datatype, dest, tag, 0);
        Buffered.add(inFlight, (long) elements * datatype.base().bytes());
        return Request.completed(Request.emptyStatus());
    }

    public Request Irsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        final Request r = new Request();
        isend("Irsend", r, buf, offset, count, datatype, dest, tag, 2);
        return r;
    }

    /** Starts a non-blocking send on {@code into}; mode 0 standard, 1 synchronous, 2 ready, 3 buffered. */
    final void isend(String call, Request into, Object buf, int offset, int count, Datatype type, int dest, int tag,
                     int mode) throws MPIException {
        final long h = enter(call);
        final int elements = Data.buffer(call, "buf", buf, offset, count, type);
        Native.checkSend(call, dest, tag, sizeHere());
        if (dest == MPI.PROC_NULL) {
            into.becomeDone(new Status(MPI.PROC_NULL, MPI.ANY_TAG, 0));
            return;
        }
        final Datatype.Base base = type.base();
        final MemorySegment seg;
        final int n;
        final long wire;
        if (base == Datatype.Base.OBJECT) {
            final byte[] data = Data.serialise(call, (Object[]) buf, offset, count);
            seg = Buffers.take(data.length);
            MemorySegment.copy(data, 0, seg, ValueLayout.JAVA_BYTE, 0, data.length);
            n = data.length;
            wire = type.elementHandle();
        } else {
            seg = Buffers.take((long) elements * base.bytes());
            Data.copyIn(buf, offset * type.elementsPerItem(), seg, elements, base);
            n = elements;
            wire = type.elementHandle();
        }
        final Scratch sc = Scratch.get();
        try {
            final int rc = switch (mode) {
                case 1 -> (int) Lib.Comms.ISSEND.invokeExact(seg, n, wire, Native.rank(dest), Native.tag(tag), h, sc.handle);
                case 2 -> (int) Lib.Comms.IRSEND.invokeExact(seg, n, wire, Native.rank(dest), Native.tag(tag), h, sc.handle);
                default -> (int) Lib.ISEND.invokeExact(seg, n, wire, Native.rank(dest), Native.tag(tag), h, sc.handle);
            };
            if (rc != 0) {
                Buffers.give(seg);
            }
            Native.ok(rc, call);
        } catch (Throwable t) {
            throw Native.fail(call, t);
        }
        into.become(Lib.handleAt(sc.handle, 0), seg, false, null, 0, base, call);
    }

    // ---- receives ------------------------------------------------------------------------------------

    /** Blocking receive of at most {@code count} items; a longer message is an error (MPI_ERR_TRUNCATE). */
    public Status Recv(Object buf, int offset, int count, Datatype datatype, int source, int tag)
            throws MPIException {
        final String call = "Recv";
        final long h = enter(call);
        final int capacity = Data.buffer(call, "buf", buf, offset, count, datatype);
        Native.checkRecv(call, source, tag, sizeHere());
        if (source == MPI.PROC_NULL) {
            return new Status(MPI.PROC_NULL, MPI.ANY_TAG, 0);
        }
        final Datatype.Base base = datatype.base();
        final int at = offset * datatype.elementsPerItem();
        if (base == Datatype.Base.OBJECT) {
            return receiveObjects(call, h, source, tag, (Object[]) buf, at, count, true);
        }
        final long bytes = (long) capacity * base.bytes();
        final Scratch sc = Scratch.get();
        try {
            if (bytes < HEAP_RECV_MIN || base == Datatype.Base.BOOLEAN) {
                final boolean small = bytes <= Scratch.DATA_BYTES;
                final MemorySegment seg = small ? sc.data : Buffers.take(bytes);
                final int rc = (int) Lib.RECV.invokeExact(seg, capacity, datatype.elementHandle(), Native.rank(source),
                        Native.tag(tag), h, sc.status);
                Native.ok(rc, call);
                final int elements = Native.bytes(sc, sc.status, call) / base.bytes();
                Data.copyOut(seg, buf, at, elements, base);
                if (!small) {
                    Buffers.give(seg);
                }
                return Native.status(sc.status, elements);
            }
            // Matched first (a wait, outside any critical region), then moved straight into the array.
            Native.ok((int) Lib.MPROBE.invokeExact(Native.rank(source), Native.tag(tag), h, sc.handle, sc.status), call);
            Native.ok((int) Lib.MRECV_HEAP.invokeExact(Data.heap(buf, at, capacity, base), capacity,
                    datatype.elementHandle(), sc.handle, sc.status), call);
            final int elements = Native.bytes(sc, sc.status, call) / base.bytes();
            return Native.status(sc.status, elements);
        } catch (Throwable t) {
            throw Native.fail(call, t);
        }
    }

    public Request Irecv(Object buf, int offset, int count, Datatype datatype, int source, int tag)
            throws MPIException {
        final Request r = new Request();
        irecv("Irecv", r, buf, offset, count, datatype, source, tag);
        return r;
    }

    final void irecv(String call, Request into, Object buf, int offset, int count, Datatype datatype, int source,
                     int tag) throws MPIException {
        final long h = enter(call);
        final int capacity = Data.buffer(call, "buf", buf, offset, count, datatype);
        Native.checkRecv(call, source, tag, sizeHere());
        final int at = offset * datatype.elementsPerItem();
        if (source == MPI.PROC_NULL) {
            into.becomeDone(new Status(MPI.PROC_NULL, MPI.ANY_TAG, 0));
            return;
        }
        final Datatype.Base base = datatype.base();
        if (base == Datatype.Base.OBJECT) {
            into.becomeObjectRecv(h, source, tag, (Object[]) buf, at, count, call);
            return;
        }
        final MemorySegment seg = Buffers.take((long) capacity * base.bytes());
        final Scratch sc = Scratch.get();
        try {
            final int rc = (int) Lib.IRECV.invokeExact(seg, capacity, datatype.elementHandle(), Native.rank(source),
                    Native.tag(tag), h, sc.handle);
            if (rc != 0) {
                Buffers.give(seg);
            }
            Native.ok(rc, call);
        } catch (Throwable t) {
            throw Native.fail(call, t);
        }
        into.become(Lib.handleAt(sc.handle, 0), seg, true, buf, at, base, call);
    }

    /** Receives a message of serialised objects (matched, sized, then received); null when {@code block} is
     *  false and none is there. */
    static Status receiveObjects(String call, long h, int source, int tag, Object[] buf, int at, int capacity,
                                 boolean block) throws MPIException {
        final Scratch sc = Scratch.get();
        try {
            if (block) {
                Native.ok((int) Lib.MPROBE.invokeExact(Native.rank(source), Native.tag(tag), h, sc.handle, sc.status),
                        call);
            } else {
                Native.ok((int) Lib.Comms.IMPROBE.invokeExact(Native.rank(source), Native.tag(tag), h, sc.flag, sc.handle,
                        sc.status), call);
                if (sc.flag.get(ValueLayout.JAVA_INT, 0) == 0) {
                    return null;
                }
            }
            final byte[] data = new byte[Native.bytes(sc, sc.status, call)];
            Native.ok((int) Lib.MRECV_HEAP.invokeExact(MemorySegment.ofArray(data), data.length,
                    Lib.ABI.datatype(bamboo.shim.nativempi.Abi.Types.BYTE), sc.handle, sc.status), call);
            final Status s = Native.status(sc.status, 0);
            return new Status(s.source, s.tag, Data.deserialise(call, data, buf, at, capacity));
        } catch (Throwable t) {
            throw Native.fail(call, t);
        }
    }

    /** Sends and receives at once; never deadlocks whatever order the peers call it in. */
    public Status Sendrecv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest, int sendtag,
                           Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int recvtag)
            throws MPIException {
        final String call = "Sendrecv";
        enter(call);
        if (sendtype != null && recvtype != null && sendtype.base() != Datatype.Base.OBJECT
                && recvtype.base() != Datatype.Base.OBJECT) {
            return sendrecvNative(call, sendbuf, sendoffset, sendcount, sendtype, dest, sendtag, recvbuf, recvoffset,
                    recvcount, recvtype, source, recvtag);
        }
        final Request r = Irecv(recvbuf, recvoffset, recvcount, recvtype, source, recvtag);
        final Request w = Isend(sendbuf, sendoffset, sendcount, sendtype, dest, sendtag);
        final Status s = r.Wait();
        w.Wait();
        return s;
    }

    private Status sendrecvNative(String call, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                                  int dest, int sendtag, Object recvbuf, int recvoffset, int recvcount,
                                  Datatype recvtype, int source, int recvtag) throws MPIException {
        final long h = handle();
        final int out = Data.buffer(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype);
        final int in = Data.buffer(call, "recvbuf", recvbuf, recvoffset, recvcount, recvtype);
        Native.checkSend(call, dest, sendtag, sizeHere());
        Native.checkRecv(call, source, recvtag, sizeHere());
        final long outBytes = (long) out * sendtype.base().bytes();
        final long inBytes = (long) in * recvtype.base().bytes();
        final Scratch sc = Scratch.get();
        // Both halves of the scratch when both messages fit, so a small exchange allocates nothing.
        final boolean small = outBytes <= Scratch.DATA_BYTES / 2 && inBytes <= Scratch.DATA_BYTES / 2;
        final MemorySegment sseg = small ? sc.data : Buffers.take(outBytes);
        final MemorySegment rseg = small ? sc.dataHigh : Buffers.take(inBytes);
        Data.copyIn(sendbuf, sendoffset * sendtype.elementsPerItem(), sseg, out, sendtype.base());
        try {
            Native.ok((int) Lib.Comms.SENDRECV.invokeExact(sseg, out, sendtype.elementHandle(), Native.rank(dest),
                    Native.tag(sendtag), rseg, in, recvtype.elementHandle(), Native.rank(source), Native.tag(recvtag), h,
                    sc.status), call);
            if (source == MPI.PROC_NULL) {
                return new Status(MPI.PROC_NULL, MPI.ANY_TAG, 0);
            }
            final int elements = Native.bytes(sc, sc.status, call) / recvtype.base().bytes();
            Data.copyOut(rseg, recvbuf, recvoffset * recvtype.elementsPerItem(), elements, recvtype.base());
            return Native.status(sc.status, elements);
        } catch (Throwable t) {
            throw Native.fail(call, t);
        } finally {
            if (!small) {
                Buffers.give(sseg);
                Buffers.give(rseg);
            }
        }
    }

    /** Sends {@code buf} and receives into the same buffer. */
    public Status Sendrecv_replace(Object buf, int offset, int count, Datatype datatype, int dest, int sendtag,
                                   int source, int recvtag) throws MPIException {
        enter("Sendrecv_replace");
        if (datatype != null && datatype.base() == Datatype.Base.OBJECT) {
            final Request w = Isend(buf, offset, count, datatype, dest, sendtag);
            final Status s = Recv(buf, offset, count, datatype, source, recvtag);
            w.Wait();
            return s;
        }
        // The outgoing data is copied into native memory first, so the receive may overwrite the array.
        return sendrecvNative("Sendrecv_replace", buf, offset, count, datatype, dest, sendtag, buf, offset, count,
                datatype, source, recvtag);
    }

    // ---- probes --------------------------------------------------------------------------------------

    /** Waits until a matching message can be received; returns its status without receiving it. */
    public Status Probe(int source, int tag) throws MPIException {
        final long h = enter("Probe");
        Native.checkRecv("Probe", source, tag, sizeHere());
        if (source == MPI.PROC_NULL) {
            return new Status(MPI.PROC_NULL, MPI.ANY_TAG, 0);
        }
        final Scratch sc = Scratch.get();
        try {
            Native.ok((int) Lib.Comms.PROBE.invokeExact(Native.rank(source), Native.tag(tag), h, sc.status), "Probe");
        } catch (Throwable t) {
            throw Native.fail("Probe", t);
        }
        return probed(sc, "Probe");
    }

    /** The status of a matching message that can be received now, else null. */
    public Status Iprobe(int source, int tag) throws MPIException {
        final long h = enter("Iprobe");
        Native.checkRecv("Iprobe", source, tag, sizeHere());
        if (source == MPI.PROC_NULL) {
            return new Status(MPI.PROC_NULL, MPI.ANY_TAG, 0);
        }
        final Scratch sc = Scratch.get();
        try {
            Native.ok((int) Lib.IPROBE.invokeExact(Native.rank(source), Native.tag(tag), h, sc.flag, sc.status),
                    "Iprobe");
        } catch (Throwable t) {
            throw Native.fail("Iprobe", t);
        }
        return sc.flag.get(ValueLayout.JAVA_INT, 0) == 0 ? null : probed(sc, "Iprobe");
    }

    private static Status probed(Scratch sc, String call) throws MPIException {
        final Status s = Native.status(sc.status, 0);
        return Status.probed(s.source, s.tag, Native.bytes(sc, sc.status, call));
    }

    // ---- persistent requests -------------------------------------------------------------------------

    public Prequest Send_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        return sendInit("Send_init", buf, offset, count, datatype, dest, tag, 0);
    }

    public Prequest Ssend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        return sendInit("Ssend_init", buf, offset, count, datatype, dest, tag, 1);
    }

    public Prequest Bsend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        enter("Bsend_init");
        Data.buffer("Bsend_init", "buf", buf, offset, count, datatype);
        Native.checkSend("Bsend_init", dest, tag, sizeHere());
        return new Prequest(into -> {
            Ibsend(buf, offset, count, datatype, dest, tag);
            into.becomeDone(Request.emptyStatus());
        });
    }

    public Prequest Rsend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        return sendInit("Rsend_init", buf, offset, count, datatype, dest, tag, 2);
    }

    public Prequest Recv_init(Object buf, int offset, int count, Datatype datatype, int source, int tag)
            throws MPIException {
        enter("Recv_init");
        Data.buffer("Recv_init", "buf", buf, offset, count, datatype);
        Native.checkRecv("Recv_init", source, tag, sizeHere());
        return new Prequest(into -> irecv("Recv_init", into, buf, offset, count, datatype, source, tag));
    }

    private Prequest sendInit(String call, Object buf, int offset, int count, Datatype type, int dest, int tag,
                              int mode) throws MPIException {
        enter(call);
        Data.buffer(call, "buf", buf, offset, count, type);
        Native.checkSend(call, dest, tag, sizeHere());
        return new Prequest(into -> isend(call, into, buf, offset, count, type, dest, tag, mode));
    }

    @Override
    public String toString() {
        return kind == WORLD ? "MPI.COMM_WORLD" : kind == SELF ? "MPI.COMM_SELF" : "Comm[" + Long.toHexString(handle)
                + "]";
    }
}
