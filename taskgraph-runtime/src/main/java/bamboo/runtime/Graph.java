package bamboo.runtime;

import bamboo.shim.net.RankPlacement;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.IntFunction;

/**
 * A graph of N tasks (ids 0..N-1) placed on k processes (block-wise, or as {@link Builder#placement}
 * says), each with W workers and one message handler. Build it with {@link #builder}, run it once with {@link #run()}:
 *
 * <pre>{@code
 * Graph.Result r = Graph.builder(numTasks, id -> new XTask(args))
 *         .workers(w).nodes(k)
 *         .latency(ns).bandwidth(bytesPerSecond)
 *         .trace(path)
 *         .build().run();
 * }</pre>
 *
 * {@code run()} returns when every task has finished; it throws {@link GraphFailure} when a task throws
 * (task id and cause), {@link GraphDeadlock} when the graph can no longer move (who waits for what) and
 * {@link GraphTimeout} when a task runs past the task timeout without reaching an evaluation point.
 */
public final class Graph {

    /** How a process's runnable tasks reach its workers (see docs/runtime.md for the measurements). */
    public enum Scheduler {
        /** One priority queue per process: strict priority order. The default. */
        SHARED_QUEUE,
        /** One priority queue per worker, idle workers steal: priority order per worker only. */
        WORK_STEALING
    }

    /** The outcome of a run that finished. */
    public static final class Result {
        private final long elapsedNanos;
        private final Profile profile;
        private final long unreceived;
        private final long peakInboxBytes;
        private final long holds;

        Result(long elapsedNanos, Profile profile, long unreceived, long peakInboxBytes, long holds) {
            this.elapsedNanos = elapsedNanos;
            this.profile = profile;
            this.unreceived = unreceived;
            this.peakInboxBytes = peakInboxBytes;
            this.holds = holds;
        }

        /** Flow control: the most bytes one task's inbox held at once (payload plus 64 bytes per message). */
        public long peakInboxBytes() {
            return peakInboxBytes;
        }

        /** Flow control: how many times a sender was held at an evaluation point. */
        public long heldSenders() {
            return holds;
        }

        /** Wall time from the start of the workers to the last task finishing. */
        public long elapsedNanos() {
            return elapsedNanos;
        }

        /** What the profiler measured. */
        public Profile profile() {
            return profile;
        }

        /** Messages that reached a task which finished without receiving them (discarded). */
        public long unreceivedMessages() {
            return unreceived;
        }

        @Override
        public String toString() {
            return profile.summary() + (unreceived > 0 ? unreceived + " message(s) never received\n" : "");
        }
    }

    /** Options of a graph; every setter checks its argument and names it when it is wrong. */
    public static final class Builder {
        private final Config c = new Config();

        private Builder(int numTasks, IntFunction<? extends Task> factory) {
            if (numTasks < 1) {
                throw new IllegalArgumentException("Graph.builder: numTasks must be >= 1, got " + numTasks);
            }
            c.numTasks = numTasks;
            c.factory = Objects.requireNonNull(factory, "Graph.builder: factory is null");
        }

        /** Worker threads per process (default 1). */
        public Builder workers(int workers) {
            if (workers < 1) {
                throw new IllegalArgumentException("Graph.Builder.workers: must be >= 1, got " + workers);
            }
            c.workers = workers;
            return this;
        }

        /** Processes (shim ranks of the threads device), tasks placed as {@link #placement} says (default 1). */
        public Builder nodes(int nodes) {
            if (nodes < 1) {
                throw new IllegalArgumentException("Graph.Builder.nodes: must be >= 1, got " + nodes);
            }
            c.nodes = nodes;
            return this;
        }

        /**
         * Which process each task is on (default {@link RankPlacement#BLOCK}: process k holds a contiguous
         * range of ids). {@code RankPlacement.parse("grid")} puts 2-D blocks of a row-major task grid on a
         * grid of processes, as the shim places ranks with the same placement, so a translated 2-D program
         * keeps its neighbours together as its MPI form would. The shapes are checked at {@link #build}.
         */
        public Builder placement(RankPlacement placement) {
            if (placement == null) {
                throw new IllegalArgumentException("Graph.Builder.placement: must not be null (RankPlacement.BLOCK)");
            }
            c.placement = placement;
            return this;
        }

        /**
         * Runs this process's share of the graph in an MPI world that already exists: one node per rank of
         * {@code MPI.COMM_WORLD} (node = rank, nodes = size; tasks placed as with {@link #placement} and
         * {@link #nodes}), messages between nodes through the world's device (e.g. the aeron device, one
         * JVM per rank, started by {@code ProcessJob}, {@code RankMain} or mpirun). Every rank runs the
         * same graph; {@code run()} returns on every rank when every task of every rank has finished, and
         * throws on every rank when a task fails or the graph deadlocks anywhere. The calling thread must be
         * a rank with MPI initialised. See {@link GraphMain} for the ready-made entry point.
         */
        public Builder joinWorld() {
            c.world = true;
            return this;
        }

        /** Simulated latency between processes, in nanoseconds (default 0). */
        public Builder latency(long nanos) {
            if (nanos < 0) {
                throw new IllegalArgumentException("Graph.Builder.latency: must be >= 0 ns, got " + nanos);
            }
            c.latencyNanos = nanos;
            return this;
        }

        /** Simulated bandwidth between processes, in bytes per second (default 0: unlimited). */
        public Builder bandwidth(double bytesPerSecond) {
            if (!(bytesPerSecond >= 0) || Double.isInfinite(bytesPerSecond)) {
                throw new IllegalArgumentException("Graph.Builder.bandwidth: must be a finite number >= 0 "
                        + "(0 = unlimited), got " + bytesPerSecond);
            }
            c.bandwidthBytesPerSecond = bytesPerSecond;
            return this;
        }

        /** Writes a Chrome trace-event timeline (opens in Perfetto) to {@code path} when the run ends. */
        public Builder trace(Path path) {
            c.trace = Objects.requireNonNull(path, "Graph.Builder.trace: path is null");
            return this;
        }

        /** Run-queue organisation (default {@link Scheduler#SHARED_QUEUE}). */
        public Builder scheduler(Scheduler scheduler) {
            c.scheduler = Objects.requireNonNull(scheduler, "Graph.Builder.scheduler: scheduler is null");
            return this;
        }

        /** Payload chunk size in bytes, a power of two >= 64 (default 64 KiB); larger messages travel in chunks. */
        public Builder chunkSize(int bytes) {
            if (bytes < 64 || Integer.bitCount(bytes) != 1) {
                throw new IllegalArgumentException("Graph.Builder.chunkSize: must be a power of two >= 64, got " + bytes);
            }
            c.chunkSize = bytes;
            return this;
        }

        /** Whether to sample queue waits and message latencies, one in 16 (default true). */
        public Builder profile(boolean on) {
            c.profile = on;
            return this;
        }

        /**
         * How idle workers wait: spins, then yields, then parks of at most {@code maxParkNanos} (default
         * 200, 20, 1 ms). Spins and yields happen only while a core is spare (the runtime's threads that
         * want a core fit on the JVM's cores): a busy-waiting thread stays runnable and takes time slices
         * from the threads with work. Otherwise a worker parks at once, for 20 times {@code maxParkNanos}
         * (it is woken when work comes; the timeout is a safety net).
         */
        public Builder idle(int spins, int yields, long maxParkNanos) {
            if (spins < 0 || yields < 0 || maxParkNanos < 1_000) {
                throw new IllegalArgumentException("Graph.Builder.idle: spins and yields must be >= 0 and "
                        + "maxParkNanos >= 1000, got " + spins + ", " + yields + ", " + maxParkNanos);
            }
            c.spins = spins;
            c.yields = yields;
            c.maxParkNanos = maxParkNanos;
            return this;
        }

        /**
         * Whether each process's workers and message handler share the process's {@link #workers} cores, as
         * on a node with that many cores (default false: the handler is one thread more, which the JVM runs
         * on any core it has). With it a process never runs more than {@code workers} of its threads at
         * once: a thread holds one of the process's cores ({@link bamboo.shim.engine.CoreGate}) while
         * it runs and gives it back while it parks; a busy thread lets a waiting one have a turn after each
         * duty cycle (a task run, a handler pass). Only graphs of several processes have a handler; with one
         * process it changes nothing.
         */
        public Builder coreGate(boolean on) {
            c.coreGate = on;
            return this;
        }

        /** Tests: the cores this graph's idle threads count in, instead of the JVM's. */
        Builder coreShare(CoreShare share) {
            c.coreShare = Objects.requireNonNull(share, "Graph.Builder.coreShare: share is null");
            return this;
        }

        /**
         * Flow control: the most bytes of messages one task may hold unreceived (payload plus 64 bytes per
         * message; default 256 MiB). A sender that pushes a task over a quarter of it is held at its next
         * evaluation point until that task has received down to an eighth (or waits, or finishes); a send
         * that would go over the limit itself ends the run with {@link GraphFlood}.
         */
        public Builder inboxLimit(long bytes) {
            if (bytes < 1024) {
                throw new IllegalArgumentException("Graph.Builder.inboxLimit: must be >= 1024 bytes, got " + bytes);
            }
            c.inboxLimit = bytes;
            return this;
        }

        /**
         * Watchdog: a task whose {@code init()} or {@code execute()} runs longer than this without returning
         * (reaching its next evaluation point) ends the run with {@link GraphTimeout}, naming the task and
         * where it is. 0 turns the watchdog off (default 60 s).
         */
        public Builder taskTimeout(java.time.Duration timeout) {
            Objects.requireNonNull(timeout, "Graph.Builder.taskTimeout: timeout is null");
            if (timeout.isNegative()) {
                throw new IllegalArgumentException("Graph.Builder.taskTimeout: must be >= 0 (0 = off), got " + timeout);
            }
            c.taskTimeoutNanos = timeout.toNanos();
            return this;
        }

        public Graph build() {
            if (c.world && (c.nodes != 1 || c.latencyNanos != 0 || c.bandwidthBytesPerSecond != 0)) {
                throw new IllegalArgumentException("Graph.Builder.build: joinWorld() takes its nodes from the MPI "
                        + "world and its interconnect is real; drop nodes(), latency() and bandwidth()");
            }
            if (c.nodes > c.numTasks) {
                throw new IllegalArgumentException("Graph.Builder.build: " + c.nodes + " nodes for " + c.numTasks
                        + " tasks; every node needs at least one task");
            }
            if (!c.world) {
                try {
                    c.placement.nodeOfEach(c.numTasks, c.nodes);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("Graph.Builder.build: " + e.getMessage(), e);
                }
            }
            return new Graph(c);
        }
    }

    private final Config config;
    private boolean ran;

    private Graph(Config config) {
        this.config = config;
    }

    /** Starts describing a graph of {@code numTasks} tasks; {@code factory} creates task {@code id}. */
    public static Builder builder(int numTasks, IntFunction<? extends Task> factory) {
        return new Builder(numTasks, factory);
    }

    public int numTasks() {
        return config.numTasks;
    }

    /**
     * Runs the graph until every task has finished.
     *
     * @throws GraphFailure a task threw (task id and cause), or {@link GraphDeadlock}
     */
    public synchronized Result run() {
        if (ran) {
            throw new IllegalStateException("Graph.run: a graph runs once; build a new one");
        }
        ran = true;
        return config.world ? new WorldExecution(config).run() : new Execution(config).run();
    }
}
