package bamboo.runtime;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import bamboo.shim.device.threads.Binding;
import bamboo.shim.device.threads.Endpoint;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;
import org.agrona.concurrent.Agent;

/**
 * The message handler of one process: an Agrona agent running on the process's shim rank thread, the one
 * progress engine for traffic between processes. Outbound, workers hand it messages (a lock-free stack)
 * and it sends each as a header ({@code Isend} of ints) followed by its payload chunks ({@code Isend} of
 * bytes, one per chunk). Inbound, it probes for any message from any process: a header opens a message
 * from that process, each chunk that follows is received straight into the next pooled chunk of the
 * oldest open message of its sender (the shim keeps the per-sender order across tags), and a message is
 * injected into its task once all its chunks are in, so the non-overtaking order per (source,
 * destination, tag) holds end to end. Runtime traffic uses three reserved tags at the top of the tag
 * range.
 *
 * <p>Because nothing inbound is ever pre-posted, everything the handler waits for is visible to a
 * blocking {@code Probe(ANY_SOURCE, ANY_TAG)}: after a short poll with nothing to do it sleeps there, and
 * the shim wakes it the moment a message arrives (also at the end of a simulated latency). It never spins
 * while a large message trickles in, which matters when a process has one core for its worker and its
 * handler. A worker that hands it a message while it sleeps wakes it with an empty message to its own
 * rank (the shim is MPI_THREAD_MULTIPLE), and so does the run's monitor every few tens of milliseconds,
 * which keeps the shim's own deadlock watch quiet while tasks compute.
 *
 * <p>Idle workers share the inbound work ({@link #pollInbound}, {@link #awaitInbound}): a worker with
 * nothing to run receives what has arrived itself, and instead of parking it waits in the shim for the
 * next arrival. A message for a waiting task then costs one thread wake-up (the worker's), as a receive
 * in an untranslated rank does, instead of two in a row (the handler's, then the worker's). The inbound
 * state is guarded by a try-lock: whoever holds it receives, the others go on. While a worker waits in
 * the shim the handler does not (both would be woken by every arrival); it dozes and takes over when
 * the workers are busy again.
 */
final class Handler implements Agent, Node.Remote {
    static final int HEADER_TAG = MPI.TAG_UB - 1;
    static final int CHUNK_TAG = MPI.TAG_UB - 2;
    static final int WAKE_TAG = MPI.TAG_UB - 3;
    private static final int HEADER_INTS = 12;

    /** A message on its way out: kept until the shim is done with its buffers. */
    private static final class Outgoing {
        final int[] header = new int[HEADER_INTS];
        final List<Request> requests = new ArrayList<>();
        Message message;
    }

    /** A message coming in: injected when every chunk has arrived. */
    private static final class Incoming {
        Message message;
        /** The chunk the next payload message fills. */
        Chunk next;
        /** Payload bytes still to come. */
        int remaining;
    }

    final Node node;
    final ThreadStats stats;
    final TraceLog trace;
    /** Messages handed to this handler to send (by workers of this process). */
    final AtomicLong handed = new AtomicLong();
    /** Messages this handler injected into local tasks. */
    final AtomicLong delivered = new AtomicLong();
    private final AtomicReference<Message> outbox = new AtomicReference<>();
    /** Guards the outbound state (outbox draining, sending, spareOut, send statistics): workers transmit
     *  their own messages and the handler completes them. */
    private final Object sendLock = new Object();
    private final int ranks;
    private final boolean tracing;
    private final ArrayList<Outgoing> sending = new ArrayList<>();
    private final ArrayDeque<Outgoing> spareOut = new ArrayDeque<>();
    private final ArrayDeque<Incoming>[] arriving;
    private final ArrayDeque<Incoming> spareIn = new ArrayDeque<>();
    private final int[] headerIn = new int[HEADER_INTS];
    private volatile Thread thread;
    HandlerIdler idler;
    /** This process's shim rank, captured on the rank thread; used to send wake-ups from other threads. */
    volatile Endpoint endpoint;
    private final AtomicBoolean sleeping = new AtomicBoolean();
    private volatile boolean stopRequested;
    private final byte[] wakeIn = new byte[1];
    private static final byte[] WAKE = new byte[0];
    /** How long the handler polls before it sleeps in the shim: long enough for a burst of messages to
     *  cost one wake-up, short enough not to take a shared core from the workers. */
    private static final long SLEEP_AFTER_NANOS = 50_000;
    /** How long the handler dozes (parks) while a worker waits in the shim in its place. Messages that
     *  arrive when the workers have all gone busy meanwhile wait at most this long to be received, and
     *  no worker could run their tasks before it anyway. */
    private static final long DOZE_NANOS = 1_000_000;
    private long idleSince;
    /** Held by whoever receives (the handler or an idle worker): the inbound state is single-threaded. */
    private final AtomicBoolean inbound = new AtomicBoolean();
    /** Workers waiting in the shim for an arrival ({@link #awaitInbound}). */
    private final AtomicInteger workersInShim = new AtomicInteger();
    /** Whether the handler's current sleep is in the shim (a poke sends a wake-up message) or a doze (a
     *  poke unparks it). */
    private volatile boolean sleepsInShim;
    /** Where a failure of inbound work on a worker goes (the same place as the handler agent's errors). */
    Consumer<Throwable> onError;

    @SuppressWarnings("unchecked")
    Handler(Node node, int ranks) {
        this.node = node;
        this.ranks = ranks;
        this.tracing = node.config.trace != null;
        this.stats = new ThreadStats(roleName(), true);
        this.trace = new TraceLog(tracing, node.rank, node.workers.length, "handler");
        this.arriving = (ArrayDeque<Incoming>[]) new ArrayDeque<?>[ranks];
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
    private byte[] controlIn = new byte[256];

    @Override
    public void onStart() {
        thread = Thread.currentThread();
        Endpoint ep = endpoint;
        if (ep != null && Binding.current() != ep) {
            Binding.bind(ep); // a world graph's handler runs on a thread of its own, not on the rank's
        }
    }

    @Override
    public void onClose() {
        if (idler != null) {
            idler.finish();
        }
    }

    /**
     * Any worker of this process: sends a message to another process. The worker transmits it itself
     * (one {@code Isend} per header and chunk, which return at once): handing it to the handler thread
     * instead cost a thread wake-up per message, and on a machine whose cores are all busy computing the
     * handler then waited for a time slice (milliseconds) while the receiving process sat idle. Messages
     * go through the outbox only until the handler is bound to its shim rank, and while the outbox still
     * holds older ones, so the order of one sender's messages never changes.
     */
    @Override
    public void send(Message m, Worker from) {
        handed.incrementAndGet();
        boolean pending;
        synchronized (sendLock) {
            Endpoint ep = endpoint;
            if (ep == null || outbox.get() != null) {
                queue(m);
                return;
            }
            bindWorker(ep);
            try {
                transmit(m);
                completeSends();
            } catch (MPIException e) {
                node.control.fail(new GraphFailure(m.source, "cannot send a message from task " + m.source
                        + " to task " + m.dest + " in another process: " + e.getMessage(), e));
            }
            pending = !sending.isEmpty();
        }
        if (pending) {
            poke(); // a rendezvous send completes only when polled: the handler must not sleep meanwhile
        }
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

    // ---- inbound work shared with idle workers ------------------------------------------------------

    /**
     * A worker with nothing to run: receives what has arrived from other processes (unless another thread
     * is receiving right now) and injects it into its tasks. Returns how many messages it handled.
     */
    int pollInbound() {
        Endpoint ep = endpoint;
        if (ep == null || !inbound.compareAndSet(false, true)) {
            return 0;
        }
        try {
            bindWorker(ep);
            return receive();
        } catch (Throwable t) {
            fail(t);
            return 0;
        } finally {
            inbound.set(false);
        }
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
        Endpoint ep = endpoint;
        workersInShim.incrementAndGet();
        try {
            ep.awaitArrival(seen, nanos);
        } finally {
            workersInShim.decrementAndGet();
        }
    }

    private void fail(Throwable t) {
        Consumer<Throwable> sink = onError;
        if (sink != null) {
            sink.accept(t);
        } else {
            node.control.fail(new GraphFailure(-1, "message handler failed: " + t, t));
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

    /** Wakes the handler if it sleeps in the shim (any thread). */
    void poke() {
        if (sleeping.get() && sleeping.compareAndSet(true, false)) {
            if (sleepsInShim) {
                sendWake();
            } else {
                LockSupport.unpark(thread);
            }
        }
    }

    /** Asks the handler to stop and wakes it. */
    void requestStop() {
        stopRequested = true;
        poke();
    }

    private void sendWake() {
        Endpoint ep = endpoint;
        if (ep == null) {
            return;
        }
        // Workers stay bound (see bindWorker); the monitor is the caller's thread: restore its binding.
        Endpoint previous = Binding.current();
        if (previous != ep) {
            Binding.bind(ep);
        }
        try {
            MPI.COMM_WORLD.Isend(WAKE, 0, 0, MPI.BYTE, ep.rank(), WAKE_TAG);
        } catch (MPIException e) {
            node.control.fail(new GraphFailure(-1, "cannot wake the message handler of process " + node.rank
                    + ": " + e.getMessage(), e));
        } finally {
            if (previous == null) {
                Binding.unbind();
            } else if (previous != ep) {
                Binding.bind(previous);
            }
        }
    }

    @Override
    public int doWork() throws MPIException {
        int work;
        synchronized (sendLock) {
            work = flushOutbox();
            work += completeSends();
        }
        if (inbound.compareAndSet(false, true)) {
            try {
                work += receive();
            } finally {
                inbound.set(false);
            }
        }
        if (work > 0) {
            idleSince = 0;
        } else if (canSleep()) {
            // Dense traffic: poll (the idle strategy backs off). Idle for a while: sleep in the shim, which
            // wakes us the moment a message arrives, so sparse traffic pays no polling delay.
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

    private boolean canSleep() {
        // Pending sends may be rendezvous (under the shim's eager budget): their completion wakes nobody.
        synchronized (sendLock) {
            return !stopRequested && outbox.get() == null && sending.isEmpty();
        }
    }

    /**
     * Blocks in the shim until a message for this process arrives or somebody wakes us; or, while a worker
     * waits in the shim in our place, dozes (parks) a while.
     */
    private int sleep() throws MPIException {
        boolean inShim = workersInShim.get() == 0;
        sleepsInShim = inShim;
        sleeping.set(true);
        // Set the flag, then look: a worker pushes, then reads the flag; one of us sees the other.
        if (outbox.get() != null || stopRequested) {
            sleeping.set(false);
            return 1;
        }
        long since = System.nanoTime();
        if (!inShim) {
            LockSupport.parkNanos(this, DOZE_NANOS);
            stats.idleNanos += System.nanoTime() - since;
            sleeping.set(false);
            return 1;
        }
        Status st = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, MPI.ANY_TAG);
        stats.idleNanos += System.nanoTime() - since;
        sleeping.set(false);
        if (st.tag == WAKE_TAG && inbound.compareAndSet(false, true)) {
            // Under the inbound lock: an idle worker may be receiving (and take the wake-up itself).
            try {
                if (MPI.COMM_WORLD.Iprobe(st.source, WAKE_TAG) != null) {
                    MPI.COMM_WORLD.Recv(wakeIn, 0, 0, MPI.BYTE, st.source, WAKE_TAG);
                }
            } finally {
                inbound.set(false);
            }
        }
        return 1;
    }

    private int flushOutbox() throws MPIException {
        if (outbox.get() == null) {
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
            transmit(fifo);
            fifo = next;
            n++;
        }
        return n;
    }

    private void transmit(Message m) throws MPIException {
        long start = tracing ? System.nanoTime() : 0;
        Outgoing o = spareOut.isEmpty() ? new Outgoing() : spareOut.poll();
        o.message = m;
        int[] h = o.header;
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
        int dest = node.placement.nodeOf(m.dest);
        o.requests.add(MPI.COMM_WORLD.Isend(h, 0, HEADER_INTS, MPI.INT, dest, HEADER_TAG));
        int remaining = m.byteLength;
        for (Chunk c = m.payload; c != null && remaining > 0; c = c.next) {
            int len = Math.min(remaining, c.bytes.length);
            o.requests.add(MPI.COMM_WORLD.Isend(c.bytes, 0, len, MPI.BYTE, dest, CHUNK_TAG));
            remaining -= len;
        }
        sending.add(o);
        stats.messagesSent++;
        stats.bytesSent += m.byteLength;
        if (tracing) {
            trace.handler(start, System.nanoTime(), m.dest, true);
        }
    }

    private int completeSends() throws MPIException {
        int done = 0;
        for (int i = sending.size() - 1; i >= 0; i--) {
            Outgoing o = sending.get(i);
            if (allDone(o.requests)) {
                node.pools.release(o.message);
                o.message = null;
                sending.remove(i);
                spareOut.push(o);
                done++;
            }
        }
        return done;
    }

    private static boolean allDone(List<Request> requests) throws MPIException {
        for (int i = requests.size() - 1; i >= 0; i--) {
            if (requests.get(i).Test() == null) {
                return false;
            }
            requests.remove(i);
        }
        return true;
    }

    /** Receives whatever has arrived from other processes: headers, chunks and wake-ups. */
    private int receive() throws MPIException {
        int n = 0;
        Status st;
        while ((st = MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG)) != null) {
            int from = st.source;
            if (st.tag == HEADER_TAG) {
                receiveHeader(from);
            } else if (st.tag == CHUNK_TAG) {
                receiveChunk(from);
            } else if (st.tag == WAKE_TAG) {
                MPI.COMM_WORLD.Recv(wakeIn, 0, 0, MPI.BYTE, from, WAKE_TAG);
            } else if (st.tag == WorldMessage.TAG && controlSink != null) {
                receiveControl(st);
            } else {
                throw new IllegalStateException("process " + node.rank + " got a message with tag " + st.tag
                        + " from process " + from + ": only runtime traffic may use COMM_WORLD between processes");
            }
            n++;
        }
        return n;
    }

    private void receiveHeader(int from) throws MPIException {
        MPI.COMM_WORLD.Recv(headerIn, 0, HEADER_INTS, MPI.INT, from, HEADER_TAG);
        Message m = node.pools.message();
        m.source = headerIn[0];
        m.dest = headerIn[1];
        m.tag = headerIn[2];
        m.kind = headerIn[3];
        m.count = headerIn[4];
        m.byteLength = headerIn[5];
        m.seq = (headerIn[6] & 0xFFFFFFFFL) | ((long) headerIn[7] << 32);
        m.traceId = (headerIn[8] & 0xFFFFFFFFL) | ((long) headerIn[9] << 32);
        m.sentAt = (headerIn[10] & 0xFFFFFFFFL) | ((long) headerIn[11] << 32);
        if (!node.isLocal(m.dest)) {
            throw new IllegalStateException("process " + node.rank + " received a message for task " + m.dest
                    + ", which lives on process " + node.placement.nodeOf(m.dest));
        }
        m.payload = node.pools.chain(m.byteLength);
        Incoming in = spareIn.isEmpty() ? new Incoming() : spareIn.poll();
        in.message = m;
        in.next = m.payload;
        in.remaining = m.byteLength;
        arriving[from].add(in);
        deliverCompleted(from);
    }

    private void receiveChunk(int from) throws MPIException {
        Incoming in = arriving[from].peek();
        if (in == null || in.remaining == 0) {
            throw new IllegalStateException("process " + node.rank + " got a payload chunk from process " + from
                    + " that belongs to no message it announced");
        }
        Chunk c = in.next;
        int len = Math.min(in.remaining, c.bytes.length);
        MPI.COMM_WORLD.Recv(c.bytes, 0, len, MPI.BYTE, from, CHUNK_TAG);
        in.remaining -= len;
        in.next = c.next;
        deliverCompleted(from);
    }

    private void receiveControl(Status st) throws MPIException {
        int length = st.Get_count(MPI.BYTE);
        if (length > controlIn.length) {
            controlIn = new byte[Math.max(length, 2 * controlIn.length)];
        }
        MPI.COMM_WORLD.Recv(controlIn, 0, length, MPI.BYTE, st.source, WorldMessage.TAG);
        controlSink.accept(controlIn, length);
    }

    /** Injects the complete messages at the head of {@code from}'s queue, in the order they were sent. */
    private void deliverCompleted(int from) {
        ArrayDeque<Incoming> q = arriving[from];
        while (!q.isEmpty() && q.peek().remaining == 0) {
            Incoming in = q.poll();
            Message m = in.message;
            in.message = null;
            in.next = null;
            spareIn.push(in);
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
