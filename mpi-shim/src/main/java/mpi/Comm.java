package mpi;

import bamboo.shim.GroupSets;
import bamboo.shim.coll.Channel;
import bamboo.shim.engine.Binding;
import bamboo.shim.engine.Checks;
import bamboo.shim.engine.ContextChannel;
import bamboo.shim.engine.Endpoint;
import bamboo.shim.engine.Pending;
import bamboo.shim.engine.Scope;
import bamboo.shim.engine.SendMode;

/**
 * A communicator: a group of processes and a private context in which their messages match.
 * Point-to-point calls live here; collectives in {@link Intracomm}.
 *
 * <p>{@code MPI.COMM_WORLD} is one object shared by every rank of a job; it resolves to the calling
 * thread's rank (bound by the job runner, inherited by threads the rank creates). Communicators made
 * from it hold their process directly.
 *
 * <p>Contract between the point-to-point layer and the collectives layer (both inside the shim):
 * <ul>
 *   <li>{@link #collectiveChannel()}: point-to-point on this communicator's collective context;</li>
 *   <li>{@link #Comm(Comm, int[], int)}: a communicator of the same process over a new group and context;</li>
 *   <li>{@link #contextCandidate()} / {@link #contextAgreed(int)}: context ids are agreed by an
 *       {@code Allreduce(MAX)} of every member's candidate over the parent, then marked used.</li>
 * </ul>
 * Context id {@code c} puts point-to-point traffic on wire context {@code 2c} and collective traffic on
 * {@code 2c + 1}; COMM_WORLD is context 0.
 */
public class Comm {
    /** The process of a derived communicator; null for COMM_WORLD and COMM_SELF (resolved per calling
     *  thread). */
    private final Endpoint endpoint;
    /** COMM_SELF: the calling rank alone. */
    private final boolean self;
    private final Scope scope;
    private final Scope collectiveScope;
    private final int context;
    private volatile boolean freed;
    /** {@link MPI#COMM_NULL}: no process, no group; every call fails. */
    private final boolean nullHandle;
    /** Predefined attributes a rank has deleted from COMM_WORLD ({@link #Attr_delete}), per rank. */
    private final java.util.Map<Endpoint, java.util.Set<Integer>> deletedAttributes = new java.util.WeakHashMap<>();
    private volatile Errhandler errhandler = MPI.ERRORS_ARE_FATAL;
    /** The error handlers of COMM_WORLD or COMM_SELF, per rank (weakly: a finished job's ranks go). */
    private final java.util.Map<Endpoint, Errhandler> perRankHandlers = new java.util.WeakHashMap<>();

    /** COMM_WORLD. */
    Comm() {
        this(false);
    }

    /** COMM_WORLD, or COMM_SELF when {@code self}. */
    Comm(boolean self) {
        this(self, false);
    }

    private Comm(boolean self, boolean nullHandle) {
        this.endpoint = null;
        this.self = self;
        this.scope = null;
        this.collectiveScope = null;
        this.context = self ? 1 : 0;
        this.nullHandle = nullHandle;
    }

    /** {@link MPI#COMM_NULL}. */
    static Comm nullHandle() {
        return new Comm(false, true);
    }

    /** Creates a communicator of the same process as {@code parent}, over {@code worldRanks} (the
     *  group, as ranks of the world in group order) with context id {@code context}. */
    Comm(Comm parent, int[] worldRanks, int context) {
        this.endpoint = parent.process();
        this.self = false;
        this.nullHandle = false;
        this.context = context;
        final int worldSize = endpoint.world().size();
        this.scope = new Scope(worldRanks, worldSize, 2 * context, "communicator " + context);
        this.collectiveScope = scope.withContext(2 * context + 1, "communicator " + context + " (collective)");
    }

    /** Point-to-point on this communicator's collective context. */
    Channel collectiveChannel() {
        final Endpoint e = process();
        if (self) {
            final Scope s = e.selfScope();
            return new ContextChannel(e, s.withContext(s.wireContext() + 1, "COMM_SELF (collective)"));
        }
        return collectiveScope == null ? e.worldChannel() : new ContextChannel(e, collectiveScope);
    }

    /** A context id that this process does not use, above every one it does. */
    int contextCandidate() {
        return process().contextCandidate();
    }

    /** Records that {@code context} (the agreed maximum of all candidates) is now in use. */
    void contextAgreed(int context) {
        process().contextAgreed(context);
    }

    /** The group, as world ranks in communicator-rank order. */
    int[] worldRanks() {
        final Endpoint e = process();
        return scopeOf(e).worldRanks();
    }

    /** The collective channel after the checks every MPI call makes (initialised, not finalised, not
     *  freed); for the collectives layer. */
    Channel collectiveChannel(String call) throws MPIException {
        enter(call);
        final Channel c = collectiveChannel();
        return c instanceof ContextChannel ? ((ContextChannel) c).named(call) : c;
    }

    /** The group of this communicator (MPI_COMM_GROUP). */
    public Group Group() throws MPIException {
        final Endpoint e = enter("Group");
        return new Group(scopeOf(e).worldRanks(), e.rank());
    }

    /** {@link MPI#IDENT} for the same communicator, {@link MPI#CONGRUENT} for the same group in the same
     *  order with another context, {@link MPI#SIMILAR} for the same members in another order,
     *  {@link MPI#UNEQUAL} otherwise (MPI_COMM_COMPARE). */
    public static int Compare(Comm comm1, Comm comm2) throws MPIException {
        if (comm1 == null || comm2 == null) {
            throw new MPIException("Compare: comm" + (comm1 == null ? "1" : "2") + " is null");
        }
        comm1.enter("Compare");
        comm2.enter("Compare");
        if (comm1 == comm2) {
            return MPI.IDENT;
        }
        final int groups = GroupSets.compare(comm1.worldRanks(), comm2.worldRanks());
        return groups == MPI.IDENT ? MPI.CONGRUENT : groups;
    }

    /** This communicator's context id. */
    int context() {
        return context;
    }

    // ---- size and rank -------------------------------------------------------------------------------

    /** This process's rank in the communicator. */
    public int Rank() throws MPIException {
        final Binding.WorldView view = worldView();
        if (view != null) {
            return view.rank();
        }
        final Endpoint e = enter("Rank");
        return scopeOf(e).local(e.rank());
    }

    /** Number of processes in the communicator. */
    public int Size() throws MPIException {
        final Binding.WorldView view = worldView();
        if (view != null) {
            return view.size();
        }
        return scopeOf(enter("Size")).size();
    }

    /** A translated task's view when this is {@code MPI.COMM_WORLD} and a task is running untranslated code. */
    private Binding.WorldView worldView() {
        return endpoint == null && !self ? Binding.view() : null;
    }

    /** Marks the communicator freed; later calls on it fail. COMM_WORLD cannot be freed. */
    public void Free() throws MPIException {
        enter("Free");
        if (endpoint == null) {
            throw new MPIException("Free: MPI." + (self ? "COMM_SELF" : "COMM_WORLD") + " cannot be freed");
        }
        freed = true;
    }

    /** Ends the whole job (every rank, whatever the communicator), as MPI_ABORT does. */
    public void Abort(int errorcode) throws MPIException {
        throw enter("Abort").abortJob(errorcode);
    }

    /** True for an inter-communicator; the shim has none. */
    public boolean Test_inter() throws MPIException {
        enter("Test_inter");
        return false;
    }

    // ---- blocking sends ------------------------------------------------------------------------------

    /** Standard send: returns when {@code buf} may be reused (eager copy, or the receiver copied it). */
    public void Send(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        send("Send", buf, offset, count, datatype, dest, tag, SendMode.STANDARD);
    }

    /** Synchronous send: returns only when a matching receive has taken the message. */
    public void Ssend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        send("Ssend", buf, offset, count, datatype, dest, tag, SendMode.SYNCHRONOUS);
    }

    /** Buffered send: copies the message and returns at once. */
    public void Bsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        send("Bsend", buf, offset, count, datatype, dest, tag, SendMode.BUFFERED);
    }

    /** Ready send (behaves as a standard send). */
    public void Rsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        send("Rsend", buf, offset, count, datatype, dest, tag, SendMode.READY);
    }

    // ---- non-blocking sends --------------------------------------------------------------------------

    public Request Isend(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        return isend("Isend", buf, offset, count, datatype, dest, tag, SendMode.STANDARD);
    }

    public Request Issend(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        return isend("Issend", buf, offset, count, datatype, dest, tag, SendMode.SYNCHRONOUS);
    }

    public Request Ibsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        return isend("Ibsend", buf, offset, count, datatype, dest, tag, SendMode.BUFFERED);
    }

    public Request Irsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        return isend("Irsend", buf, offset, count, datatype, dest, tag, SendMode.READY);
    }

    // ---- receives ------------------------------------------------------------------------------------

    /** Blocking receive of at most {@code count} items; a longer message is an error (MPI_ERR_TRUNCATE). */
    public Status Recv(Object buf, int offset, int count, Datatype datatype, int source, int tag)
            throws MPIException {
        final Endpoint e = enter("Recv");
        final Scope s = scopeOf(e);
        if (derived(datatype)) {
            return recvDerived("Recv", e, s, buf, offset, count, datatype, source, tag);
        }
        final int capacity = checkRecv("Recv", s, buf, offset, count, datatype, source, tag);
        return e.recv(s, buf, offset * datatype.elementsPerItem(), capacity, datatype, source, tag, "Recv");
    }

    public Request Irecv(Object buf, int offset, int count, Datatype datatype, int source, int tag)
            throws MPIException {
        final Endpoint e = enter("Irecv");
        final Scope s = scopeOf(e);
        if (derived(datatype)) {
            return irecvDerived("Irecv", e, s, buf, offset, count, datatype, source, tag);
        }
        final int capacity = checkRecv("Irecv", s, buf, offset, count, datatype, source, tag);
        return new Request(e.irecv(s, buf, offset * datatype.elementsPerItem(), capacity, datatype, source, tag,
                "Irecv"));
    }

    /** Sends and receives at once; never deadlocks whatever order the peers call it in. */
    public Status Sendrecv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest, int sendtag,
                           Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int recvtag)
            throws MPIException {
        final Endpoint e = enter("Sendrecv");
        final Scope s = scopeOf(e);
        if (derived(sendtype) || derived(recvtype)) {
            return sendrecvDerived(e, s, sendbuf, sendoffset, sendcount, sendtype, dest, sendtag, recvbuf, recvoffset,
                    recvcount, recvtype, source, recvtag);
        }
        final int elements = checkSend("Sendrecv", "sendbuf", s, sendbuf, sendoffset, sendcount, sendtype, dest,
                sendtag);
        final int capacity = checkRecvBuffer("Sendrecv", "recvbuf", s, recvbuf, recvoffset, recvcount, recvtype,
                source, recvtag);
        final Pending r = e.irecv(s, recvbuf, recvoffset * recvtype.elementsPerItem(), capacity, recvtype, source,
                recvtag, "Sendrecv");
        final Pending w = e.isend(s, sendbuf, sendoffset * sendtype.elementsPerItem(), elements, sendtype, dest,
                sendtag, SendMode.STANDARD, "Sendrecv");
        // The receive first: a deferred send (SendOp) may meanwhile be taken straight from our buffer.
        e.await(r, null);
        e.await(w, null);
        return r.complete();
    }

    /** Sends {@code buf} and receives into the same buffer. */
    public Status Sendrecv_replace(Object buf, int offset, int count, Datatype datatype, int dest, int sendtag,
                                   int source, int recvtag) throws MPIException {
        final Endpoint e = enter("Sendrecv_replace");
        final Scope s = scopeOf(e);
        if (derived(datatype)) {
            // Packed first: the outgoing elements are copied before the receive overwrites the buffer.
            final String call = "Sendrecv_replace";
            Checks.rank(call, "dest", dest, s.size(), false);
            Checks.sendTag(call, sendtag);
            final int elements = Layout.check(call, "buf", buf, offset, count, datatype);
            final Object packed = Layout.pack(datatype, buf, offset, count);
            final Pending w = e.isend(s, packed, 0, elements, Layout.element(datatype), dest, sendtag,
                    SendMode.STANDARD, call);
            final Status status = recvDerived(call, e, s, buf, offset, count, datatype, source, recvtag);
            e.await(w, null);
            return status;
        }
        final int elements = checkSend("Sendrecv_replace", "buf", s, buf, offset, count, datatype, dest, sendtag);
        checkRecvBuffer("Sendrecv_replace", "buf", s, buf, offset, count, datatype, source, recvtag);
        final int at = offset * datatype.elementsPerItem();
        // Copied: the outgoing data is copied before the receive may overwrite the buffer.
        final Pending w = e.isend(s, buf, at, elements, datatype, dest, sendtag, SendMode.COPY,
                "Sendrecv_replace");
        final Status status = e.recv(s, buf, at, elements, datatype, source, recvtag, "Sendrecv_replace");
        e.await(w, null);
        return status;
    }

    // ---- probes --------------------------------------------------------------------------------------

    /** Waits until a matching message can be received; returns its status without receiving it. */
    public Status Probe(int source, int tag) throws MPIException {
        final Endpoint e = enter("Probe");
        final Scope s = scopeOf(e);
        Checks.rank("Probe", "source", source, s.size(), true);
        Checks.recvTag("Probe", tag);
        return e.probe(s, source, tag, "Probe");
    }

    /** The status of a matching message that can be received now, else null. */
    public Status Iprobe(int source, int tag) throws MPIException {
        final Endpoint e = enter("Iprobe");
        final Scope s = scopeOf(e);
        Checks.rank("Iprobe", "source", source, s.size(), true);
        Checks.recvTag("Iprobe", tag);
        final Status found = e.iprobe(s, source, tag);
        if (found == null) {
            e.pollMissed(); // with a core gate: let a rank of the node that waits for the core run
        }
        return found;
    }

    // ---- persistent requests -------------------------------------------------------------------------

    public Prequest Send_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        return sendInit("Send_init", buf, offset, count, datatype, dest, tag, SendMode.STANDARD);
    }

    public Prequest Ssend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        return sendInit("Ssend_init", buf, offset, count, datatype, dest, tag, SendMode.SYNCHRONOUS);
    }

    public Prequest Bsend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        return sendInit("Bsend_init", buf, offset, count, datatype, dest, tag, SendMode.BUFFERED);
    }

    public Prequest Rsend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        return sendInit("Rsend_init", buf, offset, count, datatype, dest, tag, SendMode.READY);
    }

    public Prequest Recv_init(Object buf, int offset, int count, Datatype datatype, int source, int tag)
            throws MPIException {
        final Endpoint e = enter("Recv_init");
        final Scope s = scopeOf(e);
        if (derived(datatype)) {
            final String call = "Recv_init";
            Checks.rank(call, "source", source, s.size(), true);
            Checks.recvTag(call, tag);
            final int capacity = Layout.check(call, "buf", buf, offset, count, datatype);
            final Datatype element = Layout.element(datatype);
            final boolean dense = datatype.dense();
            final Object into = dense ? Layout.wire(datatype, buf) : Layout.into(datatype, buf, offset);
            final int at = dense ? Layout.wireOffset(datatype, offset) : 0;
            return new Prequest(() -> {
                e.check("Prequest.Start");
                return e.irecv(s, into, at, capacity, element, source, tag, call);
            }, Layout.counted(datatype, count));
        }
        final int capacity = checkRecv("Recv_init", s, buf, offset, count, datatype, source, tag);
        final int at = offset * datatype.elementsPerItem();
        return new Prequest(() -> {
            e.check("Prequest.Start");
            return e.irecv(s, buf, at, capacity, datatype, source, tag, "Recv_init");
        });
    }

    // ---- error handlers, duplication ------------------------------------------------------------------

    /** Sets how errors of calls on this communicator are reported (MPI_ERRHANDLER_SET): both handlers
     *  throw {@link MPIException}; see {@link Errhandler}. */
    public void Errhandler_set(Errhandler errhandler) throws MPIException {
        final Endpoint e = enter("Errhandler_set");
        if (errhandler == null) {
            throw new MPIException("Errhandler_set: errhandler is null");
        }
        if (endpoint == null) {
            // COMM_WORLD and COMM_SELF are one object for every rank: the handler is the calling rank's.
            synchronized (perRankHandlers) {
                perRankHandlers.put(e, errhandler);
            }
        } else {
            this.errhandler = errhandler;
        }
    }

    /** The error handler last set on this communicator, {@link MPI#ERRORS_ARE_FATAL} by default. */
    public Errhandler Errhandler_get() throws MPIException {
        final Endpoint e = enter("Errhandler_get");
        if (endpoint == null) {
            synchronized (perRankHandlers) {
                return perRankHandlers.getOrDefault(e, MPI.ERRORS_ARE_FATAL);
            }
        }
        return errhandler;
    }

    /** A new communicator like this one (MPI_COMM_DUP); collective. Intra- and inter-communicators
     *  override it with their own duplication. */
    @Override
    public Object clone() throws MPIException {
        throw new MPIException("clone: " + this + " cannot be duplicated");
    }

    // ---- packing -------------------------------------------------------------------------------------

    /** Bytes that {@link #Pack} needs for {@code incount} items of {@code datatype} (MPI_PACK_SIZE); for
     *  {@link MPI#OBJECT} the serialised size is known only when packing, so this is a lower bound. */
    public int Pack_size(int incount, Datatype datatype) throws MPIException {
        enter("Pack_size");
        return Packing.size("Pack_size", incount, datatype);
    }

    /** Packs {@code incount} items of {@code inbuf} into {@code outbuf} from byte {@code position} and
     *  returns the position after them (MPI_PACK). */
    public int Pack(Object inbuf, int offset, int incount, Datatype datatype, byte[] outbuf, int position)
            throws MPIException {
        enter("Pack");
        return Packing.pack("Pack", inbuf, offset, incount, datatype, outbuf, position);
    }

    /** Unpacks {@code outcount} items into {@code outbuf} from byte {@code position} of {@code inbuf} and
     *  returns the position after them (MPI_UNPACK). */
    public int Unpack(byte[] inbuf, int position, Object outbuf, int offset, int outcount, Datatype datatype)
            throws MPIException {
        final Endpoint e = enter("Unpack");
        return Packing.unpack("Unpack", inbuf, position, outbuf, offset, outcount, datatype, e.loader());
    }

    // ---- inter-communicators -------------------------------------------------------------------------

    /**
     * An inter-communicator between {@code local_comm} (this process's group) and the group whose leader
     * is {@code remote_leader} here, this communicator being the peer communicator both leaders belong to
     * (MPI_INTERCOMM_CREATE). Collective over both groups; the two leaders exchange the groups with
     * {@code tag} on this communicator.
     */
    public Intercomm Create_intercomm(Comm local_comm, int local_leader, int remote_leader, int tag)
            throws MPIException {
        final String call = "Create_intercomm";
        final Endpoint e = enter(call);
        if (!(local_comm instanceof Intracomm)) {
            throw new MPIException(call + ": local_comm " + (local_comm == null ? "is null"
                    : "must be an intra-communicator"));
        }
        return Intercomm.create((Intracomm) local_comm, local_leader, this, remote_leader, tag, scopeOf(e).size());
    }

    // ---- internals -----------------------------------------------------------------------------------

    private void send(String call, Object buf, int offset, int count, Datatype type, int dest, int tag,
                      SendMode mode) throws MPIException {
        final Endpoint e = enter(call);
        final Scope s = scopeOf(e);
        if (derived(type)) {
            final int elements = checkSendDerived(call, s, buf, offset, count, type, dest, tag);
            final Datatype element = Layout.element(type);
            if (type.dense()) {
                e.send(s, Layout.wire(type, buf), Layout.wireOffset(type, offset), elements, element, dest, tag, mode,
                        call);
            } else {
                // A blocking send returns once its buffer may be reused: the packed copy goes back to the pool.
                // Not after a failure: a message on its way may still refer to it (it is left to the collector).
                final Object packed = Layout.packBorrowed(type, buf, offset, count);
                e.send(s, packed, 0, elements, element, dest, tag, mode, call);
                Layout.give(packed);
            }
            return;
        }
        final int elements = checkSend(call, "buf", s, buf, offset, count, type, dest, tag);
        e.send(s, buf, offset * type.elementsPerItem(), elements, type, dest, tag, mode, call);
    }

    private Request isend(String call, Object buf, int offset, int count, Datatype type, int dest, int tag,
                          SendMode mode) throws MPIException {
        final Endpoint e = enter(call);
        final Scope s = scopeOf(e);
        if (derived(type)) {
            final int elements = checkSendDerived(call, s, buf, offset, count, type, dest, tag);
            final Datatype element = Layout.element(type);
            return new Request(type.dense()
                    ? e.isend(s, Layout.wire(type, buf), Layout.wireOffset(type, offset), elements, element, dest, tag,
                    mode, call)
                    : e.isend(s, Layout.pack(type, buf, offset, count), 0, elements, element, dest, tag, mode, call));
        }
        final int elements = checkSend(call, "buf", s, buf, offset, count, type, dest, tag);
        return new Request(e.isend(s, buf, offset * type.elementsPerItem(), elements, type, dest, tag, mode, call));
    }

    private Prequest sendInit(String call, Object buf, int offset, int count, Datatype type, int dest, int tag,
                              SendMode mode) throws MPIException {
        final Endpoint e = enter(call);
        final Scope s = scopeOf(e);
        if (derived(type)) {
            // Packed at each Start: the program may change the buffer between instances.
            final int elements = checkSendDerived(call, s, buf, offset, count, type, dest, tag);
            final Datatype element = Layout.element(type);
            return new Prequest(() -> {
                e.check("Prequest.Start");
                return type.dense()
                        ? e.isend(s, Layout.wire(type, buf), Layout.wireOffset(type, offset), elements, element, dest,
                        tag, mode, call)
                        : e.isend(s, Layout.pack(type, buf, offset, count), 0, elements, element, dest, tag, mode,
                        call);
            });
        }
        final int elements = checkSend(call, "buf", s, buf, offset, count, type, dest, tag);
        final int at = offset * type.elementsPerItem();
        return new Prequest(() -> {
            e.check("Prequest.Start");
            return e.isend(s, buf, at, elements, type, dest, tag, mode, call);
        });
    }

    private static int checkSend(String call, String what, Scope s, Object buf, int offset, int count, Datatype type,
                                 int dest, int tag) throws MPIException {
        Checks.rank(call, "dest", dest, s.size(), false);
        Checks.sendTag(call, tag);
        return Checks.buffer(call, what, buf, offset, count, type);
    }

    private static int checkRecv(String call, Scope s, Object buf, int offset, int count, Datatype type, int source,
                                 int tag) throws MPIException {
        return checkRecvBuffer(call, "buf", s, buf, offset, count, type, source, tag);
    }

    private static int checkRecvBuffer(String call, String what, Scope s, Object buf, int offset, int count,
                                       Datatype type, int source, int tag) throws MPIException {
        Checks.rank(call, "source", source, s.size(), true);
        Checks.recvTag(call, tag);
        return Checks.buffer(call, what, buf, offset, count, type);
    }

    // ---- derived datatypes in point-to-point --------------------------------------------------------

    static boolean derived(Datatype type) {
        return type != null && type.isDerived();
    }

    private static int checkSendDerived(String call, Scope s, Object buf, int offset, int count, Datatype type,
                                        int dest, int tag) throws MPIException {
        Checks.rank(call, "dest", dest, s.size(), false);
        Checks.sendTag(call, tag);
        return Layout.check(call, "buf", buf, offset, count, type);
    }

    private static Status recvDerived(String call, Endpoint e, Scope s, Object buf, int offset, int count,
                                      Datatype type, int source, int tag) throws MPIException {
        Checks.rank(call, "source", source, s.size(), true);
        Checks.recvTag(call, tag);
        final int capacity = Layout.check(call, "buf", buf, offset, count, type);
        final Datatype element = Layout.element(type);
        if (type.dense()) {
            return e.recv(s, Layout.wire(type, buf), Layout.wireOffset(type, offset), capacity, element, source,
                    tag, call).receivedItems(type, count);
        }
        return e.recv(s, Layout.into(type, buf, offset), 0, capacity, element, source, tag, call)
                .receivedItems(type, count);
    }

    private static Request irecvDerived(String call, Endpoint e, Scope s, Object buf, int offset, int count,
                                        Datatype type, int source, int tag) throws MPIException {
        Checks.rank(call, "source", source, s.size(), true);
        Checks.recvTag(call, tag);
        final int capacity = Layout.check(call, "buf", buf, offset, count, type);
        final Datatype element = Layout.element(type);
        final Object into = type.dense() ? Layout.wire(type, buf) : Layout.into(type, buf, offset);
        final int at = type.dense() ? Layout.wireOffset(type, offset) : 0;
        return new Request(e.irecv(s, into, at, capacity, element, source, tag, call),
                Layout.counted(type, count));
    }

    private Status sendrecvDerived(Endpoint e, Scope s, Object sendbuf, int sendoffset, int sendcount,
                                   Datatype sendtype, int dest, int sendtag, Object recvbuf, int recvoffset,
                                   int recvcount, Datatype recvtype, int source, int recvtag) throws MPIException {
        final String call = "Sendrecv";
        final Request r = derived(recvtype) ? irecvDerived(call, e, s, recvbuf, recvoffset, recvcount, recvtype,
                source, recvtag) : Irecv(recvbuf, recvoffset, recvcount, recvtype, source, recvtag);
        final Request w = isend(call, sendbuf, sendoffset, sendcount, sendtype, dest, sendtag, SendMode.STANDARD);
        final Status status = r.Wait();
        w.Wait();
        return status;
    }

    /** The calling process, checked: initialised, not finalised, communicator not freed. */
    Endpoint enter(String call) throws MPIException {
        if (nullHandle) {
            throw new MPIException(call + ": the communicator is MPI.COMM_NULL");
        }
        final Endpoint e = endpoint != null ? endpoint : Binding.current();
        if (e == null) {
            throw new MPIException(call + ": MPI is not initialised (call MPI.Init first)");
        }
        e.check(call);
        if (freed) {
            throw new MPIException(call + ": the communicator has been freed");
        }
        return e;
    }

    /** The process this communicator belongs to, for the collectives layer (unchecked). */
    Endpoint process() {
        final Endpoint e = endpoint != null ? endpoint : Binding.current();
        if (e == null) {
            throw new IllegalStateException("MPI is not initialised (call MPI.Init first)");
        }
        return e;
    }

    private Scope scopeOf(Endpoint e) {
        if (scope != null) {
            return scope;
        }
        return self ? e.selfScope() : e.world().worldScope();
    }

    // ---- predefined attributes ------------------------------------------------------------------------

    /**
     * The value of a predefined attribute of {@link MPI#COMM_WORLD} (MPI_ATTR_GET as MPJ Express has it):
     * an {@code Integer} for {@link MPI#TAG_UB} (the largest tag), {@link MPI#HOST} ({@link MPI#PROC_NULL})
     * and {@link MPI#IO} (the caller's rank). Any other key, another communicator, or a key this rank
     * deleted has no value: an {@link MPIException}, as in MPJ Express.
     */
    public Object Attr_get(int keyval) throws MPIException {
        final Endpoint e = enter("Attr_get");
        final boolean world = endpoint == null && !self;
        boolean deleted;
        synchronized (deletedAttributes) {
            final java.util.Set<Integer> gone = deletedAttributes.get(e);
            deleted = gone != null && gone.contains(keyval);
        }
        if (world && !deleted) {
            if (keyval == MPI.TAG_UB) {
                return MPI.TAG_UB;
            } else if (keyval == MPI.HOST) {
                return MPI.PROC_NULL;
            } else if (keyval == MPI.IO) {
                return Rank();
            }
        }
        throw new MPIException("Attr_get: no value for key " + keyval + " on " + this);
    }

    /** Deletes an attribute of this communicator for the calling rank: a later {@link #Attr_get} of the
     *  key fails (MPJ Express removes it from the communicator's table). */
    public void Attr_delete(int keyval) throws MPIException {
        final Endpoint e = enter("Attr_delete");
        synchronized (deletedAttributes) {
            deletedAttributes.computeIfAbsent(e, k -> new java.util.HashSet<>()).add(keyval);
        }
    }

    @Override
    public String toString() {
        if (nullHandle) {
            return "MPI.COMM_NULL";
        }
        return endpoint == null ? (self ? "MPI.COMM_SELF" : "MPI.COMM_WORLD") : "Comm[context " + context + "]";
    }

    // ---- MPI-3 extensions: matched probes and nonblocking send-receive --------------------------------
    // Not in mpiJava 1.2 (nor in MPJ Express): MPI-3.0's MPI_MPROBE, MPI_IMPROBE and MPI-4.0's
    // MPI_ISENDRECV, MPI_ISENDRECV_REPLACE, spelled in the capitalised style of the rest of the API.

    /**
     * Matched probe (MPI_MPROBE): waits until a message matching ({@code source}, {@code tag}) has arrived
     * and takes it out of matching, so that no other receive or probe, of any thread, can get it; only
     * {@link Message#Mrecv} or {@link Message#Imrecv} on the returned handle receive it. Its status is
     * {@link Message#Get_status()}. With {@code source} {@link MPI#PROC_NULL} it returns at once with
     * {@link Message#NO_PROC}. An extension of mpiJava 1.2 (MPI-3.0).
     */
    public Message Mprobe(int source, int tag) throws MPIException {
        final Endpoint e = enter("Mprobe");
        final Scope s = scopeOf(e);
        Checks.rank("Mprobe", "source", source, s.size(), true);
        Checks.recvTag("Mprobe", tag);
        if (source == MPI.PROC_NULL) {
            return Message.NO_PROC;
        }
        return new Message(e, e.mprobe(s, source, tag, "Mprobe"));
    }

    /**
     * Nonblocking matched probe (MPI_IMPROBE): as {@link #Mprobe} when a matching message has arrived,
     * else null (and the message, when it comes, stays receivable by anyone). An extension of mpiJava 1.2
     * (MPI-3.0).
     */
    public Message Improbe(int source, int tag) throws MPIException {
        final Endpoint e = enter("Improbe");
        final Scope s = scopeOf(e);
        Checks.rank("Improbe", "source", source, s.size(), true);
        Checks.recvTag("Improbe", tag);
        if (source == MPI.PROC_NULL) {
            return Message.NO_PROC;
        }
        final bamboo.shim.engine.Claimed c = e.improbe(s, source, tag);
        if (c == null) {
            e.pollMissed(); // with a core gate: let a rank of the node that waits for the core run
            return null;
        }
        return new Message(e, c);
    }

    /**
     * Nonblocking {@link #Sendrecv} (MPI_ISENDRECV): starts the receive and the send and returns one request
     * that completes when both have; its status is the receive's. Neither buffer may be touched until then.
     * An extension of mpiJava 1.2 (MPI-4.0).
     */
    public Request Isendrecv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest, int sendtag,
                             Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source,
                             int recvtag) throws MPIException {
        final String call = "Isendrecv";
        final Endpoint e = enter(call);
        final Scope s = scopeOf(e);
        final int elements = checkSend(call, "sendbuf", s, sendbuf, sendoffset, sendcount, sendtype, dest, sendtag);
        final int capacity = checkRecvBuffer(call, "recvbuf", s, recvbuf, recvoffset, recvcount, recvtype, source,
                recvtag);
        final Pending r = e.irecv(s, recvbuf, recvoffset * recvtype.elementsPerItem(), capacity, recvtype, source,
                recvtag, call);
        final Pending w = e.isend(s, sendbuf, sendoffset * sendtype.elementsPerItem(), elements, sendtype, dest,
                sendtag, SendMode.STANDARD, call);
        return new Request(Endpoint.both(r, w, call));
    }

    /**
     * Nonblocking {@link #Sendrecv_replace} (MPI_ISENDRECV_REPLACE): the outgoing data is copied at the call,
     * then the receive lands in {@code buf}; one request for both. An extension of mpiJava 1.2 (MPI-4.0).
     */
    public Request Isendrecv_replace(Object buf, int offset, int count, Datatype datatype, int dest, int sendtag,
                                     int source, int recvtag) throws MPIException {
        final String call = "Isendrecv_replace";
        final Endpoint e = enter(call);
        final Scope s = scopeOf(e);
        final int elements = checkSend(call, "buf", s, buf, offset, count, datatype, dest, sendtag);
        checkRecvBuffer(call, "buf", s, buf, offset, count, datatype, source, recvtag);
        final int at = offset * datatype.elementsPerItem();
        // Copied before the receive is posted: the receive may overwrite the buffer at once.
        final Pending w = e.isend(s, buf, at, elements, datatype, dest, sendtag, SendMode.COPY, call);
        final Pending r = e.irecv(s, buf, at, elements, datatype, source, recvtag, call);
        return new Request(Endpoint.both(r, w, call));
    }

    /**
     * Starts a nonblocking collective on this communicator: {@code body} gets the channel of this
     * collective (the collective context, its tags apart from every other collective's) and runs the
     * blocking algorithm on a helper thread of the calling rank ({@link bamboo.shim.engine.Background}).
     * The caller has checked the arguments (errors are thrown here, at the call, not at the wait).
     */
    Request startCollective(String call, CollectiveBody body) throws MPIException {
        final Endpoint e = enter(call);
        final Channel base = collectiveChannel(call);
        final int collectiveContext = self ? e.selfScope().wireContext() + 1
                : collectiveScope == null ? 1 : collectiveScope.wireContext();
        final Channel ch = new bamboo.shim.coll.SequencedChannel(base, e.nextNonblockingCollective(collectiveContext));
        return new Request(bamboo.shim.engine.Background.start(e, call, () -> body.run(ch)));
    }

    /** The work of a nonblocking collective over its channel. */
    @FunctionalInterface
    interface CollectiveBody {
        void run(Channel ch) throws MPIException;
    }
}
