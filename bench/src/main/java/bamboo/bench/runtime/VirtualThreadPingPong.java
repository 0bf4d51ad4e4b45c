package bamboo.bench.runtime;

import java.lang.reflect.Method;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The same 8-byte ping-pong as {@link RuntimeBenchmarks#latency()}, written with one virtual thread per
 * task that parks until its mailbox holds a message (copy in at send, copy out at receive, as in the
 * runtime). Needs JDK 21+; virtual threads are created through
 * {@code Executors.newVirtualThreadPerTaskExecutor()} found by reflection, since we compile for 17.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class VirtualThreadPingPong {

    /** One task's mailbox: a one-message slot. */
    static final class Mailbox {
        final long[] slot = new long[1];
        volatile boolean full;
        volatile Thread owner;

        void put(long[] src) {
            while (full) {
                Thread.onSpinWait();
            }
            System.arraycopy(src, 0, slot, 0, 1);
            full = true;
            Thread t = owner;
            LockSupport.unpark(t);
        }

        void take(long[] dst) {
            while (!full) {
                LockSupport.park(this);
            }
            System.arraycopy(slot, 0, dst, 0, 1);
            full = false;
        }
    }

    /** Creates the executor, or fails with a clear message before JDK 21. */
    static ExecutorService virtualThreads() {
        try {
            Method m = Executors.class.getMethod("newVirtualThreadPerTaskExecutor");
            return (ExecutorService) m.invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new UnsupportedOperationException("virtual threads need JDK 21+, this is "
                    + Runtime.version(), e);
        }
    }

    /** Runs {@code rounds} round trips between two virtual threads. */
    static long pingPong(ExecutorService vts, int rounds) throws Exception {
        Mailbox[] box = {new Mailbox(), new Mailbox()};
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(2);
        java.util.List<Future<Long>> f = new java.util.ArrayList<>();
        for (int me = 0; me < 2; me++) {
            final int id = me;
            f.add(vts.submit(() -> {
                box[id].owner = Thread.currentThread();
                started.countDown();
                started.await();
                long[] buf = new long[1];
                for (int r = 0; r < rounds; r++) {
                    if (id == 0) {
                        buf[0] = r;
                        box[1].put(buf);
                        box[0].take(buf);
                    } else {
                        box[1].take(buf);
                        box[0].put(buf);
                    }
                }
                return buf[0];
            }));
        }
        return f.get(0).get() + f.get(1).get();
    }

    private ExecutorService vts;

    @org.openjdk.jmh.annotations.Setup
    public void setUp() {
        vts = virtualThreads();
    }

    @org.openjdk.jmh.annotations.TearDown
    public void tearDown() {
        vts.shutdown();
    }

    /** Per one-way message. */
    @Benchmark
    @OperationsPerInvocation(2 * RuntimeBenchmarks.PING_ROUNDS)
    public long latency() throws Exception {
        return pingPong(vts, RuntimeBenchmarks.PING_ROUNDS);
    }
}
