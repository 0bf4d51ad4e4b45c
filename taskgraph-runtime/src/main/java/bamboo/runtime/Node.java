package bamboo.runtime;

import bamboo.shim.engine.CoreGate;
import bamboo.shim.engine.ObjectCodec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectOutputStream;
import java.util.concurrent.atomic.AtomicLong;

import org.agrona.concurrent.AgentRunner;

/**
 * One runtime process: its block of tasks, W workers, the run queue, the pools. Message delivery and the
 * wake-up protocol live here.
 *
 * <p>Wake-up protocol (no lost wake-up): a deliverer pushes the message, then reads the task's state;
 * the owner of a task that goes to wait writes WAITING, then reads the incoming stack. Both are volatile
 * (sequentially consistent), so at least one of them sees the other: either the deliverer sees WAITING
 * and takes the task by CAS, or the owner sees the message and takes the task back.
 *
 * <p>{@link #owned} counts tasks that someone owns (queued, running, being evaluated); it is raised
 * before a task is taken and lowered after it is released, so it never under-counts: zero means no task
 * of this process can move unless a message comes from outside.
 */
final class Node {
    /** Flow control counts each message as its payload plus this (the message object and its links). */
    static final int MESSAGE_OVERHEAD = 64;
    final int rank;
    final Placement placement;
    final Config config;
    final RunControl control;
    final Pools pools;
    final RunQueue queue;
    final Parking parking;
    /** The process's cores shared by its workers and its handler ({@link Config#coreGate}), or null. */
    final CoreGate gate;
    final Worker[] workers;
    final Task[] tasks;
    final AtomicLong owned = new AtomicLong();
    /** Sends messages to other processes; null with one process. */
    volatile Remote remote;
    /** Every process of the graph when they all live in this JVM (then a sender counts a message to another
     *  process against the receiver's inbox itself, and flow control holds it as it holds local senders);
     *  null when the processes are JVMs of a world (then the receiving handler counts). */
    private Node[] peers;
    private final boolean timing;
    private final boolean tracing;
    /** Flow control: a sender that leaves a task's inbox above this is held at its next evaluation point, */
    private final long throttleBytes;
    /** ... until the inbox is down to this. */
    private final long resumeBytes;
    /** How often a sender was held (for tests and the profile). */
    final AtomicLong holds = new AtomicLong();
    private AgentRunner[] runners;

    /** The outbound side of the message handler. */
    interface Remote {
        /** Sends {@code m} (header fields set, no payload attached) whose payload {@code data} holds from
         *  {@code offset}: the caller's buffer, which may be reused as soon as this returns. */
        void send(Message m, Worker from, Object data, int offset);
    }

    Node(int rank, Placement placement, Config config, RunControl control) {
        this.rank = rank;
        this.placement = placement;
        this.config = config;
        this.control = control;
        this.timing = config.profile;
        this.tracing = config.trace != null;
        this.throttleBytes = config.inboxLimit / 4;
        this.resumeBytes = config.inboxLimit / 8;
        // Pools sized by the tasks here: about 16 messages in flight per task before buffers go to the GC.
        this.pools = new Pools(config.chunkSize, 16L << 20,
                (int) Math.min(1 << 16, Math.max(1024, 16L * placement.count(rank))));
        this.queue = config.scheduler == Graph.Scheduler.WORK_STEALING
                ? new StealingRunQueue(config.workers) : new SharedRunQueue();
        this.parking = new Parking(config.workers);
        // The handler is the one thread more than the cores: without one (a single process) nothing to gate.
        this.gate = config.coreGate && (config.nodes > 1 || config.world)
                ? new CoreGate(config.workers, config.workers + 1) : null;
        this.tasks = new Task[placement.count(rank)];
        this.workers = new Worker[config.workers];
        for (int w = 0; w < workers.length; w++) {
            workers[w] = new Worker(w, this, new TraceLog(tracing, rank, w, "worker " + w));
        }
    }

    /** Called before start when every process of the graph lives in this JVM. */
    void peers(Node[] all) {
        this.peers = all;
    }

    /** The task with id {@code id} when it lives in this JVM, else null. */
    private Task peerTask(int id) {
        if (isLocal(id)) {
            return local(id);
        }
        Node[] all = peers;
        return all == null ? null : all[placement.nodeOf(id)].local(id);
    }

    /** Creates this process's tasks with the factory (on the calling thread). */
    void createTasks() {
        for (int i = 0; i < tasks.length; i++) {
            int id = placement.task(rank, i);
            Task t;
            try {
                t = config.factory.apply(id);
            } catch (RuntimeException | Error e) {
                throw new GraphFailure(id, "the task factory failed for task " + id + ": " + e, e);
            }
            if (t == null) {
                throw new GraphFailure(id, "the task factory returned null for task " + id, null);
            }
            try {
                t.attach(this, id, placement.numTasks);
            } catch (IllegalStateException e) {
                throw new GraphFailure(id, e.getMessage(), null);
            }
            tasks[i] = t;
        }
    }

    /** Queues every task (to run init) and starts the workers. */
    void start() {
        owned.set(tasks.length);
        for (Task t : tasks) {
            queue.push(t, -1);
        }
        runners = new AgentRunner[workers.length];
        for (int w = 0; w < workers.length; w++) {
            WorkerIdler idler = new WorkerIdler(parking, queue, workers[w].stats, w, config.spins, config.yields,
                    config.maxParkNanos, handler(), config.coreShare, gate);
            workers[w].idler = idler;
            runners[w] = new AgentRunner(idler, this::onAgentError, null, workers[w]);
            AgentRunner.startOnThread(runners[w], daemonThreads(workers[w].roleName()));
        }
    }

    static java.util.concurrent.ThreadFactory daemonThreads(String name) {
        return r -> {
            Thread t = new Thread(r, "bamboo-" + name);
            t.setDaemon(true);
            return t;
        };
    }

    private void onAgentError(Throwable t) {
        control.fail(new GraphFailure(-1, "runtime error in process " + rank + ": " + t, t));
    }

    /** Stops the workers; a worker stuck in a task that never returns is abandoned after a timeout. */
    String stop(long closeTimeoutMillis) {
        if (gate != null) {
            gate.open(); // no thread may stay waiting for a core while the process closes
        }
        parking.wakeAll();
        return closeAll(runners, closeTimeoutMillis);
    }

    static String closeAll(AgentRunner[] runners, long timeoutMillis) {
        if (runners == null) {
            return null;
        }
        Thread closer = new Thread(() -> {
            for (AgentRunner r : runners) {
                if (r != null) {
                    r.close(100, t -> { });
                }
            }
        }, "bamboo-closer");
        closer.setDaemon(true);
        closer.start();
        try {
            closer.join(timeoutMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (closer.isAlive()) {
            StringBuilder stuck = new StringBuilder();
            for (AgentRunner r : runners) {
                Thread t = r == null ? null : r.thread();
                if (t != null && t.isAlive() && t != AgentRunner.TOMBSTONE) {
                    stuck.append(stuck.length() == 0 ? "" : ", ").append(t.getName());
                }
            }
            return stuck.length() == 0 ? null : stuck.toString();
        }
        return null;
    }

    /** The message handler when it is this package's (several processes), else null. */
    Handler handler() {
        Remote r = remote;
        return r instanceof Handler ? (Handler) r : null;
    }

    boolean stopped() {
        return control.stopped();
    }

    /** True when {@code task} lives on this process (false for an id out of range). */
    boolean isLocal(int task) {
        return task >= 0 && task < placement.numTasks && placement.nodeOf(task) == rank;
    }

    /** This process's task {@code task}. */
    Task local(int task) {
        return tasks[placement.indexOf(task)];
    }

    // ---- running tasks ------------------------------------------------------------------------------

    void run(Task t, Worker w) {
        ThreadStats s = w.stats;
        long start = tracing ? System.nanoTime() : 0;
        if (t.enqueuedAt != 0) {
            s.waitSamples++;
            s.waitSumNanos += System.nanoTime() - t.enqueuedAt;
            t.enqueuedAt = 0;
        }
        s.activations++;
        if (w.last != t) {
            s.switches++;
            w.last = t;
        }
        JfrEvents.TaskExecution ev = JfrEvents.taskExecution();
        if (ev != null) {
            ev.begin();
        }
        t.runner = w;
        Task.Outcome o;
        try {
            if (!t.initialized) {
                t.initialized = true;
                t.callInit();
            }
            o = t.callExecute();
            if (o == null) {
                throw new IllegalStateException("execute() returned null; return FINISHED, WAITING or YIELDED");
            }
        } catch (Throwable e) {
            t.runner = null;
            control.fail(e instanceof GraphFlood ? (GraphFlood) e : GraphFailure.of(t.taskId(), e));
            return;
        }
        t.runner = null;
        s.executions++;
        if (tracing) {
            w.trace.slice(start, System.nanoTime(), t.taskId(), o.ordinal());
        }
        if (ev != null) {
            ev.task = t.taskId();
            ev.outcome = o.name();
            ev.worker = w.roleName();
            ev.commit();
        }
        Task flooded = t.flooded;
        if (flooded != null) {
            t.flooded = null;
            if (o != Task.Outcome.FINISHED && hold(t, flooded, o)) {
                return;
            }
        }
        switch (o) {
            case FINISHED:
                finish(t);
                break;
            case YIELDED:
                schedule(t, w.index);
                break;
            default:
                evaluate(t, w.index);
                break;
        }
    }

    private void finish(Task t) {
        t.setState(Task.FINISHED);
        if (t.hasHeld()) {
            releaseHeld(t, -1); // nothing will drain its inbox any more
        }
        // Unfinished first, then owned: a monitor that sees owned == 0 also sees this task finished.
        control.taskFinished();
        owned.decrementAndGet();
    }

    /** Caller owns t: queues it (it stays owned). */
    private void schedule(Task t, int fromWorker) {
        if (timing && (fromWorker < 0 || workers[fromWorker].stats.sample())) {
            t.enqueuedAt = System.nanoTime();
        }
        queue.push(t, fromWorker);
        parking.wakeOne();
    }

    /**
     * Caller owns t, which waits at an evaluation point: evaluates the firing rule with everything that
     * arrived and either queues t or releases it to WAITING (and takes it back if a message raced in).
     */
    private void evaluate(Task t, int fromWorker) {
        for (;;) {
            t.drainIncoming();
            boolean ready;
            try {
                ready = t.callReady();
            } catch (Throwable e) {
                control.fail(GraphFailure.of(t.taskId(), e));
                return;
            }
            if (ready) {
                schedule(t, fromWorker);
                return;
            }
            t.setState(Task.WAITING);
            if (t.hasHeld()) {
                releaseHeld(t, fromWorker); // it waits for a message: perhaps from a task it holds
            }
            if (!t.hasIncoming() || !t.casState(Task.WAITING, Task.OWNED)) {
                owned.decrementAndGet();
                return;
            }
            // A message came in between the evaluation and the release, and we took the task back.
        }
    }

    // ---- flow control -------------------------------------------------------------------------------

    /**
     * Counts a message sent by {@code src} against the inbox of {@code d} (local). Over the throttle
     * threshold the sender is marked, to be held at its next evaluation point; over the limit the run
     * fails (a send cannot block: the receiver may need this very worker to run).
     */
    private void admit(Task src, Task d, Message m) {
        long charge = m.byteLength + MESSAGE_OVERHEAD;
        long held = d.addSent(charge);
        d.notePeak(held);
        if (held > throttleBytes) {
            if (held > config.inboxLimit) {
                d.addSent(-charge);
                GraphFlood f = new GraphFlood(src.taskId(), d.taskId(), m.tag, m.byteLength, held - charge,
                        config.inboxLimit);
                pools.release(m);
                control.fail(f);
                throw f;
            }
            if (d != src) {
                src.flooded = d;
            }
        }
    }

    /** The handler: a message from another process for a local task; counted, over the limit the run fails. */
    void deliverRemote(Message m) {
        Task d = local(m.dest);
        if (peers != null) {
            d.addInFlight(-1); // counted by the sender (see send)
            deliver(m, -1);
            return;
        }
        long charge = m.byteLength + MESSAGE_OVERHEAD;
        long held = d.addSent(charge);
        d.notePeak(held);
        if (held > config.inboxLimit) {
            d.addSent(-charge);
            control.fail(new GraphFlood(m.source, d.taskId(), m.tag, m.byteLength, held - charge, config.inboxLimit));
            pools.release(m);
            return;
        }
        deliver(m, -1);
    }

    /**
     * At {@code t}'s evaluation point after it flooded {@code d}: holds {@code t} (state HELD, on
     * {@code d}'s held list) while {@code d} is busy (OWNED: queued or running, so it will receive; or
     * waiting with a message from another process of this JVM on its way, whose delivery evaluates it) and
     * over the threshold. Never holds for a task that is held itself or has finished, or waits with
     * nothing on its way: whoever leaves OWNED writes its state, then takes its held list (so does a
     * delivery that finds the task still waiting), and a holder pushes, then re-reads the state and the
     * messages on their way (all volatile: one of the two sees the other), so no hold outlives its
     * reason. A receive that brings the inbox down to an eighth releases the list early, exactly: the
     * receiver subtracts from the count atomically, then looks at its held list, and a holder pushes,
     * then re-reads the count, so one of the two sees the other.
     */
    private boolean hold(Task t, Task d, Task.Outcome o) {
        if (!d.busyForFlowControl() || d.buffered() <= throttleBytes) {
            return false;
        }
        holds.incrementAndGet();
        t.heldOutcome = o;
        t.setState(Task.HELD);
        if (t.hasHeld()) {
            releaseHeld(t, -1); // no task waits for one that is held itself
        }
        d.pushHeld(t);
        if (!d.busyForFlowControl() || d.buffered() <= resumeBytes) {
            releaseHeld(d, -1);
        }
        return true;
    }

    /** Resumes every task held on {@code d}: as it returned from execute(), so yielded ones are queued and
     *  waiting ones evaluated. Held tasks stay counted in {@link #owned}. */
    private void releaseHeld(Task d, int fromWorker) {
        Task h = d.takeHeld();
        while (h != null) {
            Task next = h.nextHeld;
            h.nextHeld = null;
            h.setState(Task.OWNED);
            // A held sender may belong to another process of this JVM: it resumes there.
            Node home = h.node;
            int from = home == this ? fromWorker : -1;
            if (h.heldOutcome == Task.Outcome.YIELDED) {
                home.schedule(h, from);
            } else {
                home.evaluate(h, from);
            }
            h = next;
        }
    }

    /** Any thread: hands a message to a task of this process and wakes the task if it waits. */
    void deliver(Message m, int fromWorker) {
        Task t = local(m.dest);
        if (JfrEvents.active()) {
            JfrEvents.arrival(m);
        }
        t.push(m);
        if (t.state() == Task.WAITING) {
            owned.incrementAndGet();
            if (t.casState(Task.WAITING, Task.OWNED)) {
                evaluate(t, fromWorker);
            } else {
                owned.decrementAndGet();
            }
        }
    }

    // ---- data motion --------------------------------------------------------------------------------

    void send(Task src, int dest, int tag, Object buf, int offset, int count) {
        Worker w = src.runner;
        if (w == null) {
            throw new IllegalStateException("send(dest=" + dest + ", tag=" + tag
                    + "): call it from init() or execute(), never from ready()");
        }
        int kind = checkBuffer("send", dest, tag, buf, offset, count);
        if (dest < 0 || dest >= placement.numTasks) {
            throw new IllegalArgumentException("send(dest=" + dest + ", tag=" + tag + "): dest out of range 0.."
                    + (placement.numTasks - 1));
        }
        boolean local = isLocal(dest);
        Message m = pools.message();
        m.source = src.taskId();
        m.dest = dest;
        m.tag = tag;
        m.seq = src.sendSeq++;
        m.kind = kind;
        m.count = count;
        // The payload: copied into pooled chunks for a task of this process; for another process the
        // shim copies it (see Handler), so it is handed over as it is.
        Object data = buf;
        int at = offset;
        if (kind == Elements.OBJECT) {
            byte[] bytes = serialize((Object[]) buf, offset, count, dest, tag);
            m.byteLength = bytes.length;
            data = bytes;
            at = 0;
            if (local) {
                m.payload = pools.chain(bytes.length);
                Elements.copyIn(bytes, Elements.BYTE, 0, bytes.length, m.payload);
            }
        } else {
            long bytes = (long) count * Elements.scale(kind);
            if (bytes > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("send(dest=" + dest + ", tag=" + tag + "): message of "
                        + bytes + " bytes is larger than 2 GiB");
            }
            m.byteLength = (int) bytes;
            if (local) {
                m.payload = pools.chain(bytes);
                Elements.copyIn(buf, kind, offset, bytes, m.payload);
            }
        }
        ThreadStats s = w.stats;
        s.messagesSent++;
        s.bytesSent += m.byteLength;
        m.sentAt = timing && s.sampleSend() ? System.nanoTime() : 0;
        if (tracing) {
            m.traceId = ((long) rank << 40) | control.nextTraceId();
            w.trace.flowOut(System.nanoTime(), m.traceId);
        }
        if (JfrEvents.active()) {
            JfrEvents.send(m);
        }
        if (local) {
            admit(src, local(dest), m);
            deliver(m, w.index);
        } else {
            Task d = peerTask(dest);
            if (d != null) {
                admit(src, d, m); // flow control as for a local receiver: it is in this JVM
                d.addInFlight(1);
            }
            remote.send(m, w, data, at);
        }
    }

    /** The operations of {@link #inbox}. */
    static final int RECEIVE = 0, ARRIVED = 1, ARRIVED_COUNT = 2, PROBE = 3, CLAIM = 4, PROBE_UNCLAIMED = 5;

    /**
     * Everything a task asks of its own inbox (Task's receive, arrived, arrivedCount, probe, claim and
     * probeUnclaimed; the source is not PROC_NULL): {@code op} RECEIVE takes the oldest matching message
     * into {@code buf} and returns its element count; the others return what {@link Task#look} returns.
     *
     * <p>One method on purpose, and one the JIT does not inline: its bytecode is over C2's FreqInlineSize
     * (325 bytes), as {@link #send}'s is. A translated program's {@code execute()} holds the whole program
     * and calls these at every evaluation point; C2 inlines at most DesiredMethodLimit (8000) bytes of
     * bytecode into one compilation, and the inbox's draining and lookups (about 900 bytes per arrived()
     * call, 500 per receive()), inlined at each call site, would use up that budget before the program's
     * own kernel calls, or not, depending on the profiles the runtime's shared methods collected from
     * whatever application ran first in the JVM. So the generated code inlines only Task's PROC_NULL test
     * and this call, whatever ran before.
     */
    int inbox(Task task, int op, int source, int tag, Object buf, int offset, int count) {
        if (op != RECEIVE) {
            return task.look(op, source, tag);
        }
        task.drainIncoming();
        int kind = checkBuffer("receive", source, tag, buf, offset, count);
        Message m = task.inbox.poll(source, tag);
        if (m == null) {
            throw new IllegalStateException(where("receive", source, tag)
                    + ": no such message has arrived; the firing rule must check arrived() first");
        }
        task.setLast(m);
        try {
            if (m.kind != kind) {
                throw new IllegalArgumentException("receive(source=" + source + ", tag=" + tag + "): the message holds "
                        + Elements.name(m.kind) + " elements but buf is " + Elements.name(kind));
            }
            if (m.count > count) {
                throw new IllegalArgumentException("receive(source=" + source + ", tag=" + tag + "): the message has "
                        + m.count + " elements, more than count=" + count);
            }
            if (kind == Elements.OBJECT) {
                deserialize(m, (Object[]) buf, offset, task.getClass().getClassLoader());
            } else if (m.array != null) {
                Elements.copyOut(m.array, m.arrayKind, m.byteLength, buf, kind, offset);
            } else {
                Elements.copyOut(m.payload, m.byteLength, buf, kind, offset);
            }
            Worker w = task.runner;
            if (w != null) {
                ThreadStats s = w.stats;
                s.messagesReceived++;
                s.bytesReceived += m.byteLength;
                if (m.sentAt != 0) {
                    s.latencySamples++;
                    s.latencySumNanos += System.nanoTime() - m.sentAt;
                }
                if (tracing && m.traceId != 0) {
                    w.trace.flowIn(System.nanoTime(), m.traceId);
                }
            }
            return m.count;
        } finally {
            task.addReceived(m.byteLength + MESSAGE_OVERHEAD);
            pools.release(m);
            if (task.hasHeld() && task.buffered() <= resumeBytes) {
                releaseHeld(task, task.runner == null ? -1 : task.runner.index);
            }
        }
    }

    private int checkBuffer(String call, int peer, int tag, Object buf, int offset, int count) {
        // Negative tags carry the contexts of translated communicators and collectives
        // (bamboo.runtime.comm.TaskComm encodes them; user tags are checked there and by the shim); the
        // one negative value that is not a tag is the receive wildcard ANY_TAG.
        if (tag == Task.ANY_TAG && !call.equals("receive")) {
            throw new IllegalArgumentException(where(call, peer, tag) + ": ANY_TAG is a wildcard of receives, not a tag");
        }
        if (buf == null) {
            throw new IllegalArgumentException(where(call, peer, tag) + ": buf is null");
        }
        int kind = Elements.kindOf(buf);
        if (kind < 0) {
            throw new IllegalArgumentException(where(call, peer, tag) + ": buf must be a primitive array or Object[], got "
                    + buf.getClass().getName());
        }
        int length = Elements.length(buf, kind);
        if (offset < 0 || count < 0 || (long) offset + count > length) {
            throw new IllegalArgumentException(where(call, peer, tag) + ": offset=" + offset + " count=" + count
                    + " do not fit a buffer of length " + length);
        }
        return kind;
    }

    /** The call as users wrote it, for error messages (built only when something is wrong). */
    private static String where(String call, int peer, int tag) {
        return call + "(" + (call.equals("send") ? "dest=" : "source=")
                + (peer == Task.ANY_SOURCE && !call.equals("send") ? "ANY_SOURCE" : String.valueOf(peer))
                + ", tag=" + (tag == Task.ANY_TAG && !call.equals("send") ? "ANY_TAG" : String.valueOf(tag)) + ")";
    }

    private static byte[] serialize(Object[] buf, int offset, int count, int dest, int tag) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            for (int i = 0; i < count; i++) {
                out.writeObject(buf[offset + i]);
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("send(dest=" + dest + ", tag=" + tag
                    + "): an element of the Object[] buffer is not serializable: " + e.getMessage(), e);
        }
        return bytes.toByteArray();
    }

    /** Reads the objects back with {@code loader}, the receiving task's: the program's own classes (say a
     *  record it sends) may be visible only there, not to the runtime's loader. */
    private static void deserialize(Message m, Object[] buf, int offset, ClassLoader loader) {
        byte[] bytes;
        if (m.array != null) {
            bytes = (byte[]) m.array; // the serialised bytes as they came from another process
        } else {
            bytes = new byte[m.byteLength];
            Elements.copyOut(m.payload, m.byteLength, bytes, Elements.BYTE, 0);
        }
        // A pooled array may be longer than the message: read only its bytes. Filtered as the shim's
        // MPI.OBJECT receives are: bytes from another process must not pick the classes they instantiate.
        ObjectInputFilter filter = ObjectCodec.filter(loader, m.byteLength);
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes, 0, m.byteLength)) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                try {
                    return Class.forName(desc.getName(), false, loader);
                } catch (ClassNotFoundException e) {
                    return super.resolveClass(desc); // primitives and the like
                }
            }
        }) {
            in.setObjectInputFilter(filter);
            for (int i = 0; i < m.count; i++) {
                buf[offset + i] = in.readObject();
            }
        } catch (IOException | ClassNotFoundException e) {
            String refused = ObjectCodec.refusal(filter);
            throw new IllegalStateException("receive(source=" + m.source + ", tag=" + m.tag
                    + "): cannot deserialise the Object[] message: " + (refused != null ? refused : e.toString()), e);
        }
    }

    /** Drops the messages nobody received (after the run, every worker stopped) and retires the pools
     *  (their buffers serve the next run in this JVM); returns how many messages there were. */
    long discardLeftovers() {
        long[] n = new long[1];
        for (Task t : tasks) {
            t.drainIncoming();
            t.inbox.clear(m -> {
                n[0]++;
                pools.release(m);
            });
        }
        pools.retire();
        return n[0];
    }
}
