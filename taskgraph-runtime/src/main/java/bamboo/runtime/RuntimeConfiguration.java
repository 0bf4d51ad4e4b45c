package bamboo.runtime;

import bamboo.shim.net.RankPlacement;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The runtime's tunables in one place: for each, its default and, where a launcher that never sees the
 * {@link Graph.Builder} needs to set it, its system property. A graph's options are set on its builder
 * ({@link Graph#builder}); what is not set there takes the default named here (a trace is written only
 * when {@link Graph.Builder#trace} names a file). The system property is read only through the accessor
 * of this class.
 */
public final class RuntimeConfiguration {
    /**
     * System property naming a file to which every run of a graph in this JVM (not a
     * {@link Graph.Builder#joinWorld} graph) appends its profile summary: for launchers that drop
     * {@link Graph.Result}, such as {@code ./bamboo run --translated} and the benchmark's {@code bamboo}
     * rows. Absent or empty: nothing is written. Read when a run ends, so it costs the run nothing.
     */
    public static final String PROFILE_LOG_PROP_NAME = "bamboo.profile.log";

    /** Worker threads per process ({@link Graph.Builder#workers}). */
    public static final int WORKERS_DEFAULT = 1;

    /** Processes of a graph in one JVM ({@link Graph.Builder#nodes}). */
    public static final int NODES_DEFAULT = 1;

    /** Which process each task is on ({@link Graph.Builder#placement}): contiguous blocks of ids. */
    public static final RankPlacement PLACEMENT_DEFAULT = RankPlacement.BLOCK;

    /** Simulated latency between processes in nanoseconds ({@link Graph.Builder#latency}). */
    public static final long LATENCY_NANOS_DEFAULT = 0;

    /** Simulated bandwidth between processes in bytes per second, 0 = unlimited
     *  ({@link Graph.Builder#bandwidth}). */
    public static final double BANDWIDTH_DEFAULT = 0;

    /** Payload chunk size in bytes, the largest pooled buffer ({@link Graph.Builder#chunkSize}). */
    public static final int CHUNK_SIZE_DEFAULT = 64 * 1024;

    /** How a process's runnable tasks reach its workers ({@link Graph.Builder#scheduler}): one shared
     *  priority queue, which keeps strict priority order across the process and switches tasks fastest. */
    public static final Graph.Scheduler SCHEDULER_DEFAULT = Graph.Scheduler.SHARED_QUEUE;

    /** Whether queue waits and message latencies are sampled, one in 16 ({@link Graph.Builder#profile}). */
    public static final boolean PROFILE_DEFAULT = true;

    /** Spins of an idle worker before it yields ({@link Graph.Builder#idle}); about 11 µs. */
    public static final int IDLE_SPINS_DEFAULT = 200;

    /** Yields of an idle worker before it parks ({@link Graph.Builder#idle}). */
    public static final int IDLE_YIELDS_DEFAULT = 20;

    /** Longest park of an idle worker in nanoseconds while a core is spare ({@link Graph.Builder#idle}). */
    public static final long IDLE_MAX_PARK_NANOS_DEFAULT = 1_000_000;

    /** Whether a process's workers and handler share the process's {@code workers} cores
     *  ({@link Graph.Builder#coreGate}). */
    public static final boolean CORE_GATE_DEFAULT = false;

    /** Flow control: the most bytes of unreceived messages one task may hold ({@link Graph.Builder#inboxLimit}). */
    public static final long INBOX_LIMIT_DEFAULT = 256L << 20;

    /** Watchdog: the longest a task may run between evaluation points ({@link Graph.Builder#taskTimeout}). */
    public static final Duration TASK_TIMEOUT_DEFAULT = Duration.ofSeconds(60);

    private RuntimeConfiguration() {
    }

    /** The file named by {@link #PROFILE_LOG_PROP_NAME}, or null when the property is absent or empty. */
    public static Path profileLog() {
        final String file = System.getProperty(PROFILE_LOG_PROP_NAME);
        return file == null || file.isEmpty() ? null : Path.of(file);
    }
}
