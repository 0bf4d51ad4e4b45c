package bamboo.bench.runtime;

import bamboo.runtime.Graph;
import bamboo.runtime.samples.PingPong;
import bamboo.runtime.samples.Ring;
import bamboo.runtime.samples.Stencil1D;
import bamboo.runtime.samples.Stream;
import bamboo.runtime.samples.Yielder;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * JMH micro-benchmarks of the runtime. Each invocation runs a whole graph long enough (tens of
 * milliseconds) that starting and stopping its threads is noise; scores are per operation, an operation
 * being one task switch, one message, or one 1 MiB message. Run them with {@link RuntimeBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RuntimeBenchmarks {
    static final int SWITCH_ROUNDS = 100_000;
    static final int PING_ROUNDS = 20_000;
    static final int STREAM_BATCHES = 32;
    static final int STREAM_PER_BATCH = 8;
    static final int STREAM_BYTES = 1 << 20;

    @Param({"SHARED_QUEUE", "WORK_STEALING"})
    public String scheduler;

    private Graph.Scheduler scheduler() {
        return Graph.Scheduler.valueOf(scheduler);
    }

    /** Two tasks on one worker that only yield: execute returns, the next task starts. Per switch. */
    @Benchmark
    @OperationsPerInvocation(2 * SWITCH_ROUNDS)
    public Graph.Result taskSwitch() {
        return Yielder.graph(2, SWITCH_ROUNDS).workers(1).scheduler(scheduler()).build().run();
    }

    /** Ping-pong on one worker: each message is sent, injected, fires its waiting receiver, which runs.
     *  Per message. */
    @Benchmark
    @OperationsPerInvocation(2 * PING_ROUNDS)
    public Graph.Result injectAndFire() {
        return PingPong.graph(PING_ROUNDS, 1, null).workers(1).scheduler(scheduler()).build().run();
    }

    /** 8-byte ping-pong between two tasks on two workers: one-way task-to-task latency. Per message. */
    @Benchmark
    @OperationsPerInvocation(2 * PING_ROUNDS)
    public Graph.Result latency() {
        return PingPong.graph(PING_ROUNDS, 1, null).workers(2).scheduler(scheduler()).build().run();
    }

    /** Streaming 1 MiB messages between two workers. Per message (bandwidth = 1 MiB / score). */
    @Benchmark
    @OperationsPerInvocation(STREAM_BATCHES * STREAM_PER_BATCH)
    public Graph.Result bandwidth() {
        return Stream.graph(STREAM_BATCHES, STREAM_PER_BATCH, STREAM_BYTES).workers(2).scheduler(scheduler())
                .build().run();
    }

    /** Many tasks, two workers: 32-block stencil, 100 iterations. Per graph. */
    @Benchmark
    public Graph.Result stencil() {
        return Stencil1D.graph(32, 512, 100, new double[32 * 512]).workers(2).scheduler(scheduler()).build().run();
    }

    /** 64-task ring, 200 rounds, two workers: one runnable task at a time moving across workers. Per hop. */
    @Benchmark
    @OperationsPerInvocation(64 * 200)
    public Graph.Result ring() {
        return Ring.graph(64, 200, new long[1]).workers(2).scheduler(scheduler()).build().run();
    }
}
