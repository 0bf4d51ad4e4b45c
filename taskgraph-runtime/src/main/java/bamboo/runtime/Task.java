package bamboo.runtime;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/**
 * One task of a {@link Graph}: the unit the translator outlines a rank body into. A task runs on
 * whichever worker is free, from one evaluation point to the next, and talks to other tasks only by
 * messages ({@link #send}); tasks share no data.
 *
 * <p>Life cycle: {@link #init()} once, then {@link #execute()} repeatedly. {@code execute()} returns
 * {@link Outcome#WAITING} at an evaluation point whose firing rule {@link #ready()} is false; the runtime
 * evaluates {@code ready()} again as messages arrive and schedules the task when it holds. Never two of
 * {@code init()}, {@code execute()}, {@code ready()} and {@link #waitingFor} run at the same time.
 *
 * <p>Threading contract for subclasses: {@link #send}, {@link #arrived}, {@link #receive} and
 * {@link #priority(int)} may be called only from inside those methods (that is, by the runtime thread
 * that owns the task at that moment).
 */
public abstract class Task {

    /** Wildcard source for {@link #arrived}, {@link #arrivedCount}, {@link #receive}, {@link #probe} and
     *  {@link #claim}: any sender (the value of {@code mpi.MPI.ANY_SOURCE}). */
    public static final int ANY_SOURCE = mpi.MPI.ANY_SOURCE;
    /** Wildcard tag (the value of {@code mpi.MPI.ANY_TAG}): matches the tags >= 0 (negative tags carry translated communicators, see bamboo.runtime.comm.TaskComm). */
    public static final int ANY_TAG = mpi.MPI.ANY_TAG;
    /** MPI's null process (the value of {@code mpi.MPI.PROC_NULL}): a send to it does nothing; a receive,
     *  probe or claim from it succeeds at once with nothing (source PROC_NULL, tag ANY_TAG, count 0) and
     *  leaves the buffer alone, as in MPI. */
    public static final int PROC_NULL = mpi.MPI.PROC_NULL;

    /** Wildcard tags of one block of negative tags: {@code BLOCK_WILDCARDS + b} matches every tag of block b. */
    private static final int BLOCK_WILDCARDS = -65536;
    /** Blocks of negative tags that have a wildcard: 0 .. BLOCKS - 1 (the last block holds the wildcards). */
    private static final int BLOCKS = 32767;

    /**
     * A wildcard tag for receives and probes that matches every tag of block {@code block} of the negative
     * tags: the 65536 tags {@code t} with {@code (t - Integer.MIN_VALUE) >>> 16 == block}, for
     * {@code 0 <= block < 32767}. A translated communicator's point-to-point context is such a block
     * ({@code bamboo.runtime.comm.TaskComm}), so this is MPI's ANY_TAG on that communicator. The patterns
     * themselves lie in the last block (-65536..-32770), which carries no communicator.
     */
    public static int anyTagInBlock(int block) {
        if (block < 0 || block >= BLOCKS) {
            throw new IllegalArgumentException("anyTagInBlock: block " + block + " is not in 0.." + (BLOCKS - 1));
        }
        return BLOCK_WILDCARDS + block;
    }

    /** Whether {@code tag} is a wildcard of {@link #anyTagInBlock}. */
    public static boolean isBlockWildcard(int tag) {
        return tag >= BLOCK_WILDCARDS && tag < BLOCK_WILDCARDS + BLOCKS;
    }

    /** Whether tag pattern {@code pattern} (a tag, {@link #ANY_TAG} or a block wildcard) matches wire tag
     *  {@code tag}; ANY_TAG here matches every tag >= 0 (the inbox may limit it further). */
    public static boolean tagMatches(int pattern, int tag) {
        if (pattern == ANY_TAG) {
            return tag >= 0;
        }
        if (isBlockWildcard(pattern)) {
            return tag < 0 && ((tag - Integer.MIN_VALUE) >>> 16) == pattern - BLOCK_WILDCARDS;
        }
        return tag == pattern;
    }

    /** How {@link #execute()} returned. */
    public enum Outcome {
        /** The task ran to its end; it never runs again. */
        FINISHED,
        /** The task stands at an evaluation point whose firing rule is false. */
        WAITING,
        /** The task could go on but gives way (cooperative yield): back of the run queue. */
        YIELDED
    }

    // Task states. OWNED: queued, running or being evaluated by exactly one thread. WAITING: parked,
    // owned by nobody; the first thread that moves it out (CAS) owns it. See Node#deliver.
    static final int OWNED = 1;
    static final int WAITING = 2;
    static final int FINISHED = 3;
    /** Held by flow control: it flooded a task that is still busy; owned by that task's held list. */
    static final int HELD = 4;

    private static final AtomicIntegerFieldUpdater<Task> STATE =
            AtomicIntegerFieldUpdater.newUpdater(Task.class, "state");
    private static final AtomicReferenceFieldUpdater<Task, Message> INCOMING =
            AtomicReferenceFieldUpdater.newUpdater(Task.class, Message.class, "incoming");
    private static final AtomicLongFieldUpdater<Task> BUFFERED =
            AtomicLongFieldUpdater.newUpdater(Task.class, "bufferedBytes");
    private static final AtomicLongFieldUpdater<Task> PEAK =
            AtomicLongFieldUpdater.newUpdater(Task.class, "peakBuffered");
    private static final AtomicIntegerFieldUpdater<Task> IN_FLIGHT =
            AtomicIntegerFieldUpdater.newUpdater(Task.class, "inFlight");
    private static final AtomicReferenceFieldUpdater<Task, Task> HELD_SENDERS =
            AtomicReferenceFieldUpdater.newUpdater(Task.class, Task.class, "heldSenders");

    private int id = -1;
    private int numTasks;
    Node node;
    final Inbox inbox = new Inbox();
    private volatile int state = OWNED;
    /** Lock-free stack of messages pushed by other threads, newest first; drained by the owner. */
    private volatile Message incoming;
    private int priority;
    boolean initialized;
    long sendSeq;
    /** The worker running the task right now (null while ready() is evaluated by an injector). */
    Worker runner;
    // Intrusive run-queue link and the enqueue time (for queue-wait occupancy).
    Task nextInQueue;
    long enqueuedAt;
    // The (source, tag) pairs that arrived() answered false for since the last evaluation started:
    // what the task waits for when it does not say so itself (waitingFor).
    private final int[] misses = new int[16];
    private int missCount;
    /** True while the runtime evaluates ready() (see arrived()). */
    private boolean evaluating;
    // What the last receive() took or probe() / claim() found: source, tag, element count.
    private int lastSource = -1;
    private int lastTag = -1;
    private int lastCount = -1;
    // Flow control (see Node#admit and Node#hold): bytes of messages sent to this task and not yet
    // received, each counted with Node.MESSAGE_OVERHEAD. One counter that senders add to and the receiver
    // subtracts from, both atomically, so every value an add returns is what the inbox held at that
    // instant. (Two counters, sent and received, read one after the other, are not a snapshot: a sender
    // descheduled between the reads would count every receive of the meantime as unreceived, and fail
    // the run with an inbox several times its true size; FloodControlCountsWhatTheInboxHoldsTest.)
    private volatile long bufferedBytes;
    private volatile long peakBuffered;
    /** Messages sent to this task from another process of this JVM and not yet injected (they count in
     *  bufferedBytes already): while some are on their way, a waiting task will be evaluated again. */
    private volatile int inFlight;
    /** Lock-free stack of tasks held until this one drains its inbox or stops consuming. */
    private volatile Task heldSenders;
    Task nextHeld;
    /** Owner only: the task this one flooded in its current execution, looked at when it returns. */
    Task flooded;
    /** What execute() returned before the task was held: how to resume it. */
    Outcome heldOutcome;

    /** Runs once, on a worker, before the first {@link #execute()}. */
    protected void init() throws Exception {
    }

    /**
     * Runs from the current resume point until the task finishes ({@link Outcome#FINISHED}), reaches an
     * evaluation point whose firing rule is false ({@link Outcome#WAITING}; the runtime calls
     * {@link #ready()} as messages arrive and schedules the task again when it is true), or yields
     * cooperatively ({@link Outcome#YIELDED}: back of the queue).
     */
    protected abstract Outcome execute() throws Exception;

    /**
     * The firing rule of the evaluation point the task waits at: the conjunction over possible messages
     * of (not condition or arrived). Reads only task fields and {@link #arrived}; called by the runtime
     * (never concurrently with execute()) after each message injected while WAITING.
     */
    protected abstract boolean ready();

    /**
     * Optional: describes what the task waits for at its current evaluation point, for the deadlock
     * report. Add each expected message that has not arrived with {@link WaitDescription#message}.
     * Called only when the graph is deadlocked. The default adds nothing, and the report then lists the
     * (source, tag) pairs that {@link #arrived} answered false for during the last evaluation.
     */
    protected void waitingFor(WaitDescription wait) {
    }

    /** The task id 0..N-1: what {@code Rank()} becomes. */
    protected final int id() {
        if (id < 0) {
            throw new IllegalStateException("Task.id(): the task has not joined a graph yet (called from a constructor?)");
        }
        return id;
    }

    /** N, the number of tasks of the graph: what {@code Size()} becomes. */
    protected final int numTasks() {
        if (id < 0) {
            throw new IllegalStateException("Task.numTasks(): the task has not joined a graph yet (called from a constructor?)");
        }
        return numTasks;
    }

    /**
     * Sends {@code count} elements of {@code buf} (a primitive array or {@code Object[]}) from
     * {@code offset} to task {@code dest} with {@code tag}; copies the data and returns at once.
     */
    protected final void send(int dest, int tag, Object buf, int offset, int count) {
        if (dest == PROC_NULL) {
            return;
        }
        node().send(this, dest, tag, buf, offset, count);
    }

    /**
     * True when a message from {@code source} with {@code tag} is waiting for this task; either may be a
     * wildcard ({@link #ANY_SOURCE}, {@link #ANY_TAG}).
     */
    protected final boolean arrived(int source, int tag) {
        if (source == PROC_NULL) {
            return true;
        }
        return node().inbox(this, Node.ARRIVED, source, tag, null, 0, 0) != 0;
    }

    /**
     * How many messages from {@code source} with {@code tag} are waiting for this task (either may be a
     * wildcard): for firing rules that need several messages in one window. A wildcard count walks the
     * held messages; see {@link #claim} for windows that mix wildcard and specific receives.
     */
    protected final int arrivedCount(int source, int tag) {
        if (source == PROC_NULL) {
            return Integer.MAX_VALUE; // as many empty messages as asked for
        }
        return node().inbox(this, Node.ARRIVED_COUNT, source, tag, null, 0, 0);
    }

    /**
     * Copies the oldest waiting message from ({@code source}, {@code tag}) into {@code buf} at
     * {@code offset}; returns its element count; fails when the message is longer than {@code count}.
     * Messages per (source, tag) keep send order. Either may be a wildcard: the oldest matching arrival is
     * taken (messages of one sender stay in send order, whatever their tags); {@link #lastSource()} and
     * {@link #lastTag()} then tell what was received.
     */
    protected final int receive(int source, int tag, Object buf, int offset, int count) {
        if (source == PROC_NULL) {
            return fromProcNull();
        }
        return node().inbox(this, Node.RECEIVE, source, tag, buf, offset, count);
    }

    /**
     * Probe / Iprobe: true when a message matching ({@code source}, {@code tag}) (wildcards allowed) is
     * waiting; it stays there, and {@link #lastSource()}, {@link #lastTag()} and {@link #lastCount()}
     * describe the oldest such message (the one a {@link #receive} with the same arguments would take).
     */
    protected final boolean probe(int source, int tag) {
        if (source == PROC_NULL) {
            fromProcNull();
            return true;
        }
        return node().inbox(this, Node.PROBE, source, tag, null, 0, 0) != 0;
    }

    /**
     * Limits what {@link #ANY_TAG} matches to tags up to {@code maxTag} (all tags by default): tags above
     * are reserved traffic (the translator's collectives) that a user's wildcard must not take. May be
     * called from the constructor.
     */
    protected final void anyTagUpTo(int maxTag) {
        inbox.anyTagMax(maxTag);
    }

    /**
     * Forgets the claims of the previous dry run: a firing rule that uses {@link #claim} or
     * {@link #probeUnclaimed} calls this first.
     */
    protected final void unclaim() {
        inbox.unclaimAll();
    }

    /**
     * Dry-run receive for firing rules: claims the message a {@code receive(source, tag, ...)} would take
     * after the receives claimed before it in this dry run (the oldest unclaimed match; wildcards allowed)
     * and returns true, or returns false when there is none. Claiming receive by receive counts each
     * message once even when wildcard and specific receives share a window. The claimed message's source,
     * tag and count are available through {@link #lastSource()} and friends.
     */
    protected final boolean claim(int source, int tag) {
        return unclaimed(source, tag, Node.CLAIM);
    }

    /** Dry-run probe for firing rules: like {@link #probe}, but skips the messages claimed so far. */
    protected final boolean probeUnclaimed(int source, int tag) {
        return unclaimed(source, tag, Node.PROBE_UNCLAIMED);
    }

    private boolean unclaimed(int source, int tag, int op) {
        if (source == PROC_NULL) {
            fromProcNull();
            return true;
        }
        return node().inbox(this, op, source, tag, null, 0, 0) != 0;
    }

    /**
     * What arrived, arrivedCount, probe, claim and probeUnclaimed do once the source is not PROC_NULL
     * ({@code op}: Node.ARRIVED ...): drains unless evaluating, looks the pair up, and notes a miss for
     * the wake-up protocol. Returns 1 (found) or 0, or the count for ARRIVED_COUNT. Runs inside
     * {@link Node#inbox}, which generated code reaches through one call that the JIT does not inline.
     */
    final int look(int op, int source, int tag) {
        drainUnlessEvaluating();
        if (op == Node.ARRIVED) {
            if (inbox.has(source, tag)) {
                return 1;
            }
        } else if (op == Node.ARRIVED_COUNT) {
            int n = inbox.count(source, tag);
            if (n > 0) {
                return n;
            }
        } else {
            Message m = op == Node.PROBE ? inbox.find(source, tag) : inbox.unclaimed(source, tag, op == Node.CLAIM);
            if (m != null) {
                setLast(m);
                return 1;
            }
        }
        miss(source, tag);
        return 0;
    }

    /** Source of the message the last {@link #receive} took or {@link #probe} / {@link #claim} found. */
    protected final int lastSource() {
        return lastSource;
    }

    /** Tag of that message. */
    protected final int lastTag() {
        return lastTag;
    }

    /** Element count of that message (array elements, as sent). */
    protected final int lastCount() {
        return lastCount;
    }

    /** What a receive or probe from PROC_NULL finds: nothing, from PROC_NULL, with ANY_TAG. */
    private int fromProcNull() {
        lastSource = PROC_NULL;
        lastTag = ANY_TAG;
        lastCount = 0;
        return 0;
    }

    final void setLast(Message m) {
        lastSource = m.source;
        lastTag = m.tag;
        lastCount = m.count;
    }

    private void miss(int source, int tag) {
        if (missCount < misses.length) {
            misses[missCount++] = source;
            misses[missCount++] = tag;
        }
    }

    /** Sets this task's scheduling priority (higher first; negative also yields after each region). */
    protected final void priority(int priority) {
        this.priority = priority;
    }

    /** This task's scheduling priority (0 unless {@link #priority(int)} set it). */
    protected final int priority() {
        return priority;
    }

    /**
     * True when the task should give way at the end of the current region: its priority is negative
     * (the cooperative-yield rule). Generated code returns {@link Outcome#YIELDED} there when this holds.
     */
    protected final boolean yieldAtRegionEnd() {
        return priority < 0;
    }

    // ---- runtime side -------------------------------------------------------------------------------

    private Node node() {
        if (node == null) {
            throw new IllegalStateException("Task: send/receive outside a running graph");
        }
        return node;
    }

    final void attach(Node node, int id, int numTasks) {
        if (this.id >= 0) {
            throw new IllegalStateException("the task factory returned the same Task object for ids "
                    + this.id + " and " + id + "; it must create a new task per id");
        }
        this.node = node;
        this.id = id;
        this.numTasks = numTasks;
    }

    final int taskId() {
        return id;
    }

    final int state() {
        return state;
    }

    final void setState(int s) {
        state = s;
    }

    final boolean casState(int expect, int update) {
        return STATE.compareAndSet(this, expect, update);
    }

    /** Any thread: counts {@code bytes} sent to this task (negative to take them back); returns what
     *  the inbox holds now. */
    final long addSent(long bytes) {
        return BUFFERED.addAndGet(this, bytes);
    }

    /** Any thread: counts a message from another process of this JVM on its way here (+1) or injected (-1). */
    final void addInFlight(int n) {
        IN_FLIGHT.addAndGet(this, n);
    }

    /**
     * Flow control: whether this task is sure to look at its inbox again, so that a sender may be held on
     * it: it is queued or running, or it waits with a message from another process still on its way (the
     * delivery evaluates its firing rule, and if it goes back to waiting it releases its held list). The
     * state is read first: every way out of that (waiting again, being held, finishing) writes the state,
     * then takes the held list.
     */
    final boolean busyForFlowControl() {
        int s = state;
        return s == OWNED || (s == WAITING && inFlight > 0);
    }

    /** Owner only: counts {@code bytes} received. Atomic, like the senders' add, so the count stays exact;
     *  it also orders the receive before the owner's look at its held list (see Node#inbox). */
    final void addReceived(long bytes) {
        BUFFERED.addAndGet(this, -bytes);
    }

    /** Bytes of messages sent to this task and not yet received, exact at the moment of the read. */
    final long buffered() {
        return bufferedBytes;
    }

    final void notePeak(long held) {
        long p;
        while (held > (p = peakBuffered) && !PEAK.compareAndSet(this, p, held)) {
            Thread.onSpinWait();
        }
    }

    /** The most bytes this task's inbox held at once (flow control's figure). */
    final long peakBuffered() {
        return peakBuffered;
    }

    final boolean hasHeld() {
        return heldSenders != null;
    }

    /** Any thread: holds {@code sender} until this task drains or stops consuming. */
    final void pushHeld(Task sender) {
        Task head;
        do {
            head = heldSenders;
            sender.nextHeld = head;
        } while (!HELD_SENDERS.compareAndSet(this, head, sender));
    }

    /** Any thread: takes every held sender (the caller resumes them). */
    final Task takeHeld() {
        return heldSenders == null ? null : HELD_SENDERS.getAndSet(this, null);
    }

    final boolean hasIncoming() {
        return incoming != null;
    }

    /**
     * Inside an evaluation of ready() the runtime has drained already; draining again there could take in
     * a message after the rule looked at its pair and hide it from the re-check that follows the
     * evaluation (a lost wake-up). Inside execute() draining keeps the view fresh.
     */
    private void drainUnlessEvaluating() {
        if (!evaluating) {
            drainIncoming();
        }
    }

    /** Called by any thread: pushes a message for the owner to drain. */
    final void push(Message m) {
        Message head;
        do {
            head = incoming;
            m.next = head;
        } while (!INCOMING.compareAndSet(this, head, m));
    }

    /** Owner only: moves pushed messages into the inbox in push order. */
    final void drainIncoming() {
        if (incoming == null) {
            return;
        }
        Message m = INCOMING.getAndSet(this, null);
        Message reversed = null;
        while (m != null) {
            Message next = m.next;
            m.next = reversed;
            reversed = m;
            m = next;
        }
        while (reversed != null) {
            Message next = reversed.next;
            reversed.next = null;
            inbox.add(reversed);
            reversed = next;
        }
    }

    final void clearMisses() {
        missCount = 0;
    }

    final int missCount() {
        return missCount;
    }

    final int miss(int i) {
        return misses[i];
    }

    /** Evaluates the firing rule over what has been drained so far (the caller drained just before). */
    final boolean callReady() {
        missCount = 0;
        evaluating = true;
        try {
            return ready();
        } finally {
            evaluating = false;
        }
    }

    final Outcome callExecute() throws Exception {
        missCount = 0;
        return execute();
    }

    final void callInit() throws Exception {
        init();
    }

    final void callWaitingFor(WaitDescription w) {
        waitingFor(w);
    }

    final int schedulingPriority() {
        return priority;
    }
}
