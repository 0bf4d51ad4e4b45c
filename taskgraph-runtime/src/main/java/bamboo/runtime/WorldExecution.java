package bamboo.runtime;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import bamboo.shim.engine.Binding;
import bamboo.shim.engine.Endpoint;
import bamboo.shim.engine.JobAbortedError;
import mpi.MPI;
import mpi.MPIException;
import org.agrona.concurrent.AgentRunner;

/**
 * One process of a graph that joined an existing MPI world ({@link Graph.Builder#joinWorld()}): node
 * {@code COMM_WORLD.Rank()} of {@code Size()}, running only its own block of tasks, with its handler on a
 * thread of its own talking to the other nodes through the world's device (the aeron device between JVMs).
 *
 * <p>The calling thread is the monitor. The nodes agree on how the graph ends through control messages
 * ({@link WorldMessage}), coordinated by node 0:
 * <ul>
 *   <li>end: a node whose tasks have all finished says DONE to node 0; when every node has, node 0 says
 *       END to all and every {@code run()} returns. Messages still in flight then can only be for finished
 *       tasks (as with one JVM, they would never be received).</li>
 *   <li>failure: the node where a task throws fails at once and broadcasts FAIL with the message; the
 *       others stop with the same failure, marked as reported elsewhere (so only one process prints it).</li>
 *   <li>deadlock: node 0 runs {@link DeadlockWaves} every check interval; on a deadlock it asks every node
 *       what its tasks wait for, assembles one report and broadcasts it as a FAIL.</li>
 *   <li>a lost process or an aborted world: the device throws {@link JobAbortedError} in an MPI call of
 *       the handler or the monitor; the node stops with that error as the cause (the device's message
 *       names the lost rank).</li>
 * </ul>
 */
final class WorldExecution {
    /** How long node 0 waits for the nodes' parts of a deadlock report. */
    private static final long REPORT_WAIT_NANOS = TimeUnit.SECONDS.toNanos(2);

    private final Config config;
    private final ConcurrentLinkedQueue<WorldMessage> inbox = new ConcurrentLinkedQueue<>();
    private final List<mpi.Request> sends = new ArrayList<>();
    private Thread monitor;
    private int rank;
    private int size;
    private RunControl control;
    private Node node;
    private Handler handler;
    private AgentRunner handlerRunner;
    private boolean[] done;
    private int doneCount;
    private boolean ended;
    private DeadlockWaves waves;
    private List<GraphDeadlock.WaitingTask>[] reports;

    WorldExecution(Config config) {
        this.config = config;
    }

    Graph.Result run() {
        Endpoint endpoint = Binding.current();
        if (endpoint == null) {
            throw new IllegalStateException("Graph.run: joinWorld() needs the calling thread to be a rank of an "
                    + "MPI job (start the process with bamboo.shim.launch.RankMain, ProcessJob or mpirun)");
        }
        try {
            rank = MPI.COMM_WORLD.Rank();
            size = MPI.COMM_WORLD.Size();
        } catch (MPIException e) {
            throw new IllegalStateException("Graph.run: joinWorld(): " + e.getMessage(), e);
        }
        if (size > config.numTasks) {
            GraphFailure f = new GraphFailure(-1, "a graph of " + config.numTasks + " tasks cannot run on " + size
                    + " processes: every process needs at least one task", null);
            throw rank == 0 ? f : f.markReportedElsewhere(); // every node finds it; node 0 says it
        }
        monitor = Thread.currentThread();
        Placement placement;
        try {
            placement = new Placement(config.numTasks, size, config.placement);
        } catch (IllegalArgumentException e) { // every node finds it; node 0 says it
            GraphFailure f = new GraphFailure(-1, e.getMessage(), null);
            throw rank == 0 ? f : f.markReportedElsewhere();
        }
        control = new RunControl(placement.count(rank));
        control.monitor(monitor);
        node = new Node(rank, placement, config, control);
        boolean created = false;
        try {
            node.createTasks(); // before the handler starts: it may deliver at once
            created = true;
        } catch (GraphFailure f) {
            control.fail(f); // said to the other nodes by the monitor
        }
        startHandler(endpoint);
        long start = System.nanoTime();
        long end = start;
        String stuck = null;
        try {
            if (created) {
                node.start();
            }
            watch();
            end = System.nanoTime();
        } finally {
            stuck = stop();
        }
        GraphFailure failure = control.failure();
        if (failure != null) {
            if (stuck != null) {
                failure.addSuppressed(new IllegalStateException("still running a task, abandoned: " + stuck));
            }
            writeTrace(start);
            throw failure;
        }
        long unreceived = node.discardLeftovers();
        long peak = 0;
        for (Task t : node.tasks) {
            peak = Math.max(peak, t.peakBuffered());
        }
        List<ThreadStats> stats = new ArrayList<>();
        for (Worker w : node.workers) {
            stats.add(w.stats);
        }
        stats.add(handler.stats);
        writeTrace(start);
        return new Graph.Result(end - start, Profile.of(end - start, stats), unreceived, peak, node.holds.get());
    }

    private void startHandler(Endpoint endpoint) {
        handler = new Handler(node, size);
        handler.bind(endpoint);
        handler.onError = this::onHandlerError;
        handler.controlSink = (bytes, length) -> {
            inbox.add(WorldMessage.decode(bytes, length));
            LockSupport.unpark(monitor);
        };
        node.remote = handler;
        HandlerIdler idler = new HandlerIdler(handler.stats, config.handlerMaxParkNanos,
                config.coreShare, node.gate);
        handler.idler = idler;
        handlerRunner = new AgentRunner(idler, this::onHandlerError, null, handler);
        AgentRunner.startOnThread(handlerRunner, Node.daemonThreads(handler.roleName()));
    }

    private void onHandlerError(Throwable t) {
        if (t instanceof JobAbortedError) {
            control.fail(new GraphFailure(-1, t.getMessage(), t).markReportedElsewhere());
        } else {
            control.fail(new GraphFailure(-1, "message handler of process " + rank + " failed: " + t, t));
        }
    }

    // ---- the monitor ----------------------------------------------------------------------------------

    @SuppressWarnings("unchecked")
    private void watch() {
        if (rank == 0) {
            done = new boolean[size];
            waves = new DeadlockWaves(size);
            reports = (List<GraphDeadlock.WaitingTask>[]) new List<?>[size];
        }
        boolean doneSaid = false;
        TaskWatchdog watchdog = config.taskTimeoutNanos > 0 ? new TaskWatchdog(List.of(node), config.taskTimeoutNanos)
                : null;
        long nextWave = System.nanoTime() + config.deadlockCheckNanos;
        try {
            while (true) {
                handleMessages();
                GraphFailure f = control.failure();
                if (f != null) {
                    if (!f.reportedElsewhere()) {
                        broadcastFailure(f);
                    }
                    return;
                }
                if (ended) {
                    return;
                }
                if (!doneSaid && control.unfinished() == 0) {
                    doneSaid = true;
                    if (rank == 0) {
                        markDone(0);
                    } else {
                        send(0, new WorldMessage(WorldMessage.DONE));
                    }
                }
                if (rank == 0 && doneCount == size) {
                    broadcast(new WorldMessage(WorldMessage.END));
                    return;
                }
                long now = System.nanoTime();
                if (now - nextWave >= 0) {
                    nextWave = now + config.deadlockCheckNanos;
                    handler.poke(); // keep the rank calling MPI, as the one-JVM monitor does
                    GraphTimeout late = watchdog == null ? null : watchdog.check(now);
                    if (late != null) {
                        control.fail(late);
                        watchdog.interruptStuck();
                        continue; // broadcast at the top of the loop
                    }
                    if (rank == 0 && !waves.inProgress()) {
                        startWave();
                    }
                }
                LockSupport.parkNanos(this, Math.max(1, nextWave - now));
            }
        } catch (JobAbortedError e) {
            control.fail(new GraphFailure(-1, e.getMessage(), e).markReportedElsewhere());
        } catch (RuntimeException e) { // MPIException is one
            control.fail(new GraphFailure(-1, "process " + rank + " cannot reach the other processes: " + e, e));
        }
    }

    private void handleMessages() throws MPIException {
        WorldMessage m;
        while ((m = inbox.poll()) != null) {
            switch (m.type) {
                case WorldMessage.DONE -> markDone(m.from);
                case WorldMessage.END -> ended = true;
                case WorldMessage.FAIL -> control.fail(remoteFailure(m));
                case WorldMessage.QUERY -> {
                    WorldMessage answer = new WorldMessage(WorldMessage.STATE);
                    answer.epoch = m.epoch;
                    snapshot(answer.state);
                    send(0, answer);
                }
                case WorldMessage.STATE -> {
                    waves.answer(m.from, m.epoch, m.state);
                    if (!waves.inProgress() && waves.deadlocked()) {
                        reportDeadlock();
                    }
                }
                case WorldMessage.REPORT_REQUEST -> {
                    WorldMessage answer = new WorldMessage(WorldMessage.REPORT);
                    answer.waiting = DeadlockReport.collect(node);
                    send(0, answer);
                }
                case WorldMessage.REPORT -> reports[m.from] = m.waiting;
                default -> throw new IllegalStateException("unexpected control message " + m.type);
            }
        }
    }

    private static GraphFailure remoteFailure(WorldMessage m) {
        GraphFailure f = m.deadlock ? new GraphDeadlock(m.text, List.of()) : new GraphFailure(m.task, m.text, null);
        return f.markReportedElsewhere();
    }

    private void markDone(int from) {
        if (!done[from]) {
            done[from] = true;
            doneCount++;
        }
    }

    private void startWave() throws MPIException {
        WorldMessage.NodeState own = new WorldMessage.NodeState();
        snapshot(own);
        WorldMessage q = new WorldMessage(WorldMessage.QUERY);
        q.epoch = waves.start(own);
        broadcast(q);
        if (!waves.inProgress() && waves.deadlocked()) {
            reportDeadlock(); // a world of one node
        }
    }

    /** This node's counters; "stalled" only if nothing moved while owned was read. */
    private void snapshot(WorldMessage.NodeState s) {
        long before = progress();
        boolean idle = node.owned.get() == 0;
        s.handed = handler.handed.get();
        s.delivered = handler.delivered.get();
        long after = progress();
        s.stalled = idle && before == after;
        s.progress = after;
        s.unfinished = control.unfinished();
    }

    private long progress() {
        long p = handler.delivered.get();
        for (Worker w : node.workers) {
            p += w.stats.executions;
        }
        return p;
    }

    /** Node 0, on a deadlock: gathers what every node's tasks wait for and fails the graph everywhere. */
    private void reportDeadlock() throws MPIException {
        int unfinished = waves.unfinished();
        broadcast(new WorldMessage(WorldMessage.REPORT_REQUEST));
        reports[0] = DeadlockReport.collect(node);
        long deadline = System.nanoTime() + REPORT_WAIT_NANOS;
        while (System.nanoTime() - deadline < 0 && !allReported()) {
            LockSupport.parkNanos(this, 1_000_000);
            WorldMessage m;
            while ((m = inbox.poll()) != null) {
                if (m.type == WorldMessage.REPORT) {
                    reports[m.from] = m.waiting;
                } else if (m.type == WorldMessage.FAIL) {
                    control.fail(remoteFailure(m));
                }
            }
        }
        List<GraphDeadlock.WaitingTask> waiting = new ArrayList<>();
        for (List<GraphDeadlock.WaitingTask> r : reports) {
            if (r != null) {
                waiting.addAll(r);
            }
        }
        waiting.sort((a, b) -> Integer.compare(a.task(), b.task()));
        GraphDeadlock d = DeadlockReport.format(waiting, unfinished, config.numTasks);
        // The failure is broadcast by the monitor loop, like any failure found here.
        control.fail(d);
    }

    private boolean allReported() {
        for (List<GraphDeadlock.WaitingTask> r : reports) {
            if (r == null) {
                return false;
            }
        }
        return true;
    }

    private void broadcastFailure(GraphFailure f) {
        WorldMessage m = new WorldMessage(WorldMessage.FAIL);
        m.task = f.taskId();
        m.deadlock = f instanceof GraphDeadlock;
        m.text = f.getMessage() == null ? f.toString() : f.getMessage();
        try {
            broadcast(m);
        } catch (RuntimeException | JobAbortedError e) { // MPIException is a RuntimeException
            f.addSuppressed(new IllegalStateException("could not tell the other processes: " + e));
        }
    }

    private void broadcast(WorldMessage m) throws MPIException {
        for (int r = 0; r < size; r++) {
            if (r != rank) {
                send(r, m);
            }
        }
    }

    /** Non-blocking: a peer that has stopped must not hold up the monitor (the device copies the bytes). */
    private void send(int dest, WorldMessage m) throws MPIException {
        m.from = rank;
        byte[] bytes = m.encode();
        sends.add(MPI.COMM_WORLD.Isend(bytes, 0, bytes.length, MPI.BYTE, dest, WorldMessage.TAG));
        sends.removeIf(WorldExecution::completed);
    }

    private static boolean completed(mpi.Request r) {
        try {
            return r.Test() != null;
        } catch (MPIException e) {
            return true;
        }
    }

    // ---- the end ----------------------------------------------------------------------------------------

    private String stop() {
        // A worker the watchdog found stuck will not return: do not wait the full close timeout for it.
        String stuck = node.stop(control.failure() instanceof GraphTimeout ? 200 : config.closeTimeoutMillis);
        handler.requestStop();
        Node.closeAll(new AgentRunner[] {handlerRunner}, config.closeTimeoutMillis);
        return stuck;
    }

    /** One trace file per process: {@code t.json} becomes {@code t.node1.json} on node 1 of several. */
    private void writeTrace(long start) {
        if (config.trace == null) {
            return;
        }
        Path path = config.trace;
        if (size > 1) {
            String name = path.getFileName().toString();
            int dot = name.lastIndexOf('.');
            String mine = dot < 0 ? name + ".node" + rank : name.substring(0, dot) + ".node" + rank + name.substring(dot);
            path = path.resolveSibling(mine);
        }
        List<TraceLog> logs = new ArrayList<>();
        for (Worker w : node.workers) {
            logs.add(w.trace);
        }
        logs.add(handler.trace);
        try {
            TraceWriter.write(path, logs, start, size);
        } catch (IOException e) {
            GraphFailure f = new GraphFailure(-1, "cannot write the trace to " + path + ": " + e.getMessage(), e);
            if (control.failure() == null) {
                throw f;
            }
            control.failure().addSuppressed(f);
        }
    }
}
