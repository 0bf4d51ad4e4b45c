package bamboo.runtime;

import bamboo.shim.net.RankPlacement;
import java.nio.file.Path;
import java.util.function.IntFunction;

/** The settled options of a graph (see {@link Graph.Builder} for their meaning). */
final class Config {
    int numTasks;
    IntFunction<? extends Task> factory;
    int workers = 1;
    int nodes = 1;
    /** Which process each task is on (block by default); see {@link Graph.Builder#placement}. */
    RankPlacement placement = RankPlacement.BLOCK;
    /** Join the MPI world of the calling thread: one node per rank, this process runs only its own tasks. */
    boolean world;
    long latencyNanos;
    double bandwidthBytesPerSecond;
    Path trace;
    Graph.Scheduler scheduler = Graph.Scheduler.SHARED_QUEUE;
    int chunkSize = 64 * 1024;
    boolean profile = true;
    int spins = 200;
    int yields = 20;
    long maxParkNanos = 1_000_000;
    /** Whether idle threads busy-wait only while a core is spare ({@link CoreShare}); default from the
     *  system property {@code bamboo.idle}. */
    Graph.IdleMode idleMode = Graph.IdleMode.fromProperty();
    /** Whose cores the idle threads count in (tests give a graph its own, with a core count of theirs). */
    CoreShare coreShare = CoreShare.JVM;

    /** The core share the idle strategies use: null in {@link Graph.IdleMode#FIXED} mode. */
    CoreShare idleShare() {
        return idleMode == Graph.IdleMode.ADAPTIVE ? coreShare : null;
    }
    /**
     * Whether each process's runtime threads, its workers and its message handler, share the process's
     * {@link #workers} cores ({@link bamboo.shim.engine.CoreGate}), as on a node with that many
     * cores: the handler then runs only while a worker waits or lets it have a turn, instead of on a core
     * of its own (on the threads device, another node's). Only with several processes (default off).
     */
    boolean coreGate;
    /** Longest park of an idle handler: bounds the delay before it notices a message from another process. */
    long handlerMaxParkNanos = 50_000;
    long deadlockCheckNanos = 50_000_000;
    long closeTimeoutMillis = 5_000;
    /** Flow control: the most bytes of unreceived messages one task may hold (each counts its payload plus
     *  {@link Node#MESSAGE_OVERHEAD}); senders are held at a quarter of it and resumed at an eighth. */
    long inboxLimit = 256L << 20;
    /** Watchdog: the longest a task may run between evaluation points; 0 = off. */
    long taskTimeoutNanos = 60_000_000_000L;
    /** Whether a busy worker receives from other processes between two executions (session 7; see
     *  {@link Worker#doWork}); the system property {@code bamboo.receiveBetween=false} turns it off, so that
     *  one build can compare the two. */
    boolean receiveBetweenExecutions = !"false".equalsIgnoreCase(System.getProperty("bamboo.receiveBetween"));
    /** Whether a task whose last execution sent to another process runs ahead of the tasks of its priority
     *  that did not (session 8, default off; {@link Graph.Builder#remoteFirst}). Read once per graph from
     *  the system property {@code bamboo.remoteFirst} so that one build can compare the two. */
    boolean remoteFirst = Graph.remoteFirstProperty();
}
