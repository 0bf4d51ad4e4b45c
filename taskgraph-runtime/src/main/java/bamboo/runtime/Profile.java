package bamboo.runtime;

import java.util.List;
import java.util.Locale;

/**
 * What the profiler measured during one run: per-thread busy and idle time, task executions and
 * switches, messages and bytes, and occupancies by Little's law (request rate × response
 * time): the mean number of messages in flight (sent but not yet received) and of tasks waiting in run
 * queues. Latencies and queue waits are sampled, one in 16.
 */
public final class Profile {

    /**
     * One worker or message handler. Busy = wall time - idle time. For a handler, messages sent and
     * received are those it forwarded to and from other processes. Parks and yields: how often the thread
     * parked (a handler's dozes included) or yielded its core while it had nothing to do (each park ends in
     * a thread wake-up, a context switch; see docs/runtime.md, "Idle threads").
     */
    public record ThreadProfile(String name, boolean handler, long busyNanos, long idleNanos, long executions,
                                long switches, long messagesSent, long bytesSent, long messagesReceived,
                                long bytesReceived, long parks, long yields) {
    }

    private final long wallNanos;
    private final List<ThreadProfile> threads;
    private final double meanMessageLatencyNanos;
    private final double meanQueueWaitNanos;
    private final long activations;

    Profile(long wallNanos, List<ThreadProfile> threads, double meanMessageLatencyNanos,
            double meanQueueWaitNanos, long activations) {
        this.wallNanos = wallNanos;
        this.threads = List.copyOf(threads);
        this.meanMessageLatencyNanos = meanMessageLatencyNanos;
        this.meanQueueWaitNanos = meanQueueWaitNanos;
        this.activations = activations;
    }

    static Profile of(long wallNanos, List<ThreadStats> stats) {
        List<ThreadProfile> list = new java.util.ArrayList<>();
        long latSamples = 0;
        long latSum = 0;
        long waitSamples = 0;
        long waitSum = 0;
        long activations = 0;
        for (ThreadStats s : stats) {
            list.add(new ThreadProfile(s.name, s.handler, Math.max(0, wallNanos - s.idleNanos), Math.min(wallNanos, s.idleNanos), s.executions,
                    s.switches, s.messagesSent, s.bytesSent, s.messagesReceived, s.bytesReceived, s.parks, s.yields));
            latSamples += s.latencySamples;
            latSum += s.latencySumNanos;
            waitSamples += s.waitSamples;
            waitSum += s.waitSumNanos;
            activations += s.activations;
        }
        return new Profile(wallNanos, list, latSamples == 0 ? 0 : (double) latSum / latSamples,
                waitSamples == 0 ? 0 : (double) waitSum / waitSamples, activations);
    }

    public long wallNanos() {
        return wallNanos;
    }

    public List<ThreadProfile> threads() {
        return threads;
    }

    public long executions() {
        return threads.stream().mapToLong(ThreadProfile::executions).sum();
    }

    public long switches() {
        return threads.stream().mapToLong(ThreadProfile::switches).sum();
    }

    /** Parks of idle workers and handlers (a handler's dozes included): each ends in a thread wake-up. */
    public long parks() {
        return threads.stream().mapToLong(ThreadProfile::parks).sum();
    }

    /** Yields of idle workers and handlers. */
    public long yields() {
        return threads.stream().mapToLong(ThreadProfile::yields).sum();
    }

    /** Task-to-task messages sent (each counted once, by the sending worker). */
    public long messages() {
        return threads.stream().filter(t -> !t.handler()).mapToLong(ThreadProfile::messagesSent).sum();
    }

    /** Payload bytes of those messages. */
    public long bytes() {
        return threads.stream().filter(t -> !t.handler()).mapToLong(ThreadProfile::bytesSent).sum();
    }

    /** Mean time from send to receive, sampled. */
    public double meanMessageLatencyNanos() {
        return meanMessageLatencyNanos;
    }

    /** Mean time a runnable task waited for a worker, sampled. */
    public double meanQueueWaitNanos() {
        return meanQueueWaitNanos;
    }

    /** Mean messages in flight: message rate × mean latency (Little's law). */
    public double messageOccupancy() {
        return wallNanos == 0 ? 0 : messages() * meanMessageLatencyNanos / wallNanos;
    }

    /** Mean runnable tasks waiting for a worker: activation rate × mean queue wait. */
    public double runQueueOccupancy() {
        return wallNanos == 0 ? 0 : activations * meanQueueWaitNanos / wallNanos;
    }

    /** A few lines for humans. */
    public String summary() {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "wall %.3f ms, %d executions, %d task switches, %d messages, %d bytes%n",
                wallNanos / 1e6, executions(), switches(), messages(), bytes()));
        b.append(String.format(Locale.ROOT,
                "message latency %.0f ns (occupancy %.2f in flight), queue wait %.0f ns (occupancy %.2f queued)%n",
                meanMessageLatencyNanos, messageOccupancy(), meanQueueWaitNanos, runQueueOccupancy()));
        for (ThreadProfile t : threads) {
            b.append(String.format(Locale.ROOT,
                    "  %-16s busy %6.1f%%  %d executions, %d switches, %d msgs out (%d B), %d msgs in (%d B), "
                            + "%d parks, %d yields%n",
                    t.name(), wallNanos == 0 ? 0 : 100.0 * t.busyNanos() / wallNanos, t.executions(), t.switches(),
                    t.messagesSent(), t.bytesSent(), t.messagesReceived(), t.bytesReceived(), t.parks(), t.yields()));
        }
        return b.toString();
    }
}
