package bamboo.bench.runtime;

import bamboo.runtime.samples.PingPong;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Steady-state allocation per message, measured exactly: a ping-pong runs {@code warm} rounds, then the
 * allocation counters of every worker thread are read, then {@code measured} more rounds run and the
 * counters are read again. Everything the runtime does per message (send, pools, inject, firing rule,
 * queue, worker loop, idling) is inside the window; the graph's start-up is not.
 */
final class AllocationProbe {
    private AllocationProbe() {
    }

    /** Bytes allocated per message by the worker threads in steady state. */
    static double bytesPerMessage(int workers, int warm, int measured) {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        if (!mx.isThreadAllocatedMemorySupported()) {
            return Double.NaN;
        }
        mx.setThreadAllocatedMemoryEnabled(true);
        long[][] ids = new long[1][];
        long[] at = new long[2];
        PingPong.graph(warm + measured, 1, round -> {
            if (round == warm - 1) {
                List<Long> list = new ArrayList<>();
                for (Thread t : Thread.getAllStackTraces().keySet()) {
                    if (t.getName().startsWith("bamboo-node0-worker")) {
                        list.add(t.getId());
                    }
                }
                ids[0] = list.stream().mapToLong(Long::longValue).toArray();
            } else if (round == warm) {
                at[0] = sum(mx.getThreadAllocatedBytes(ids[0]));
            } else if (round == warm + measured) {
                at[1] = sum(mx.getThreadAllocatedBytes(ids[0]));
            }
        }).workers(workers).build().run();
        return (double) (at[1] - at[0]) / (2.0 * measured);
    }

    /**
     * Bytes allocated per message between two runtime processes (2 x 1 worker, the simulated interconnect
     * off) in steady state, counting every thread of the JVM (workers, handlers, the shim's ranks): the
     * ping-pong carries {@code elements} longs per message.
     */
    static double remoteBytesPerMessage(int elements, int warm, int measured) {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        if (!mx.isThreadAllocatedMemorySupported()) {
            return Double.NaN;
        }
        mx.setThreadAllocatedMemoryEnabled(true);
        // The threads alive at the start of the window, each counted over the window: a thread of an earlier
        // graph that ends meanwhile must not take its whole history out of the sum.
        long[][] ids = new long[1][];
        long[][] before = new long[1][];
        long[] delta = new long[1];
        PingPong.graph(warm + measured, elements, round -> {
            if (round == warm) {
                ids[0] = mx.getAllThreadIds();
                before[0] = mx.getThreadAllocatedBytes(ids[0]);
            } else if (round == warm + measured) {
                long[] after = mx.getThreadAllocatedBytes(ids[0]);
                for (int i = 0; i < after.length; i++) {
                    if (after[i] >= 0 && before[0][i] >= 0) {
                        delta[0] += after[i] - before[0][i];
                    }
                }
            }
        }).nodes(2).workers(1).profile(false).build().run();
        return delta[0] / (2.0 * measured);
    }

    private static long sum(long[] values) {
        long s = 0;
        for (long v : values) {
            s += Math.max(0, v);
        }
        return s;
    }
}
