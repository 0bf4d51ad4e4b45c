package bamboo.shim.engine;

import bamboo.shim.coll.Channel;
import java.nio.ByteBuffer;
import mpi.Datatype;
import mpi.MPIException;
import mpi.Status;

/**
 * One rank of a threads-device job ("process" in MPI terms): the engine's entry point for the {@code mpi}
 * package, the transports and the task-graph runtime. It holds the rank's mailbox and hands each call to
 * the collaborator of its concern: {@link Lifecycle} (Init, Finalize, the entry check), {@link CoreSeat}
 * (the node's core gate), {@link ContextIds}, {@link SendPath}, {@link ReceivePath} and {@link WaitPath}.
 * Several threads of a rank may use it at once.
 */
public final class Endpoint {
    final World world;
    final int rank;
    final Mailbox mailbox;
    /** The envelopes of eager messages to this rank, recycled once received (senders draw from it). */
    final EnvelopePool envelopes = new EnvelopePool();
    final Lifecycle life;
    final CoreSeat core = new CoreSeat();
    final ContextIds contexts;
    final WaitPath waits;
    final SendPath sends;
    final ReceivePath receives;
    private volatile ClassLoader loader;

    Endpoint(World world, int rank) {
        this.world = world;
        this.rank = rank;
        this.mailbox = new Mailbox(world.size());
        this.life = new Lifecycle(world, rank);
        this.contexts = new ContextIds(this);
        this.waits = new WaitPath(world, mailbox, core);
        this.sends = new SendPath(this);
        this.receives = new ReceivePath(this, waits);
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

    @Override
    public String toString() {
        return "rank " + rank;
    }

    // ---- life cycle ({@link Lifecycle}) --------------------------------------------------------------

    /** MPI.Init. */
    public void init() throws MPIException {
        life.init();
    }

    /** Initialises on behalf of a rank body run by the job runner; a later MPI.Init is then accepted once. */
    public void initImplicitly() {
        life.initImplicitly();
    }

    /** True on the thread that initialised MPI for this rank (MPI_Is_thread_main). */
    public boolean isInitThread() {
        return life.isInitThread();
    }

    /**
     * MPI_Abort: ends the whole job. Under the job runner the other ranks are woken and unwound and the
     * calling rank ends with {@link AbortCalledError}; a program started with plain {@code java} exits
     * the JVM with {@code errorCode}, as an MPI process would.
     */
    public AbortCalledError abortJob(int errorCode) {
        return life.abortJob(errorCode);
    }

    /** MPI.Finalize. */
    public void finalizeMpi() throws MPIException {
        life.finalizeMpi();
    }

    public boolean initialized() {
        return life.initialized();
    }

    public boolean finalized() {
        return life.finalized();
    }

    /** The rank's body has returned: it no longer counts as live for deadlock detection. */
    public void markFinished() {
        life.markFinished();
    }

    public boolean finished() {
        return life.finished();
    }

    /** Entry check of every MPI call: the job is not aborted, Init was called, Finalize was not. */
    public void check(String call) throws MPIException {
        life.check(call);
    }

    /** Counts a call for the deadlock watch without the init checks (e.g. on a request). */
    public void touch() {
        life.touch();
    }

    // ---- the node's cores ({@link CoreSeat}) ---------------------------------------------------------

    /**
     * The calling thread (the rank's own) takes one of its node's cores before it runs the program, and
     * from now on gives it back whenever it waits in MPI. Does nothing when the node has no gate.
     */
    public void enterCore() {
        core.enter();
    }

    /** The rank's thread is done (returned or failed): gives its core back for good. */
    public void leaveCore() {
        core.leave();
    }

    /** A non-blocking call found nothing (Test, Iprobe): lets a rank of the node that waits for a core run
     *  ({@link CoreSeat#pollMissed}). */
    public void pollMissed() {
        core.pollMissed();
    }

    // ---- contexts ({@link ContextIds}) ---------------------------------------------------------------

    /** The context id this rank proposes for a new communicator ({@link ContextIds#candidate}). */
    public int contextCandidate() {
        return contexts.candidate();
    }

    public void contextAgreed(int context) {
        contexts.agreed(context);
    }

    /** COMM_SELF's point-to-point scope (context 1: wire contexts 2 and 3). */
    public Scope selfScope() {
        return contexts.selfScope();
    }

    /** Point-to-point on COMM_WORLD's collective context, for the collectives layer. */
    public Channel worldChannel() {
        return contexts.worldChannel();
    }

    /** The sequence number of the next nonblocking collective this rank starts on the communicator of
     *  collective context {@code wireContext} ({@link ContextIds#nextNonblockingCollective}). */
    public int nextNonblockingCollective(int wireContext) {
        return contexts.nextNonblockingCollective(wireContext);
    }

    // ---- sending ({@link SendPath}) ------------------------------------------------------------------

    /** Starts a send of {@code elements} array elements of {@code buf} from {@code offset} (checked). */
    public Pending isend(Scope scope, Object buf, int offset, int elements, Datatype type, int dest, int tag,
                         SendMode mode, String call) throws MPIException {
        return sends.isend(scope, buf, offset, elements, type, dest, tag, mode, call, true);
    }

    /** Blocking send. */
    public void send(Scope scope, Object buf, int offset, int elements, Datatype type, int dest, int tag,
                     SendMode mode, String call) throws MPIException {
        final Pending p = sends.isend(scope, buf, offset, elements, type, dest, tag, mode, call, false);
        if (!p.poll()) {
            waits.await(p, null);
        }
    }

    /**
     * A copying send ({@link SendMode#COPY}) for progress engines that never wait for their sends (the
     * task-graph runtime's message handler): the data is copied (into a {@link PayloadPool} array, or
     * straight into a posted receive) before this returns, and no request is made; with the envelope
     * recycled ({@link EnvelopePool}) a send to a rank of this process allocates nothing in steady state.
     */
    public void sendCopy(Scope scope, Object buf, int offset, int elements, Datatype type, int dest, int tag,
                         String call) throws MPIException {
        sends.sendCopy(scope, buf, offset, elements, type, dest, tag, call);
    }

    /**
     * True when a message to {@code dest} of {@code scope} may carry a header ({@link #sendCopy(Scope, long[],
     * int, Object, int, int, Datatype, int, int, String)}): a rank of this process. A transport between
     * processes carries no headers.
     */
    public boolean carriesHeaders(Scope scope, int dest) {
        return sends.carriesHeaders(scope, dest);
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
        sends.sendCopy(scope, header, headerLength, buf, offset, elements, type, dest, tag, call);
    }

    /** MPI.Buffer_attach: buffered sends of this rank may hold up to the buffer's capacity unreceived. */
    public void attachBuffer(ByteBuffer buffer) {
        sends.attachBuffer(buffer);
    }

    /** MPI.Buffer_detach: back to the implicit buffer (messages sent meanwhile still count in the old one);
     *  returns the attached buffer, or null. */
    public ByteBuffer detachBuffer() {
        return sends.detachBuffer();
    }

    /** The buffer of this rank's buffered sends (attached, or the implicit one). */
    public ByteBudget bufferedSendBudget() {
        return sends.bufferedSendBudget();
    }

    // ---- receiving ({@link ReceivePath}) -------------------------------------------------------------

    /**
     * A message from a rank in another process has arrived for this rank (called by the transport, in
     * the sender's send order). {@code data} is a fresh primitive array of {@code base} holding exactly
     * {@code elements} elements, or for {@code OBJECT} the serialised bytes of {@code elements} objects.
     * {@code onMatched} (null for a standard send) runs once a receive has taken the message.
     */
    public void deliverRemote(int context, int source, int tag, Datatype.Base base, int elements, Object data,
                              Runnable onMatched) {
        receives.deliverRemote(context, source, tag, base, elements, data, false, onMatched);
    }

    /**
     * {@link #deliverRemote(int, int, int, Datatype.Base, int, Object, Runnable)} with {@code data} drawn
     * from {@link PayloadPool#shared()} ({@code pooled}; then it may be longer than {@code elements}): it
     * goes back there once a receive has copied it out, or with the message a progress engine takes.
     */
    public void deliverRemote(int context, int source, int tag, Datatype.Base base, int elements, Object data,
                              boolean pooled, Runnable onMatched) {
        receives.deliverRemote(context, source, tag, base, elements, data, pooled, onMatched);
    }

    /** Flow control: the unexpected eager bytes this rank holds, its limit and peak. */
    public ByteBudget unexpectedBudget() {
        return receives.unexpected;
    }

    /** Posts a receive into {@code capacity} array elements of {@code buf} from {@code offset} (checked). */
    public Pending irecv(Scope scope, Object buf, int offset, int capacity, Datatype type, int source, int tag,
                         String call) {
        return receives.irecv(scope, buf, offset, capacity, type, source, tag, call);
    }

    /** Blocking receive. */
    public Status recv(Scope scope, Object buf, int offset, int capacity, Datatype type, int source, int tag,
                       String call) throws MPIException {
        return receives.recv(scope, buf, offset, capacity, type, source, tag, call);
    }

    /** The status of the oldest matching arrived message, or null. */
    public Status iprobe(Scope scope, int source, int tag) {
        return receives.iprobe(scope, source, tag);
    }

    /** Waits until a matching message has arrived; returns its status without receiving it. */
    public Status probe(Scope scope, int source, int tag, String call) {
        return receives.probe(scope, source, tag, call);
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
        return receives.take(scope, source, tag, into);
    }

    /**
     * Matched probe (MPI_IMPROBE): takes the oldest arrived message matching ({@code source}, {@code tag})
     * of {@code scope} out of matching, so that only {@link #mrecv} can receive it; null when none has
     * arrived. {@code source} is a rank of the scope or {@link mpi.MPI#ANY_SOURCE} (not PROC_NULL).
     */
    public Claimed improbe(Scope scope, int source, int tag) {
        return receives.improbe(scope, source, tag);
    }

    /** Blocking matched probe (MPI_MPROBE): waits until {@link #improbe} claims a message. */
    public Claimed mprobe(Scope scope, int source, int tag, String call) {
        return receives.mprobe(scope, source, tag, call);
    }

    /**
     * Receives a claimed message into {@code capacity} array elements of {@code buf} from {@code offset}
     * (MPI_MRECV, MPI_IMRECV): complete on return (the data is there, or the operation holds the error,
     * e.g. truncation). A message is received once; a second time is an {@link MPIException}.
     */
    public Pending mrecv(Claimed m, Object buf, int offset, int capacity, Datatype type, String call)
            throws MPIException {
        return receives.mrecv(m, buf, offset, capacity, type, call);
    }

    /** One request for a receive and a send started together (MPI_ISENDRECV): complete when both are;
     *  its status is the receive's. */
    public static Pending both(Pending receive, Pending send, String call) {
        return new Both(receive, send, call);
    }

    // ---- waiting ({@link WaitPath}) ------------------------------------------------------------------

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
        waits.awaitArrival(seen, maxNanos);
    }

    /**
     * Blocks the calling thread until {@code c} holds: spins a short while when every rank may have a core,
     * then parks (woken by completions, by simulated arrivals via the deadline, or by an abort).
     *
     * @param label what the caller is doing (e.g. {@code "Wait"}), or null when the condition names it
     * @throws JobAbortedError when the job is aborted meanwhile
     */
    public void await(WaitCondition c, String label) {
        waits.await(c, label);
    }

    /** An operation of this rank has completed: counts it as progress and wakes the rank's waiters. */
    void completed() {
        waits.completed();
    }

    /** Wakes this rank's parked threads (after an abort). */
    void wakeAll() {
        waits.waiters.signal();
    }
}
