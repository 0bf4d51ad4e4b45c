package bamboo.runtime;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * One run of a graph: starts the processes, watches for completion, failure and deadlock from the
 * calling thread, stops everything, and assembles the result. Never hangs: a deadlock is reported after
 * two consecutive checks ({@link Config#deadlockCheckNanos} apart) find nothing able to move.
 */
final class Execution {
    /** How long to wait for the workers to stop after the watchdog found one stuck. */
    private static final long STUCK_CLOSE_MILLIS = 200;
    private final Config config;
    private final Placement placement;
    private final RunControl control;
    private final List<Node> nodes = new ArrayList<>();
    private Interconnect interconnect;

    Execution(Config config) {
        this.config = config;
        this.placement = new Placement(config.numTasks, config.nodes, config.placement);
        this.control = new RunControl(config.numTasks);
    }

    Graph.Result run() {
        control.monitor(Thread.currentThread());
        for (int r = 0; r < config.nodes; r++) {
            nodes.add(new Node(r, placement, config, control));
        }
        Node[] all = nodes.toArray(new Node[0]);
        for (Node n : nodes) {
            n.createTasks();
            if (all.length > 1) {
                n.peers(all);
            }
        }
        long start = System.nanoTime();
        String stuck;
        long end;
        try {
            if (config.nodes > 1) {
                interconnect = new Interconnect(config, nodes, control);
                interconnect.start();
            }
            for (Node n : nodes) {
                n.start();
            }
            watch();
            end = System.nanoTime();
        } finally {
            // A worker the watchdog found stuck will not return: do not wait the full close timeout for it.
            stuck = stopAll(control.failure() instanceof GraphTimeout ? STUCK_CLOSE_MILLIS : config.closeTimeoutMillis);
        }
        GraphFailure failure = control.failure();
        if (failure != null) {
            if (stuck != null) {
                failure.addSuppressed(new IllegalStateException("still running a task, abandoned: " + stuck));
            }
            writeTrace(start);
            throw failure;
        }
        long unreceived = 0;
        long peak = 0;
        long holds = 0;
        for (Node n : nodes) {
            unreceived += n.discardLeftovers();
            holds += n.holds.get();
            for (Task t : n.tasks) {
                peak = Math.max(peak, t.peakBuffered());
            }
        }
        Profile profile = Profile.of(end - start, stats());
        writeTrace(start);
        ProfileLog.append(config, profile);
        return new Graph.Result(end - start, profile, unreceived, peak, holds);
    }

    private List<ThreadStats> stats() {
        List<ThreadStats> all = new ArrayList<>();
        for (Node n : nodes) {
            for (Worker w : n.workers) {
                all.add(w.stats);
            }
        }
        if (interconnect != null) {
            all.addAll(interconnect.stats());
        }
        return all;
    }

    private void watch() {
        int quietChecks = 0;
        long lastProgress = -1;
        TaskWatchdog watchdog = config.taskTimeoutNanos > 0 ? new TaskWatchdog(nodes, config.taskTimeoutNanos) : null;
        while (control.failure() == null && control.unfinished() > 0) {
            LockSupport.parkNanos(config.deadlockCheckNanos);
            if (control.failure() != null || control.unfinished() == 0) {
                return;
            }
            if (watchdog != null) {
                GraphTimeout late = watchdog.check(System.nanoTime());
                if (late != null) {
                    control.fail(late);
                    watchdog.interruptStuck();
                    return;
                }
            }
            if (interconnect != null) {
                interconnect.keepAlive();
            }
            // A snapshot counts only if nothing moved while it was taken (progress equal before and after),
            // and a deadlock needs two such snapshots in a row with no progress in between.
            long before = progress();
            boolean stalled = stalled();
            long after = progress();
            if (stalled && before == after) {
                quietChecks = after == lastProgress ? quietChecks + 1 : 1;
            } else {
                quietChecks = 0;
            }
            lastProgress = after;
            if (quietChecks >= 2) {
                control.fail(DeadlockReport.build(nodes, control.unfinished(), config.numTasks));
                return;
            }
        }
    }

    /** No task owned anywhere and no message between processes. */
    private boolean stalled() {
        for (Node n : nodes) {
            if (n.owned.get() != 0) {
                return false;
            }
        }
        return interconnect == null || interconnect.inFlight() == 0;
    }

    private long progress() {
        long p = 0;
        for (Node n : nodes) {
            for (Worker w : n.workers) {
                p += w.stats.executions;
            }
        }
        return interconnect == null ? p : p + interconnect.delivered();
    }

    private String stopAll(long closeTimeoutMillis) {
        StringBuilder stuck = new StringBuilder();
        for (Node n : nodes) {
            String s = n.stop(closeTimeoutMillis);
            if (s != null) {
                stuck.append(stuck.length() == 0 ? "" : ", ").append(s);
            }
        }
        if (interconnect != null) {
            interconnect.stop();
        }
        return stuck.length() == 0 ? null : stuck.toString();
    }

    private void writeTrace(long start) {
        if (config.trace == null) {
            return;
        }
        List<TraceLog> logs = new ArrayList<>();
        for (Node n : nodes) {
            for (Worker w : n.workers) {
                logs.add(w.trace);
            }
        }
        if (interconnect != null) {
            logs.addAll(interconnect.traces());
        }
        try {
            TraceWriter.write(config.trace, logs, start, config.nodes);
        } catch (IOException e) {
            GraphFailure f = new GraphFailure(-1, "cannot write the trace to " + config.trace + ": " + e.getMessage(), e);
            if (control.failure() == null) {
                throw f;
            }
            control.failure().addSuppressed(f);
        }
    }
}
