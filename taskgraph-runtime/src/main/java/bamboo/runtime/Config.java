package bamboo.runtime;

import bamboo.shim.net.RankPlacement;
import java.nio.file.Path;
import java.util.function.IntFunction;

/** The settled options of a graph (see {@link Graph.Builder} for their meaning, {@link RuntimeConfiguration}
 *  for their defaults). */
final class Config {
    int numTasks;
    IntFunction<? extends Task> factory;
    int workers = RuntimeConfiguration.WORKERS_DEFAULT;
    int nodes = RuntimeConfiguration.NODES_DEFAULT;
    /** Which process each task is on (block by default); see {@link Graph.Builder#placement}. */
    RankPlacement placement = RuntimeConfiguration.PLACEMENT_DEFAULT;
    /** Join the MPI world of the calling thread: one node per rank, this process runs only its own tasks. */
    boolean world;
    long latencyNanos = RuntimeConfiguration.LATENCY_NANOS_DEFAULT;
    double bandwidthBytesPerSecond = RuntimeConfiguration.BANDWIDTH_DEFAULT;
    Path trace;
    Graph.Scheduler scheduler = RuntimeConfiguration.SCHEDULER_DEFAULT;
    int chunkSize = RuntimeConfiguration.CHUNK_SIZE_DEFAULT;
    boolean profile = RuntimeConfiguration.PROFILE_DEFAULT;
    int spins = RuntimeConfiguration.IDLE_SPINS_DEFAULT;
    int yields = RuntimeConfiguration.IDLE_YIELDS_DEFAULT;
    long maxParkNanos = RuntimeConfiguration.IDLE_MAX_PARK_NANOS_DEFAULT;
    /** Whose cores the idle threads count in, to busy-wait only while one is spare (tests give a graph its
     *  own, with a core count of theirs). */
    CoreShare coreShare = CoreShare.JVM;
    /**
     * Whether each process's runtime threads, its workers and its message handler, share the process's
     * {@link #workers} cores ({@link bamboo.shim.engine.CoreGate}), as on a node with that many
     * cores: the handler then runs only while a worker waits or lets it have a turn, instead of on a core
     * of its own (on the threads device, another node's). Only with several processes.
     */
    boolean coreGate = RuntimeConfiguration.CORE_GATE_DEFAULT;
    /** Longest park of an idle handler: bounds the delay before it notices a message from another process. */
    long handlerMaxParkNanos = 50_000;
    long deadlockCheckNanos = 50_000_000;
    long closeTimeoutMillis = 5_000;
    /** Flow control: the most bytes of unreceived messages one task may hold (each counts its payload plus
     *  {@link Node#MESSAGE_OVERHEAD}); senders are held at a quarter of it and resumed at an eighth. */
    long inboxLimit = RuntimeConfiguration.INBOX_LIMIT_DEFAULT;
    /** Watchdog: the longest a task may run between evaluation points; 0 = off. */
    long taskTimeoutNanos = RuntimeConfiguration.TASK_TIMEOUT_DEFAULT.toNanos();
}
