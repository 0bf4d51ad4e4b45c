package bamboo.shim.engine;

import bamboo.shim.coll.Channel;
import java.util.BitSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * One rank of a threads-device job ("process" in MPI terms): its mailbox, its init state, its context ids,
 * and the machinery its threads use to wait. Several threads of a rank may use it at once.
 */
public final class Endpoint {
    /** The system property that sets {@link #MAX_SPIN_NANOS}, in microseconds. */
    static final String SPIN_MAX_PROPERTY = "bamboo.shim.spinMaxUs";
    /** {@link #MAX_SPIN_NANOS} in microseconds when {@link #SPIN_MAX_PROPERTY} is not set. */
    static final long DEFAULT_SPIN_MAX_MICROS = 1000;

    /** The longest a waiter busy-waits before parking when every rank can have its own core: 1 ms by
     *  default, {@value #SPIN_MAX_PROPERTY} (µs) to change it. Shorter caps park too soon on an idle
     *  machine, where a parked rank's wake-up (an idle vCPU woken by an IPI: ~40 µs median,
     *  hundreds at the tail) sat on the critical path of every bulk-synchronous step, while the waits
     *  themselves, spun, last ~60 µs (halo26 on 2 ranks). */
    static final long MAX_SPIN_NANOS = TimeUnit.MICROSECONDS.toNanos(
            spinMaxMicros(System.getProperty(SPIN_MAX_PROPERTY)));
    /** The shortest spin, where the budget settles when waits are long (the peer is not running). */
    static final long MIN_SPIN_NANOS = SpinBudget.MIN_NANOS;
    /** Virtual threads: a few yields give the peer a chance before we park (a virtual thread's yield
     *  only hands its carrier to another virtual thread). Oversubscribed platform threads park at once. */
    private static final int YIELDS = 4;
    /** Park until this long before a simulated arrival, then yield-spin for precision. */
    private static final long PRECISE_NANOS = TimeUnit.MICROSECONDS.toNanos(100);
    /** A waiter that found no free wake-up slot re-checks this often. */
    private static final long FALLBACK_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    final World world;
    final int rank;
    final Mailbox mailbox;
    /** The envelopes of eager messages to this rank, recycled once received (senders draw from it). */
    final EnvelopePool envelopes = new EnvelopePool();
    final Waiters waiters = new Waiters();
    /** Threads of this rank parked in MPI with no deadline, and what they wait for (for deadlock reports). */
    final Map<Thread, WaitCondition> blocked = new ConcurrentHashMap<>();
    /** Threads of this rank waiting for any arrival, not for an operation of their own (Probe, Mprobe,
     *  {@link #awaitArrival}): only while there are some does an arrival that completes nothing wake the
     *  rank (a receive's waiter is woken by its completion; waking it per message of a flood it does not
     *  match would cost a futile wake-up each). */
    final AtomicInteger arrivalWatchers = new AtomicInteger();
    private final BitSet contexts = new BitSet();
    private volatile ClassLoader loader;
    private volatile boolean initialized;
    private volatile Thread initThread;
    private volatile boolean implicitInit;
    private volatile boolean finalized;
    private volatile boolean finished;
    /**
     * How long this rank's waiters busy-wait before parking, adapted to its recent waits ({@link #adapt}):
     * a wait that ended within {@link #MAX_SPIN_NANOS} would have been cheaper spun (grow to twice it), a
     * longer one was a waste of the core (halve). Plain field, racy on purpose: any recent value will do
     * (package-private: tests set it to make a waiter spin).
     */
    long spinNanos = MIN_SPIN_NANOS;
    /** Activity counters the deadlock watch compares between samples; racy increments are fine (any change counts). */
    volatile long calls;
    volatile long parks;
    /** Operations of this rank completed (by whichever thread completed them): the progress the deadlock
     *  watch looks for besides calls and parks. */
    volatile long completions;
    /** Deposits into this rank's mailbox that woke its waiters (see {@link #deposit}); racy, for tests. */
    long depositWakeups;
    /** Rendezvous messages a sender left for this rank's spinning thread to copy ({@link RecvOp#handOff});
     *  racy, for tests. */
    long handoffs;
    private volatile Channel worldChannel;
    /** Threads of this rank that have called MPI: the deadlock watch asks each whether it is still busy. */
    final Set<Thread> callers = ConcurrentHashMap.newKeySet();
    /** The last thread noted in {@link #callers}; racy on purpose, it only saves a set lookup per call. */
    private Thread lastCaller;
    private volatile Scope selfScope;
    /** Flow control: the bytes of eager copies this rank holds for receives not yet posted (and in transit). */
    private final ByteBudget unexpected;
    /** The buffer of this rank's buffered sends: an attached one's size, else the implicit default. */
    private volatile ByteBudget bsendBuffer;
    private volatile java.nio.ByteBuffer attachedBuffer;
    /** The gate of this rank's node's cores ({@link World#gateCores}), or null: set before the rank runs. */
    CoreGate gate;
    /** The thread that holds this rank's core while it runs ({@link #enterCore}): the rank's own thread. */
    volatile Thread coreThread;
    /** Whether {@link #coreThread} holds a permit of {@link #gate} now; only that thread writes it (the
     *  deadlock watch reads it). */
    volatile boolean holdsCore;
    /** Whether {@link #coreThread} is waiting for a permit now (for the deadlock watch). */
    volatile boolean awaitingCore;

    Endpoint(World world, int rank) {
        this.world = world;
        this.rank = rank;
        this.mailbox = new Mailbox(world.size());
        this.unexpected = new ByteBudget(world.eagerBudget());
        this.bsendBuffer = new ByteBudget(world.eagerBudget());
        contexts.set(0); // COMM_WORLD
        contexts.set(1); // COMM_SELF
    }

    public World world() {
        return world;
    }

    /** World rank. */
    public int rank() {
        return rank;
    }

    /** The loader in which received {@code MPI.OBJECT} classes resolve (the rank's program loader). */
    public ClassLoader loader() {
        final ClassLoader l = loader;
        return l != null ? l : Thread.currentThread().getContextClassLoader();
    }

    public void setLoader(ClassLoader loader) {
        this.loader = loader;
    }

    // ---- life cycle ----------------------------------------------------------------------------------

    /** MPI.Init. */
    public void init() throws MPIException {
        if (finalized) {
            throw new MPIException("MPI.Init: MPI has been finalised; it cannot be initialised again");
        }
        if (initialized && !implicitInit) {
            throw new MPIException("MPI.Init: MPI is already initialised");
        }
        implicitInit = false;
        initialized = true;
        initThread = Thread.currentThread();
    }

    /** Initialises on behalf of a rank body run by the job runner; a later MPI.Init is then accepted once. */
    public void initImplicitly() {
        initialized = true;
        implicitInit = true;
        initThread = Thread.currentThread();
    }

    /** True on the thread that initialised MPI for this rank (MPI_Is_thread_main). */
    public boolean isInitThread() {
        return initThread == Thread.currentThread();
    }

    /**
     * MPI_Abort: ends the whole job. Under the job runner the other ranks are woken and unwound and the
     * calling rank ends with {@link AbortCalledError}; a program started with plain {@code java} exits
     * the JVM with {@code errorCode}, as an MPI process would.
     */
    public AbortCalledError abortJob(int errorCode) {
        if (world.isStandalone()) {
            System.err.println("rank " + rank + " called Abort(" + errorCode + ")");
            Runtime.getRuntime().exit(errorCode);
        }
        world.abort("job aborted: rank " + rank + " called Abort(" + errorCode + ")");
        return new AbortCalledError(rank, errorCode);
    }

    /** MPI.Finalize. */
    public void finalizeMpi() throws MPIException {
        check("MPI.Finalize");
        finalized = true;
    }

    public boolean initialized() {
        return initialized;
    }

    public boolean finalized() {
        return finalized;
    }

    /** The rank's body has returned: it no longer counts as live for deadlock detection. */
    public void markFinished() {
        finished = true;
    }

    public boolean finished() {
        return finished;
    }

    /** Entry check of every MPI call: the job is not aborted, Init was called, Finalize was not. */
    public void check(String call) throws MPIException {
        world.checkAbort();
        calls++;
        noteCaller();
        if (!initialized) {
            throw new MPIException(call + ": MPI is not initialised (call MPI.Init first)");
        }
        if (finalized) {
            throw new MPIException(call + ": MPI has been finalised");
        }
    }

    /** Counts a call for the deadlock watch without the init checks (e.g. on a request). */
    public void touch() {
        world.checkAbort();
        calls++;
        noteCaller();
    }

    private void noteCaller() {
        final Thread me = Thread.currentThread();
        if (me != lastCaller) {
            lastCaller = me;
            callers.add(me);
        }
    }

    // ---- the node's cores ({@link CoreGate}) -------------------------------------------------------------

    /**
     * The calling thread (the rank's own) takes one of its node's cores before it runs the program, and
     * from now on gives it back whenever it waits in MPI. Does nothing when the node has no gate.
     */
    public void enterCore() {
        final CoreGate g = gate;
        if (g != null) {
            coreThread = Thread.currentThread();
            awaitingCore = true;
            g.acquire();
            awaitingCore = false;
            holdsCore = true;
        }
    }

    /** The rank's thread is done (returned or failed): gives its core back for good. */
    public void leaveCore() {
        if (gate != null && holdsCore && Thread.currentThread() == coreThread) {
            holdsCore = false;
            coreThread = null;
            gate.release();
        }
    }

    /**
     * A non-blocking call found nothing (Test, Iprobe): when another rank of the node waits for a core,
     * goes to the back of the line, as a polling process on a shared core is preempted by the scheduler
     * (without this a rank polling for a message from a rank of its own node would never let it run).
     */
    public void pollMissed() {
        if (holdingCore()) {
            gate.yieldToWaiter();
        }
    }

    /** True when the calling thread is this rank's and holds its core. */
    private boolean holdingCore() {
        return gate != null && holdsCore && Thread.currentThread() == coreThread;
    }

    /** Gives the core back before a park (the caller holds it). */
    private void dropCore() {
        holdsCore = false;
        gate.release();
    }

    /** Takes the core again before going back to the program (or to spin). */
    private void takeCore() {
        awaitingCore = true;
        gate.acquire();
        awaitingCore = false;
        holdsCore = true;
    }

    /** Whether a rank of this node waits for a core now, so a waiter holding one should give it up. */
    private boolean coreWanted() {
        return gate.contended();
    }

    // ---- contexts ------------------------------------------------------------------------------------

    /** One more than the highest context id this process uses. Not the lowest free id: the agreed id is the
     *  maximum of all members' candidates, and only an id above everything a member uses is surely free
     *  on that member (with lowest-free ids, gaps left by earlier agreements could yield an id in use). */
    public int contextCandidate() {
        synchronized (contexts) {
            return contexts.length();
        }
    }

    public void contextAgreed(int context) {
        synchronized (contexts) {
            contexts.set(context);
        }
    }

    /** COMM_SELF's point-to-point scope (context 1: wire contexts 2 and 3). */
    public Scope selfScope() {
        Scope s = selfScope;
        if (s == null) {
            s = new Scope(new int[] {rank}, world.size(), 2, "COMM_SELF");
            selfScope = s;
        }
        return s;
    }

    /** Point-to-point on COMM_WORLD's collective context, for the collectives layer. */
    public Channel worldChannel() {
        Channel c = worldChannel;
        if (c == null) {
            c = new ContextChannel(this, world.worldCollectiveScope());
            worldChannel = c;
        }
        return c;
    }

    // ---- point-to-point ------------------------------------------------------------------------------

    /**
     * Eager sends of at least this many bytes that find no posted receive are deferred when non-blocking
     * ({@link SendOp}): below it an eager copy costs less than the deferral's bookkeeping (a request object
     * and one more lock of the receiver's mailbox when the sender waits).
     */
    static final int DEFER_MIN_BYTES = 16 * 1024;

    /** Starts a send of {@code elements} array elements of {@code buf} from {@code offset} (checked). */
    public Pending isend(Scope scope, Object buf, int offset, int elements, Datatype type, int dest, int tag,
                         SendMode mode, String call) throws MPIException {
        return isend(scope, buf, offset, elements, type, dest, tag, mode, call, true);
    }

    /** {@link #isend}; {@code deferrable} false for a blocking send, which waits for itself at once. */
    private Pending isend(Scope scope, Object buf, int offset, int elements, Datatype type, int dest, int tag,
                          SendMode mode, String call, boolean deferrable) throws MPIException {
        if (dest == MPI.PROC_NULL) {
            return new Completed(this, MPI.PROC_NULL, MPI.ANY_TAG, 0);
        }
        final int worldDest = scope.worldRank(dest);
        final Remote remote = world.remote();
        if (remote != null && !remote.isLocal(worldDest)) {
            return sendRemote(remote, scope, buf, offset, elements, type, dest, worldDest, tag, mode, call);
        }
        final SendOp op = sendLocal(scope, buf, offset, elements, type, dest, worldDest, tag, mode, call, deferrable);
        return op != null ? op : new Completed(this, dest, tag, elements);
    }

    /**
     * A copying send ({@link SendMode#COPY}) for progress engines that never wait for their sends (the
     * task-graph runtime's message handler): the data is copied (into a {@link PayloadPool} array, or
     * straight into a posted receive) before this returns, and no request is made; with the envelope
     * recycled ({@link EnvelopePool}) a send to a rank of this process allocates nothing in steady state.
     */
    public void sendCopy(Scope scope, Object buf, int offset, int elements, Datatype type, int dest, int tag,
                         String call) throws MPIException {
        if (dest == MPI.PROC_NULL) {
            return;
        }
        final int worldDest = scope.worldRank(dest);
        final Remote remote = world.remote();
        if (remote != null && !remote.isLocal(worldDest)) {
            sendRemote(remote, scope, buf, offset, elements, type, dest, worldDest, tag, SendMode.COPY, call);
            return;
        }
        sendLocal(scope, buf, offset, elements, type, dest, worldDest, tag, SendMode.COPY, call, false);
    }

    /**
     * True when a message to {@code dest} of {@code scope} may carry a header ({@link #sendCopy(Scope, long[],
     * int, Object, int, int, Datatype, int, int, String)}): a rank of this process. A transport between
     * processes carries no headers.
     */
    public boolean carriesHeaders(Scope scope, int dest) {
        final Remote remote = world.remote();
        return remote == null || remote.isLocal(scope.worldRank(dest));
    }

    /**
     * A copying send ({@link #sendCopy(Scope, Object, int, int, Datatype, int, int, String)}) that also
     * carries {@code headerLength} longs of {@code header} (at most {@link Taken#HEADER_MAX}) to a taker
     * ({@link #take}, {@link Taken#header}): a progress engine's protocol header travels with its payload
     * as one message, so the receiver is woken and takes once, not twice. Only to a rank of this process
     * ({@link #carriesHeaders}); the data is copied into a {@link PayloadPool} array (none for no
     * elements: the taker then gets null) and the header into the envelope, which is recycled with it, so
     * steady traffic allocates nothing. Primitive data only. A receive posted with {@code Recv} (not a
     * take) gets the data and not the header.
     */
    public void sendCopy(Scope scope, long[] header, int headerLength, Object buf, int offset, int elements,
                         Datatype type, int dest, int tag, String call) throws MPIException {
        final Datatype.Base base = type.base();
        if (base == Datatype.Base.OBJECT) {
            throw new IllegalArgumentException(call + ": a message with a header carries primitive data, not "
                    + type);
        }
        if (headerLength < 0 || headerLength > Taken.HEADER_MAX || headerLength > header.length) {
            throw new IllegalArgumentException(call + ": headerLength must be 0.." + Taken.HEADER_MAX
                    + " and fit the header array, got " + headerLength);
        }
        if (!carriesHeaders(scope, dest)) {
            throw new MPIException(call + ": rank " + dest + " is in another process; a message with a header "
                    + "goes only to a rank of this process");
        }
        final Endpoint to = world.endpoint(scope.worldRank(dest));
        final Object data = elements == 0 ? null : Transfer.copyOf(buf, offset, elements);
        final int bytes = elements * base.bytes() + headerLength * Long.BYTES;
        final Envelope e = to.envelopes.get(scope.wireContext(), rank, tag, base, elements, data, 0, bytes);
        e.pooled = data != null;
        e.header(header, headerLength);
        to.deposit(e);
    }

    /** Hands {@code e} (ready, no sender's operation) to this rank's mailbox and wakes whoever must look. */
    private void deposit(Envelope e) {
        final Mailbox box = mailbox;
        // Read before and compared after: a deposit that neither became matchable nor brought the next
        // simulated arrival forward changes nothing a waiter looks at (each waits for a match or until the
        // next arrival, read after it registered), so waking them would only cost a futile wake-up each,
        // twice per message of the runtime's old two-part protocol. Both counters only move on under the
        // lock, so a deposit that changed either one shows as a difference.
        final long arrivalsBefore = box.arrivals();
        final long nextBefore = box.nextArrival();
        final RecvOp matches = box.send(e, world.network(), rank);
        if (matches != null && matches.takesHandOff(e)) {
            matches.handOff(e); // a rendezvous into a receive whose rank busy-waits for it: that rank copies
        } else if (matches != null) {
            Transfer.finishAll(matches);
        } else if (box.arrivals() != arrivalsBefore && arrivalWatchers.get() != 0
                || box.nextArrival() != nextBefore) {
            // The watcher count is read after the deposit's unlock and raised before a watcher's own look
            // under the lock: either the watcher sees the message or the sender sees the watcher.
            depositWakeups++;
            waiters.signal(); // a prober, or a waiter that must re-read the next arrival time
        }
    }

    /** A send to a rank of this process: returns the operation that completes it, or null when it is
     *  complete already (copied). */
    private SendOp sendLocal(Scope scope, Object buf, int offset, int elements, Datatype type, int dest,
                             int worldDest, int tag, SendMode mode, String call, boolean deferrable)
            throws MPIException {
        final Endpoint to = world.endpoint(worldDest);
        final Datatype.Base base = type.base();
        final Object data;
        int dataOffset = 0;
        final int bytes;
        SendOp op = null;
        ByteBudget budget = null;
        boolean pooled = false; // data is a PayloadPool array, to go back once copied out
        if (base == Datatype.Base.OBJECT) {
            // The serialised bytes are a copy whatever the mode; over the receiver's budget the send only
            // completes when received, so the sender holds them (its request), not the receiver.
            final byte[] serialised = ObjectCodec.serialize((Object[]) buf, offset, elements, call);
            data = serialised;
            bytes = serialised.length;
            if (mode == SendMode.BUFFERED) {
                budget = reserveBuffered(bytes, call);
            } else if (mode == SendMode.SYNCHRONOUS) {
                op = new SendOp(this, to.mailbox, scope, dest, tag, call, null);
            } else if (mode != SendMode.COPY) {
                if (to.unexpected.tryReserve(bytes)) {
                    budget = to.unexpected;
                } else {
                    op = new SendOp(this, to.mailbox, scope, dest, tag, call, to.unexpected);
                }
            }
        } else {
            bytes = elements * base.bytes();
            final boolean eager = mode != SendMode.SYNCHRONOUS && bytes <= world.eagerLimit();
            if (eager && mode != SendMode.BUFFERED && to.mailbox.hasPosted()) {
                // The receive is often posted already (Irecv before Isend): copy once, straight into it.
                final Envelope direct = to.envelopes.get(scope.wireContext(), rank, tag, base, elements, buf, offset,
                        bytes);
                final RecvOp match = to.mailbox.sendIfPosted(direct, world.network(), to.rank);
                if (match != null) {
                    Transfer.finishAll(match);
                    return null;
                }
                to.envelopes.put(direct); // not delivered: nobody saw it
            }
            if (mode == SendMode.BUFFERED) {
                budget = reserveBuffered(bytes, call);
                data = Transfer.copyOf(buf, offset, elements);
                pooled = true;
            } else if (mode == SendMode.COPY || eager && to.unexpected.tryReserve(bytes)) {
                budget = mode == SendMode.COPY ? null : to.unexpected;
                if (deferrable && mode != SendMode.COPY && bytes >= DEFER_MIN_BYTES) {
                    // No receive posted yet: leave the data in the sender's buffer until the sender waits;
                    // a receive posted meanwhile copies it once, straight out (SendOp, deferred).
                    data = buf;
                    dataOffset = offset;
                    op = SendOp.deferred(this, to.mailbox, scope, dest, tag, call, buf, offset, elements);
                } else {
                    data = Transfer.copyOf(buf, offset, elements);
                    pooled = true;
                }
            } else {
                // Rendezvous: above the eager limit, synchronous, or over the receiver's budget (flow
                // control; legal for a standard send, which may complete only when received).
                data = buf;
                dataOffset = offset;
                op = new SendOp(this, to.mailbox, scope, dest, tag, call, eager ? to.unexpected : null);
            }
        }
        // Without an operation of the sender's, nothing refers to the envelope once it is received: recycled.
        final Envelope e = op == null
                ? to.envelopes.get(scope.wireContext(), rank, tag, base, elements, data, dataOffset, bytes)
                : new Envelope(scope.wireContext(), rank, tag, base, elements, data, dataOffset, bytes, op);
        e.budget = budget;
        e.pooled = pooled;
        if (op != null) {
            op.envelope = e;
        }
        to.deposit(e);
        return op;
    }

    /** A send to a rank in another process: the transport copies the data, so a standard send completes
     *  at once; a synchronous send completes when the transport says the receiver has matched it. */
    private Pending sendRemote(Remote remote, Scope scope, Object buf, int offset, int elements, Datatype type,
                               int dest, int worldDest, int tag, SendMode mode, String call) throws MPIException {
        final Datatype.Base base = type.base();
        final RemoteSyncSend sync = mode == SendMode.SYNCHRONOUS ? new RemoteSyncSend(this, dest, tag, elements, call)
                : null;
        if (base == Datatype.Base.OBJECT) {
            final byte[] serialised = ObjectCodec.serialize((Object[]) buf, offset, elements, call);
            remote.send(rank, worldDest, scope.wireContext(), tag, base, serialised, 0, elements, call, sync);
        } else {
            remote.send(rank, worldDest, scope.wireContext(), tag, base, buf, offset, elements, call, sync);
        }
        return sync != null ? sync : new Completed(this, dest, tag, elements);
    }

    /**
     * A message from a rank in another process has arrived for this rank (called by the transport, in
     * the sender's send order). {@code data} is a fresh primitive array of {@code base} holding exactly
     * {@code elements} elements, or for {@code OBJECT} the serialised bytes of {@code elements} objects.
     * {@code onMatched} (null for a standard send) runs once a receive has taken the message.
     */
    public void deliverRemote(int context, int source, int tag, Datatype.Base base, int elements, Object data,
                              Runnable onMatched) {
        deliverRemote(context, source, tag, base, elements, data, false, onMatched);
    }

    /**
     * {@link #deliverRemote(int, int, int, Datatype.Base, int, Object, Runnable)} with {@code data} drawn
     * from {@link PayloadPool#shared()} ({@code pooled}; then it may be longer than {@code elements}): it
     * goes back there once a receive has copied it out, or with the message a progress engine takes.
     */
    public void deliverRemote(int context, int source, int tag, Datatype.Base base, int elements, Object data,
                              boolean pooled, Runnable onMatched) {
        final int bytes = base == Datatype.Base.OBJECT ? ((byte[]) data).length : elements * base.bytes();
        final Envelope e = new Envelope(context, source, tag, base, elements, data, 0, bytes, null);
        e.onMatched = onMatched;
        e.pooled = pooled && base != Datatype.Base.OBJECT;
        // Already copied by the transport: counted, so that local senders see the budget in use and
        // go by rendezvous, but never refused here (back pressure between processes is the transport's).
        unexpected.charge(bytes);
        e.budget = unexpected;
        final RecvOp matches = mailbox.send(e, world.network(), rank);
        if (matches != null) {
            Transfer.finishAll(matches);
        }
        completed(); // an arrival from another process is progress too (and may satisfy a prober)
    }

    /** Takes {@code bytes} from the buffered-send buffer, or fails as MPI does when it is full. */
    private ByteBudget reserveBuffered(int bytes, String call) throws MPIException {
        final ByteBudget b = bsendBuffer;
        if (b.tryReserve(bytes)) {
            return b;
        }
        throw new MPIException(call + ": the buffer for buffered sends is full (MPI_ERR_BUFFER): " + b.used()
                + " of its " + b.limit() + " bytes hold messages not yet received and this one needs " + bytes
                + (attachedBuffer != null ? "; attach a larger buffer with MPI.Buffer_attach"
                        : " (no buffer attached: the implicit one has the size of the eager budget, "
                        + "JobConfig.withEagerBudget or --eager-budget; or attach one with MPI.Buffer_attach)"));
    }

    /** MPI.Buffer_attach: buffered sends of this rank may hold up to the buffer's capacity unreceived. */
    public void attachBuffer(java.nio.ByteBuffer buffer) {
        bsendBuffer = new ByteBudget(buffer.capacity());
        attachedBuffer = buffer;
    }

    /** MPI.Buffer_detach: back to the implicit buffer (messages sent meanwhile still count in the old one);
     *  returns the attached buffer, or null. */
    public java.nio.ByteBuffer detachBuffer() {
        final java.nio.ByteBuffer b = attachedBuffer;
        bsendBuffer = new ByteBudget(world.eagerBudget());
        attachedBuffer = null;
        return b;
    }

    /** Flow control: the unexpected eager bytes this rank holds, its limit and peak. */
    public ByteBudget unexpectedBudget() {
        return unexpected;
    }

    /** The buffer of this rank's buffered sends (attached, or the implicit one). */
    public ByteBudget bufferedSendBudget() {
        return bsendBuffer;
    }

    /** Blocking send. */
    public void send(Scope scope, Object buf, int offset, int elements, Datatype type, int dest, int tag,
                     SendMode mode, String call) throws MPIException {
        final Pending p = isend(scope, buf, offset, elements, type, dest, tag, mode, call, false);
        if (!p.poll()) {
            await(p, null);
        }
    }

    /** Posts a receive into {@code capacity} array elements of {@code buf} from {@code offset} (checked). */
    public Pending irecv(Scope scope, Object buf, int offset, int capacity, Datatype type, int source, int tag,
                         String call) {
        if (source == MPI.PROC_NULL) {
            return new Completed(this, MPI.PROC_NULL, MPI.ANY_TAG, 0);
        }
        final int from = source == MPI.ANY_SOURCE ? MPI.ANY_SOURCE : scope.worldRank(source);
        final RecvOp r = new RecvOp(this, scope, call, from, tag, buf, offset, capacity, type);
        mailbox.post(r);
        return r;
    }

    /** Blocking receive. */
    public Status recv(Scope scope, Object buf, int offset, int capacity, Datatype type, int source, int tag,
                       String call) throws MPIException {
        final Pending r = irecv(scope, buf, offset, capacity, type, source, tag, call);
        if (!r.poll()) {
            await(r, null);
        }
        return r.complete();
    }

    /** The status of the oldest matching arrived message, or null. */
    public Status iprobe(Scope scope, int source, int tag) {
        if (source == MPI.PROC_NULL) {
            return new Status(MPI.PROC_NULL, MPI.ANY_TAG, 0);
        }
        final int from = source == MPI.ANY_SOURCE ? MPI.ANY_SOURCE : scope.worldRank(source);
        return mailbox.probe(scope, from, tag);
    }

    /**
     * Receives the oldest arrived message matching ({@code source}, {@code tag}) of {@code scope}
     * (wildcards allowed) by reference: {@code into.data} becomes its data array, which the caller now
     * owns (the eager copy or the transport's; a rendezvous message is copied here). No copy and nothing
     * allocated for eager messages: for progress engines that keep the data (the task-graph runtime's
     * message handler). When {@code into.pooled} is set the array came from {@link PayloadPool#shared()}
     * and the caller should return it there once it has copied the data out and holds no reference to it
     * (else it is simply left to the collector). Returns false when no such message has arrived.
     */
    public boolean take(Scope scope, int source, int tag, Taken into) {
        final int from = source == MPI.ANY_SOURCE ? MPI.ANY_SOURCE : scope.worldRank(source);
        final Envelope e = mailbox.take(scope.wireContext(), from, tag);
        if (e == null) {
            return false;
        }
        // A rendezvous or synchronous send hands over the sender's own buffer: copy it out.
        final boolean borrowed = e.sendOp != null && e.base != Datatype.Base.OBJECT;
        into.data = borrowed ? Transfer.copyOf(e.data, e.dataOffset, e.elements) : e.data;
        into.pooled = borrowed || e.pooled;
        into.source = scope.local(e.source);
        into.tag = e.tag;
        into.elements = e.elements;
        into.base = e.base;
        final int h = e.headerLength;
        into.headerLength = h;
        if (h > 0) {
            System.arraycopy(e.header, 0, into.header, 0, h);
        }
        if (e.budget != null) {
            e.budget.release(e.bytes);
        }
        if (e.onMatched != null) {
            e.onMatched.run();
        }
        if (e.sendOp != null) {
            e.sendOp.finish();
        }
        if (e.recyclable) {
            envelopes.put(e); // read: out of the mailbox, and no sender's operation refers to it
        }
        completions++; // progress, for the deadlock watch (nobody waits on a take: no signal)
        return true;
    }

    /** Waits until a matching message has arrived; returns its status without receiving it. */
    public Status probe(Scope scope, int source, int tag, String call) {
        final Status now = iprobe(scope, source, tag);
        if (now != null) {
            return now;
        }
        final ProbeWait w = new ProbeWait(scope, source, tag, call);
        arrivalWatchers.incrementAndGet();
        try {
            await(w, null);
        } finally {
            arrivalWatchers.decrementAndGet();
        }
        return w.found;
    }

    private final class ProbeWait implements WaitCondition {
        private final Scope scope;
        private final int source;
        private final int tag;
        private final String call;
        volatile Status found;

        ProbeWait(Scope scope, int source, int tag, String call) {
            this.scope = scope;
            this.source = source;
            this.tag = tag;
            this.call = call;
        }

        @Override
        public boolean ready() {
            if (found != null) {
                return true;
            }
            final Status s = iprobe(scope, source, tag);
            if (s != null) {
                found = s;
                return true;
            }
            return false;
        }

        @Override
        public long deadline() {
            return mailbox.nextArrival();
        }

        @Override
        public String describe() {
            return call + "(source=" + (source == MPI.ANY_SOURCE ? "ANY_SOURCE" : String.valueOf(source)) + ", tag="
                    + (tag == MPI.ANY_TAG ? "ANY_TAG" : String.valueOf(tag)) + ", comm=" + scope.name() + ")";
        }
    }

    // ---- waiting -------------------------------------------------------------------------------------

    /**
     * True when a message has arrived for this rank and waits to be received, or one on a simulated link
     * is due: cheap enough to ask between two pieces of other work (a progress engine deciding whether to
     * look at the mailbox now); racy, a hint.
     */
    public boolean due() {
        return mailbox.due();
    }

    /** When the next message on a simulated link to this rank becomes matchable ({@link System#nanoTime()}),
     *  or {@link Long#MAX_VALUE} when none is on its way. */
    public long nextArrival() {
        return mailbox.nextArrival();
    }

    /** How many messages have become matchable at this rank so far (for {@link #awaitArrival}). */
    public long arrivals() {
        return mailbox.arrivals();
    }

    /**
     * Parks the calling thread until a message becomes matchable at this rank after {@code seen} (a value
     * of {@link #arrivals()} read before the caller last probed), a simulated arrival is due, another
     * thread unparks it, or {@code maxNanos} pass. For a progress engine that also waits for work of its
     * own (the task-graph runtime's idle workers): it is woken as a thread blocked in Probe would be, and
     * by a plain {@code LockSupport.unpark}.
     */
    public void awaitArrival(long seen, long maxNanos) {
        final int slot = waiters.register();
        final boolean mine = holdingCore();
        arrivalWatchers.incrementAndGet();
        try {
            // Registered first, then look: a sender either sees us registered or we see its arrival.
            if (mailbox.arrivals() != seen) {
                return;
            }
            long wait = maxNanos;
            final long next = mailbox.nextArrival();
            if (next != Long.MAX_VALUE) {
                wait = Math.min(wait, next - System.nanoTime());
            }
            if (wait > 0) {
                parks++;
                if (mine) {
                    dropCore();
                }
                LockSupport.parkNanos(this, wait);
            }
        } finally {
            arrivalWatchers.decrementAndGet();
            waiters.unregister(slot);
            if (mine && !holdsCore) {
                takeCore();
            }
        }
    }

    /**
     * Blocks the calling thread until {@code c} holds: spins a short while when every rank may have a core,
     * then parks (woken by completions, by simulated arrivals via the deadline, or by an abort).
     *
     * @param label what the caller is doing (e.g. {@code "Wait"}), or null when the condition names it
     * @throws JobAbortedError when the job is aborted meanwhile
     */
    public void await(WaitCondition c, String label) {
        if (c.ready()) {
            return;
        }
        world.checkAbort();
        final long start = System.nanoTime();
        // With a core gate, a waiter holds its node's core while it spins or yields (as a process busy-
        // waiting on its core would) and gives it up to park; and it does not busy-wait at all while
        // another rank of its node waits for the core (that rank would wait for nothing).
        final boolean mine = holdingCore();
        final boolean giveWay = mine && coreWanted();
        final Remote remote = world.remote();
        if (!giveWay && (world.spin() ? spinFor(c, start) : yieldUntil(c) || remote != null && remote.progress(c))) {
            adapt(System.nanoTime() - start);
            return;
        }
        world.checkAbort();
        final int slot = waiters.register();
        final Thread me = Thread.currentThread();
        boolean interrupted = false;
        try {
            while (true) {
                // MPI waits are not interruptible (as in MPJ Express): keep the interrupt for the caller
                // instead of letting a pending one turn park() into a busy loop.
                interrupted |= Thread.interrupted();
                world.checkAbort();
                if (c.ready()) {
                    return;
                }
                final long deadline = c.deadline();
                if (deadline == Long.MAX_VALUE) {
                    parks++;
                    if (mine && holdsCore) {
                        dropCore();
                    }
                    blocked.put(me, label == null ? c : new Labelled(label, c));
                    try {
                        if (slot < 0) {
                            LockSupport.parkNanos(this, FALLBACK_PARK_NANOS);
                        } else {
                            LockSupport.park(this);
                        }
                    } finally {
                        blocked.remove(me);
                    }
                } else {
                    final long wait = deadline - System.nanoTime();
                    if (wait > PRECISE_NANOS) {
                        if (mine && holdsCore) {
                            dropCore();
                        }
                        LockSupport.parkNanos(this, wait - PRECISE_NANOS);
                    } else if (wait > 0) {
                        // The last stretch yield-spins for precision, which needs the core: with the gate,
                        // only while nobody of the node waits for it, else park to the arrival instead.
                        if (mine && coreWanted()) {
                            if (holdsCore) {
                                dropCore();
                            }
                            LockSupport.parkNanos(this, wait);
                        } else {
                            if (mine && !holdsCore) {
                                takeCore();
                            }
                            Thread.yield();
                        }
                    }
                }
            }
        } finally {
            waiters.unregister(slot);
            if (mine && !holdsCore) {
                takeCore(); // back to the program on the node's core (at once after an abort: gates open)
            }
            if (world.spin()) {
                adapt(System.nanoTime() - start);
            }
            if (interrupted) {
                me.interrupt();
            }
        }
    }

    /**
     * {@link #spinUntil}; while it spins for a receive, the receive says so ({@link RecvOp#spinning}), so a
     * rendezvous sender that matches it leaves the copy to this thread ({@link RecvOp#handOff}).
     */
    private boolean spinFor(WaitCondition c, long start) {
        if (!(c instanceof RecvOp r)) {
            return spinUntil(c, start);
        }
        r.spinning = true; // a rendezvous sender matching r now leaves the copy to this thread
        try {
            return spinUntil(c, start);
        } finally {
            r.spinning = false;
        }
    }

    /**
     * Busy-waits (no yielding) for up to this rank's current spin budget. Only when every rank may have
     * a core: the peer we wait for is then usually running. Yielding instead was measured to hurt on a
     * loaded machine: a thread that yields keeps competing for the core and waits behind every other
     * runnable thread, while one that parks is woken with priority when its message comes.
     */
    private boolean spinUntil(WaitCondition c, long start) {
        final long budget = spinNanos;
        do {
            Thread.onSpinWait();
            if (c.ready()) {
                return true;
            }
        } while (System.nanoTime() - start < budget);
        return false;
    }

    /**
     * Oversubscribed platform threads park at once; virtual threads first yield a few times. Why not
     * yield on platform threads: on a machine whose cores are all busy, a yield hands the core to any
     * other runnable thread of the machine, for its whole time slice, so a rank whose message arrives
     * meanwhile is not running to take it; a parked rank is woken by the completion. Measured with
     * {@code MicroBench --apps jacobi2d,halo26 --np 8} (docs/mpi-shim.md, Waiting).
     */
    static boolean yieldUntil(WaitCondition c) {
        if (!RankThreadKind.isVirtual(Thread.currentThread())) {
            return false;
        }
        for (int i = 0; i < YIELDS; i++) {
            Thread.yield();
            if (c.ready()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The spin cap in µs for the property's value {@code set} (null: the default); a value that is not a
     * number from 1 to 1,000,000 is reported in one line on stderr and the default used (a class
     * initializer must not throw: the user would get a stack trace instead of a sentence).
     */
    static long spinMaxMicros(String set) {
        return SpinBudget.capMicros(SPIN_MAX_PROPERTY, set, DEFAULT_SPIN_MAX_MICROS, 1);
    }

    /** Adapts the spin budget to a wait that took {@code waited} ns (see {@link #spinNanos}). */
    private void adapt(long waited) {
        spinNanos = nextSpin(spinNanos, waited, MAX_SPIN_NANOS);
    }

    /** The spin budget after a wait of {@code waited} ns, from budget {@code s}, capped at {@code max}
     *  ({@link SpinBudget#next}, the rule the runtime's idle workers share). */
    static long nextSpin(long s, long waited, long max) {
        return SpinBudget.next(s, waited, max);
    }

    /** An operation of this rank has completed: counts it as progress and wakes the rank's waiters. */
    void completed() {
        completions++;
        waiters.signal();
    }

    /** Wakes this rank's parked threads (after an abort). */
    void wakeAll() {
        waiters.signal();
    }

    /** The condition a blocked thread waits on, without the call's name ({@link #await}'s label). */
    static WaitCondition unlabelled(WaitCondition c) {
        return c instanceof Labelled ? ((Labelled) c).inner : c;
    }

    /** A wait condition with the name of the call that waits on it. */
    private static final class Labelled implements WaitCondition {
        private final String label;
        private final WaitCondition inner;

        Labelled(String label, WaitCondition inner) {
            this.label = label;
            this.inner = inner;
        }

        @Override
        public boolean ready() {
            return inner.ready();
        }

        @Override
        public long deadline() {
            return inner.deadline();
        }

        @Override
        public String describe() {
            return label + " for " + inner.describe();
        }
    }

    @Override
    public String toString() {
        return "rank " + rank;
    }

    // ---- MPI-3 extensions: matched probes, nonblocking collectives, send-receive requests --------------

    /** Per collective wire context, how many nonblocking collectives this rank has started on it. */
    private final Map<Integer, int[]> nonblockingStarted = new java.util.HashMap<>();

    /**
     * The sequence number of the next nonblocking collective this rank starts on the communicator of
     * collective context {@code wireContext}: 0, 1, 2... Every member starts them in the same order (MPI's
     * rule), so the number agrees across members and keeps each one's messages apart from the others'.
     */
    public int nextNonblockingCollective(int wireContext) {
        synchronized (nonblockingStarted) {
            return nonblockingStarted.computeIfAbsent(wireContext, c -> new int[1])[0]++;
        }
    }

    /**
     * Matched probe (MPI_IMPROBE): takes the oldest arrived message matching ({@code source}, {@code tag})
     * of {@code scope} out of matching, so that only {@link #mrecv} can receive it; null when none has
     * arrived. {@code source} is a rank of the scope or {@link MPI#ANY_SOURCE} (not PROC_NULL).
     */
    public Claimed improbe(Scope scope, int source, int tag) {
        final int from = source == MPI.ANY_SOURCE ? MPI.ANY_SOURCE : scope.worldRank(source);
        final Envelope e = mailbox.take(scope.wireContext(), from, tag);
        return e == null ? null : new Claimed(e, scope);
    }

    /** Blocking matched probe (MPI_MPROBE): waits until {@link #improbe} claims a message. */
    public Claimed mprobe(Scope scope, int source, int tag, String call) {
        final Claimed now = improbe(scope, source, tag);
        if (now != null) {
            return now;
        }
        final ClaimWait w = new ClaimWait(scope, source, tag, call);
        arrivalWatchers.incrementAndGet();
        try {
            await(w, null);
        } finally {
            arrivalWatchers.decrementAndGet();
        }
        return w.found;
    }

    /**
     * Receives a claimed message into {@code capacity} array elements of {@code buf} from {@code offset}
     * (MPI_MRECV, MPI_IMRECV): complete on return (the data is there, or the operation holds the error,
     * e.g. truncation). A message is received once; a second time is an {@link MPIException}.
     */
    public Pending mrecv(Claimed m, Object buf, int offset, int capacity, Datatype type, String call)
            throws MPIException {
        if (!m.receive()) {
            throw new MPIException(call + ": the message has been received already (it is MPI_MESSAGE_NULL now)");
        }
        final Envelope e = m.envelope;
        final RecvOp r = new RecvOp(this, m.scope, call, e.source, e.tag, buf, offset, capacity, type);
        r.matched = e;
        Transfer.finishAll(r);
        return r;
    }

    private final class ClaimWait implements WaitCondition {
        private final Scope scope;
        private final int source;
        private final int tag;
        private final String call;
        volatile Claimed found;

        ClaimWait(Scope scope, int source, int tag, String call) {
            this.scope = scope;
            this.source = source;
            this.tag = tag;
            this.call = call;
        }

        @Override
        public boolean ready() {
            if (found == null) {
                found = improbe(scope, source, tag);
            }
            return found != null;
        }

        @Override
        public long deadline() {
            return mailbox.nextArrival();
        }

        @Override
        public String describe() {
            return call + "(source=" + (source == MPI.ANY_SOURCE ? "ANY_SOURCE" : String.valueOf(source)) + ", tag="
                    + (tag == MPI.ANY_TAG ? "ANY_TAG" : String.valueOf(tag)) + ", comm=" + scope.name() + ")";
        }
    }

    /** One request for a receive and a send started together (MPI_ISENDRECV): complete when both are;
     *  its status is the receive's. */
    public static Pending both(Pending receive, Pending send, String call) {
        return new Both(receive, send, call);
    }

    private static final class Both implements Pending {
        private final Pending receive;
        private final Pending send;
        private final String call;

        Both(Pending receive, Pending send, String call) {
            this.receive = receive;
            this.send = send;
            this.call = call;
        }

        @Override
        public boolean poll() {
            // The receive first: a deferred send (SendOp) may meanwhile be taken straight from the buffer.
            return receive.poll() && send.poll();
        }

        @Override
        public long deadline() {
            return Math.min(receive.deadline(), send.deadline());
        }

        @Override
        public Status complete() throws MPIException {
            send.complete();
            return receive.complete();
        }

        @Override
        public boolean cancel() {
            return false; // MPI cannot cancel half of it; the pair completes
        }

        @Override
        public void free() {
            send.free();
            receive.free();
        }

        @Override
        public Endpoint owner() {
            return receive.owner();
        }

        @Override
        public String describe() {
            return call + ": " + receive.describe() + " and " + send.describe();
        }
    }
}
