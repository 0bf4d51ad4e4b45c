package bamboo.runtime;

import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import bamboo.shim.engine.Binding;
import bamboo.shim.engine.Endpoint;
import bamboo.shim.engine.PayloadPool;
import bamboo.shim.engine.Scope;
import bamboo.shim.engine.Taken;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import org.agrona.concurrent.Agent;

/**
 * The message handler of one process: an Agrona agent running on the process's shim rank thread, the one
 * progress engine for traffic between processes, and the protocol of that traffic. A message to a task
 * of another process travels as two shim messages: a header (12 ints: source and destination task, tag,
 * element kind and count, byte length, sequence number, trace id, send time) and, unless it is empty, its
 * payload as one message of its own element type. Runtime traffic uses reserved tags at the top of the
 * tag range.
 *
 * <p>Copies. The sending worker hands the task's buffer to the shim, which copies it once (a copying
 * send: it never holds on to the buffer, so {@code send} may return at once), and the receiving side
 * takes that copy by reference ({@link Endpoint#take}) and keeps it as the message's payload until the
 * task receives it: the data is copied twice on its way, as between two ranks of an untranslated program
 * (into the shim, out to the receive buffer), and no pooled chunk is involved. The shim's copy is an
 * array of its {@link PayloadPool}: once the task has copied it out (or the message is dropped) the
 * runtime returns it there ({@link Pools#release(Message)}), and so does the handler with a header once
 * it has read it, so steady traffic between processes allocates no arrays. Messages within a process use
 * pooled chunks instead (see {@link Node#send}).
 *
 * <p>Order. The sender transmits header and payload together under one lock, so per pair of processes
 * payloads arrive in the order of their headers (the shim does not overtake): a header opens a message of
 * its sender, the next payload from that sender completes the oldest open one, and messages are injected
 * strictly in arrival order per source process, so the non-overtaking order per (source, destination,
 * tag) holds end to end, for wildcards too.
 *
 * <p>Idle workers do the inbound work ({@link #pollInbound}, {@link #awaitInbound}): a worker with
 * nothing to run receives what has arrived itself, and instead of parking it waits in the shim for the
 * next arrival. A message for a waiting task then costs one thread wake-up (the worker's), as a receive
 * in an untranslated rank does, instead of two in a row (the handler's, then the worker's). The inbound
 * state is guarded by a try-lock: whoever holds it receives, the others go on.
 *
 * <p>So the handler itself never waits in the shim: after a short poll with nothing to do it dozes
 * (parks up to {@link #DOZE_NANOS}), woken early only by a poke (a message queued before binding, a stop,
 * the run's monitor every few tens of milliseconds). An arrival while every worker computes waits in the
 * shim for the first worker that runs out of work, which is as soon as any worker could run the task it
 * wakes. A handler asleep in a blocking {@code Probe} would be woken by every arrival, and on a machine
 * whose cores all compute each such wake-up (with its polling after) would take a core from a worker.
 */
final class Handler implements Agent, Node.Remote {
    static final int HEADER_TAG = MPI.TAG_UB - 1;
    static final int PAYLOAD_TAG = MPI.TAG_UB - 2;
    /** A whole message in one shim message: the header travels in the envelope with the payload. */
    static final int MESSAGE_TAG = MPI.TAG_UB - 3;
    private static final int HEADER_INTS = 12;
    /** The header of a one-part message, as longs ({@link #packHeader}). */
    private static final int HEADER_LONGS = 6;
    /** The shim datatype of each element kind of {@link Elements} ({@code Object[]} travels serialised). */
    private static final Datatype[] TYPES = {
        MPI.BYTE, MPI.BOOLEAN, MPI.CHAR, MPI.SHORT, MPI.INT, MPI.FLOAT, MPI.LONG, MPI.DOUBLE, MPI.BYTE};

    final Node node;
    final ThreadStats stats;
    final TraceLog trace;
    /** Messages handed to this handler to send (by workers of this process). */
    final AtomicLong handed = new AtomicLong();
    /** Messages this handler injected into local tasks. */
    final AtomicLong delivered = new AtomicLong();
    /** Messages waiting to be transmitted (only before the handler is bound to its rank); newest first. */
    private final AtomicReference<Message> outbox = new AtomicReference<>();
    /** Guards the outbound side (outbox draining, transmitting, the send header and statistics): workers
     *  transmit their own messages, and one sender's messages must keep their order. */
    private final Object sendLock = new Object();
    private final int[] headerOut = new int[HEADER_INTS];
    private final long[] headerLongsOut = new long[HEADER_LONGS];
    private final boolean tracing;
    /** Per source process: messages whose header has come in, oldest first, until they are injected. */
    private final ArrayDeque<Message>[] arriving;
    private final Taken taken = new Taken();
    private volatile Thread thread;
    HandlerIdler idler;
    /** This process's shim rank, captured on the rank thread; other threads send and receive through it. */
    volatile Endpoint endpoint;
    /** COMM_WORLD of the handler's rank: runtime traffic goes through the endpoint directly. */
    private volatile Scope world;
    private final AtomicBoolean sleeping = new AtomicBoolean();
    private volatile boolean stopRequested;
    /** How long the handler polls before it dozes: long enough for a burst of messages to cost one
     *  wake-up, short enough not to take a shared core from the workers. */
    private static final long SLEEP_AFTER_NANOS = 50_000;
    /** How long the handler dozes (parks). Messages that arrive meanwhile while the workers are all busy
     *  wait in the shim, which delays nothing: no worker could run their tasks sooner, and the first one
     *  that runs out of work receives them itself (an idle worker waits in the shim and is woken by the
     *  arrival). Long, so that a dozing handler does not take a shared core from the workers: the run's
     *  monitor pokes it every check (50 ms by default), so in practice it wakes that often. (At 10 ms the
     *  handler of a translated jacobi3d woke more often than it had when arrivals woke it.) */
    static final long DOZE_NANOS = 100_000_000;
    private long idleSince;
    /** Held by whoever receives (the handler or an idle worker): the inbound state is single-threaded. */
    private final AtomicBoolean inbound = new AtomicBoolean();
    /** Where a failure of inbound work on a worker goes (the same place as the handler agent's errors). */
    Consumer<Throwable> onError;

    @SuppressWarnings("unchecked")
    Handler(Node node, int ranks) {
        this.node = node;
        this.tracing = node.config.trace != null;
        this.stats = new ThreadStats(roleName(), true);
        this.trace = new TraceLog(tracing, node.rank, node.workers.length, "handler");
        this.arriving = (ArrayDeque<Message>[]) new ArrayDeque<?>[ranks];
        for (int r = 0; r < ranks; r++) {
            arriving[r] = new ArrayDeque<>();
        }
    }

    @Override
    public String roleName() {
        return "node" + node.rank + "-handler";
    }

    /** Receives the runtime's control messages ({@link WorldMessage}); null unless the graph joined a world. */
    interface ControlSink {
        void accept(byte[] bytes, int length);
    }

    /** Set before the handler starts, in a world graph only. */
    ControlSink controlSink;

    /** Sets the shim rank this handler (and the workers, when they transmit) talk through. */
    void bind(Endpoint ep) {
        world = ep.world().worldScope();
        endpoint = ep;
    }

    @Override
    public void onStart() {
        thread = Thread.currentThread();
        Endpoint ep = endpoint;
        if (ep != null && Binding.current() != ep) {
            Binding.bind(ep); // a world graph's handler runs on a thread of its own, not on the rank's
        }
        if (idler != null) {
            idler.started();
        }
    }

    @Override
    public void onClose() {
        if (idler != null) {
            idler.finish();
        }
    }

    // ---- outbound ----------------------------------------------------------------------------------

    /**
     * Any worker of this process: sends a message to a task of another process; {@code data} from
     * {@code offset} holds its payload ({@code m.count} elements of kind {@code m.kind}, or for
     * {@code Object[]} the {@code m.byteLength} serialised bytes). The worker transmits it itself: the
     * shim copies the payload at once, so nothing is kept and the message goes back to the pool. (Handing
     * it to the handler thread instead cost a thread wake-up per message, and on a machine whose cores
     * are all busy computing the handler then waited for a time slice while the receiving process sat
     * idle.) Until the handler is bound to its rank, messages wait in the outbox with a private copy of
     * their payload, and later ones queue behind them, so one sender's order never changes.
     */
    @Override
    public void send(Message m, Worker from, Object data, int offset) {
        handed.incrementAndGet();
        synchronized (sendLock) {
            Endpoint ep = endpoint;
            if (ep == null || outbox.get() != null) {
                keepPayload(m, data, offset);
                queue(m);
                return;
            }
            bindWorker(ep);
            try {
                transmit(ep, m, data, offset);
            } catch (RuntimeException e) { // MPIException is one
                node.control.fail(new GraphFailure(m.source, "cannot send a message from task " + m.source
                        + " to task " + m.dest + " in another process: " + e.getMessage(), e));
            }
            node.pools.release(m);
        }
    }

    /** A queued message's payload: copied now, since the task may reuse its buffer as soon as send returns
     *  (into a pooled array, which goes back when the message is released after its transmission). */
    private static void keepPayload(Message m, Object data, int offset) {
        int elements = m.kind == Elements.OBJECT ? m.byteLength : m.count;
        m.array = PayloadPool.shared().copyOf(data, offset, elements);
        m.arrayKind = Elements.kindOf(m.array);
        m.arrayPooled = true;
    }

    /**
     * Binds the calling worker to this process's shim rank for good (workers are the runtime's own
     * threads and belong to this process). Binding and unbinding around every call cost a thread-local
     * entry per remote message.
     */
    private static void bindWorker(Endpoint ep) {
        if (Binding.current() != ep) {
            Binding.bind(ep);
        }
    }

    /**
     * Under the send lock: the message, copied by the shim before it returns. To a process of this JVM
     * (the shim's threads device) it is one shim message whose envelope carries the header; to a process
     * in another JVM (a transport, which carries no headers) the header and then the payload.
     */
    private void transmit(Endpoint ep, Message m, Object data, int offset) throws MPIException {
        long start = tracing ? System.nanoTime() : 0;
        int dest = node.placement.nodeOf(m.dest);
        Scope w = world;
        ep.touch(); // counts as an MPI call for the shim's deadlock watch; fails if the job was aborted
        if (ep.carriesHeaders(w, dest)) {
            int elements = m.byteLength == 0 ? 0 : m.kind == Elements.OBJECT ? m.byteLength : m.count;
            ep.sendCopy(w, packHeader(m), HEADER_LONGS, data, offset, elements, TYPES[m.kind], dest, MESSAGE_TAG,
                    "send");
        } else {
            transmitTwoParts(ep, w, dest, m, data, offset);
        }
        stats.messagesSent++;
        stats.bytesSent += m.byteLength;
        if (tracing) {
            trace.handler(start, System.nanoTime(), m.dest, true);
        }
    }

    /** The header of a one-part message: the fields of {@link #receiveHeader}'s 12 ints, two per long. */
    private long[] packHeader(Message m) {
        long[] h = headerLongsOut;
        h[0] = (m.source & 0xFFFFFFFFL) | ((long) m.dest << 32);
        h[1] = (m.tag & 0xFFFFFFFFL) | ((long) m.kind << 32);
        h[2] = (m.count & 0xFFFFFFFFL) | ((long) m.byteLength << 32);
        h[3] = m.seq;
        h[4] = m.traceId;
        h[5] = m.sentAt;
        return h;
    }

    /** Under the send lock, to another JVM: the header, then the payload (unless empty). */
    private void transmitTwoParts(Endpoint ep, Scope w, int dest, Message m, Object data, int offset)
            throws MPIException {
        int[] h = headerOut;
        h[0] = m.source;
        h[1] = m.dest;
        h[2] = m.tag;
        h[3] = m.kind;
        h[4] = m.count;
        h[5] = m.byteLength;
        h[6] = (int) m.seq;
        h[7] = (int) (m.seq >>> 32);
        h[8] = (int) m.traceId;
        h[9] = (int) (m.traceId >>> 32);
        h[10] = (int) m.sentAt;
        h[11] = (int) (m.sentAt >>> 32);
        ep.sendCopy(w, h, 0, HEADER_INTS, MPI.INT, dest, HEADER_TAG, "send");
        if (m.byteLength > 0) {
            int elements = m.kind == Elements.OBJECT ? m.byteLength : m.count;
            ep.sendCopy(w, data, offset, elements, TYPES[m.kind], dest, PAYLOAD_TAG, "send");
        }
    }

    private void queue(Message m) {
        Message head;
        do {
            head = outbox.get();
            m.next = head;
        } while (!outbox.compareAndSet(head, m));
        if (head == null) {
            Thread t = thread;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
        poke();
    }

    /** Under the send lock: transmits the queued messages, oldest first. */
    private int flushOutbox() throws MPIException {
        if (outbox.get() == null) {
            return 0;
        }
        Endpoint ep = endpoint;
        if (ep == null) {
            return 0;
        }
        Message m = outbox.getAndSet(null);
        Message fifo = null;
        while (m != null) {
            Message next = m.next;
            m.next = fifo;
            fifo = m;
            m = next;
        }
        int n = 0;
        while (fifo != null) {
            Message next = fifo.next;
            fifo.next = null;
            transmit(ep, fifo, fifo.array, 0);
            node.pools.release(fifo);
            fifo = next;
            n++;
        }
        return n;
    }

    // ---- inbound work shared with idle workers ------------------------------------------------------

    /**
     * A worker with nothing to run: receives what has arrived from other processes (unless another thread
     * is receiving right now) and injects it into its tasks. Returns how many shim messages it handled.
     */
    int pollInbound() {
        Endpoint ep = endpoint;
        if (ep == null || !tryLockInbound()) {
            return 0;
        }
        try {
            bindWorker(ep);
            return receive(ep);
        } catch (Throwable t) {
            fail(t);
            return 0;
        } finally {
            unlockInbound();
        }
    }

    /**
     * {@code nanos}, or less when a message on a simulated link to this process becomes due sooner: for a
     * worker that parks without waiting in the shim (another thread holds the inbound lock), so that a
     * message that becomes due after that thread has let go is not left waiting for the park to time out
     * (nobody else waits in the shim for it: the handler dozes, the workers park). An arrival due already
     * is the lock holder's to take (it wakes this worker if that makes a task runnable): then the whole
     * park, so a worker never loops on a holder that was preempted ({@code IdleWorkerParksWhileAnotherThreadReceivesTest}).
     */
    long untilNextArrival(long nanos) {
        Endpoint ep = endpoint;
        long next = ep == null ? Long.MAX_VALUE : ep.nextArrival();
        if (next == Long.MAX_VALUE) {
            return nanos;
        }
        long until = next - System.nanoTime();
        return until <= 0 ? nanos : Math.min(nanos, until);
    }

    /** True when something from another process waits in the shim or is due (a hint: {@link Endpoint#due}). */
    boolean inboundDue() {
        Endpoint ep = endpoint;
        return ep != null && ep.due();
    }

    /** Takes the inbound lock if it is free (whoever holds it receives; the others go on). */
    boolean tryLockInbound() {
        return inbound.compareAndSet(false, true);
    }

    void unlockInbound() {
        inbound.set(false);
    }

    /** True while a thread (the handler or an idle worker) holds the inbound lock. */
    boolean inboundBusy() {
        return inbound.get();
    }

    /** What {@link #awaitInbound} compares with: the shim's arrival count, read before a poll; -1 before
     *  the handler is bound (the caller then parks as usual). */
    long arrivals() {
        Endpoint ep = endpoint;
        return ep == null ? -1 : ep.arrivals();
    }

    /**
     * An idle worker, instead of parking: waits in the shim until a message arrives after {@code seen}
     * (a value of {@link #arrivals()} read before its last poll), something unparks it (a task became
     * runnable), or {@code nanos} pass.
     */
    void awaitInbound(long seen, long nanos) {
        endpoint.awaitArrival(seen, nanos);
    }

    private void fail(Throwable t) {
        Consumer<Throwable> sink = onError;
        if (sink != null) {
            sink.accept(t);
        } else {
            node.control.fail(new GraphFailure(-1, "message handler failed: " + t, t));
        }
    }

    /** Wakes the handler if it dozes (any thread). */
    void poke() {
        if (sleeping.get() && sleeping.compareAndSet(true, false)) {
            LockSupport.unpark(thread);
        }
    }

    /** Asks the handler to stop and wakes it. */
    void requestStop() {
        stopRequested = true;
        poke();
    }

    @Override
    public int doWork() throws MPIException {
        if (idler != null && idler.away()) {
            // Back from a short park with every core of the process busy: the workers receive; doze.
            idleSince = 0;
            return sleep();
        }
        int work;
        synchronized (sendLock) {
            work = flushOutbox();
        }
        Endpoint ep = endpoint;
        if (ep != null && tryLockInbound()) {
            try {
                work += receive(ep);
            } finally {
                unlockInbound();
            }
        }
        if (work > 0) {
            idleSince = 0;
        } else if (!stopRequested && outbox.get() == null) {
            // Dense traffic: poll (the idle strategy backs off). Idle for a while: doze (the workers receive).
            long now = System.nanoTime();
            if (idleSince == 0) {
                idleSince = now;
            } else if (now - idleSince >= SLEEP_AFTER_NANOS) {
                idleSince = 0;
                work = sleep();
            }
        }
        return work;
    }

    /**
     * Dozes until poked or {@link #DOZE_NANOS} pass; the workers receive meanwhile (see the class comment).
     * With a core gate, a handler woken while every core of its process is busy with a worker does not
     * queue for a core: it makes its keep-alive call (no core needed) and dozes again, and takes a core
     * in line only for what only it can do (messages queued before binding, a stop): otherwise each wake
     * (the run's monitor pokes every 50 ms) would make a computing worker hand its core over at the end of
     * its next duty cycle, a park and a wake-up of the worker for a pass that finds nothing to do.
     */
    private int sleep() {
        for (;;) {
            sleeping.set(true);
            // Set the flag, then look: a worker queues, then reads the flag; one of us sees the other.
            if (outbox.get() != null || stopRequested) {
                sleeping.set(false);
                if (idler != null) {
                    idler.take();
                }
                return 1;
            }
            long since = System.nanoTime();
            boolean onCore = true;
            if (idler != null) {
                onCore = idler.doze(DOZE_NANOS); // not wanting a core meanwhile
            } else {
                LockSupport.parkNanos(this, DOZE_NANOS);
            }
            stats.idleNanos += System.nanoTime() - since;
            sleeping.set(false);
            Endpoint ep = endpoint;
            if (ep != null) {
                try {
                    ep.touch(); // an MPI call of this rank: fails here if the world was aborted (a lost process)
                } catch (RuntimeException e) {
                    if (idler != null) {
                        idler.take(); // the failure goes on as from any pass: on a core
                    }
                    throw e;
                }
            }
            if (onCore) {
                return 1;
            }
        }
    }

    /**
     * Under the inbound lock: takes whatever has arrived from other processes (headers, payloads,
     * wake-ups, control messages) and injects the messages it completes.
     */
    private int receive(Endpoint ep) {
        int n = 0;
        Scope w = world;
        Taken in = taken;
        while (ep.take(w, MPI.ANY_SOURCE, MPI.ANY_TAG, in)) {
            int from = in.source;
            Object data = in.data;
            boolean pooled = in.pooled;
            in.data = null;
            if (in.tag == MESSAGE_TAG) {
                receiveWhole(from, in, data, pooled);
            } else if (in.tag == HEADER_TAG) {
                receiveHeader(from, (int[]) data);
                if (pooled) {
                    PayloadPool.shared().release(data); // read: nothing refers to it any more
                }
            } else if (in.tag == PAYLOAD_TAG) {
                receivePayload(from, data, pooled);
            } else if (in.tag == WorldMessage.TAG && controlSink != null) {
                controlSink.accept((byte[]) data, in.elements);
            } else {
                throw new IllegalStateException("process " + node.rank + " got a message with tag " + in.tag
                        + " from process " + from + ": only runtime traffic may use COMM_WORLD between processes");
            }
            n++;
        }
        return n;
    }

    private void receiveHeader(int from, int[] h) {
        Message m = node.pools.message();
        m.source = h[0];
        m.dest = h[1];
        m.tag = h[2];
        m.kind = h[3];
        m.count = h[4];
        m.byteLength = h[5];
        m.seq = (h[6] & 0xFFFFFFFFL) | ((long) h[7] << 32);
        m.traceId = (h[8] & 0xFFFFFFFFL) | ((long) h[9] << 32);
        m.sentAt = (h[10] & 0xFFFFFFFFL) | ((long) h[11] << 32);
        if (!node.isLocal(m.dest)) {
            throw misrouted(m);
        }
        m.awaitingPayload = m.byteLength > 0;
        arriving[from].add(m);
        deliverCompleted(from);
    }

    /** A message for a task of another process: the two processes disagree on the placement (a bug). */
    private IllegalStateException misrouted(Message m) {
        return new IllegalStateException("process " + node.rank + " received a message for task " + m.dest
                + ", which lives on process " + node.placement.nodeOf(m.dest));
    }

    /** A one-part message: its header from the envelope ({@link Taken#header}), its payload {@code data}. */
    private void receiveWhole(int from, Taken in, Object data, boolean pooled) {
        if (in.headerLength != HEADER_LONGS) {
            throw new IllegalStateException("process " + node.rank + " got a message from process " + from
                    + " with a header of " + in.headerLength + " longs, not " + HEADER_LONGS);
        }
        long[] h = in.header;
        Message m = node.pools.message();
        m.source = (int) h[0];
        m.dest = (int) (h[0] >>> 32);
        m.tag = (int) h[1];
        m.kind = (int) (h[1] >>> 32);
        m.count = (int) h[2];
        m.byteLength = (int) (h[2] >>> 32);
        m.seq = h[3];
        m.traceId = h[4];
        m.sentAt = h[5];
        if (!node.isLocal(m.dest)) {
            if (pooled) {
                PayloadPool.shared().release(data);
            }
            node.pools.release(m);
            throw misrouted(m);
        }
        if (m.byteLength > 0) {
            m.array = data;
            m.arrayKind = Elements.kindOf(data);
            m.arrayPooled = pooled; // returned to the pool when the message is (Pools#release)
        } else if (pooled) {
            PayloadPool.shared().release(data);
        }
        m.awaitingPayload = false;
        // Behind any two-part message of the same sender still open: one sender's order is kept.
        arriving[from].add(m);
        deliverCompleted(from);
    }

    private void receivePayload(int from, Object data, boolean pooled) {
        // Complete messages leave the queue at once, so the oldest open message is its head.
        Message m = arriving[from].peek();
        if (m == null || !m.awaitingPayload) {
            throw new IllegalStateException("process " + node.rank + " got a payload from process " + from
                    + " that belongs to no message it announced");
        }
        m.array = data;
        m.arrayKind = Elements.kindOf(data);
        m.arrayPooled = pooled; // returned to the pool when the message is (Pools#release)
        m.awaitingPayload = false;
        deliverCompleted(from);
    }

    /** Injects the complete messages at the head of {@code from}'s queue, in the order they were sent. */
    private void deliverCompleted(int from) {
        ArrayDeque<Message> q = arriving[from];
        while (!q.isEmpty() && !q.peek().awaitingPayload) {
            Message m = q.poll();
            long start = tracing ? System.nanoTime() : 0;
            stats.messagesReceived++;
            stats.bytesReceived += m.byteLength;
            int dest = m.dest;
            node.deliverRemote(m);
            delivered.incrementAndGet();
            if (tracing) {
                synchronized (sendLock) { // workers write their send slices into the same log
                    trace.handler(start, System.nanoTime(), dest, false);
                }
            }
        }
    }
}
