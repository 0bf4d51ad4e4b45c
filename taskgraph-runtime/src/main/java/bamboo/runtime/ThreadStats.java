package bamboo.runtime;

/**
 * Counters of one runtime thread (worker or handler). Written only by that thread; read after it stops.
 * Message latencies and queue waits are sampled (one in {@link #SAMPLE}) so profiling costs no clock
 * read per message.
 */
final class ThreadStats {
    static final int SAMPLE = 16;

    final String name;
    /** A message handler: its messages are forwarded ones, already counted by the sending worker. */
    final boolean handler;
    long idleNanos;
    long executions;
    long switches;
    long messagesSent;
    long bytesSent;
    long messagesReceived;
    long bytesReceived;
    long latencySamples;
    long latencySumNanos;
    long waitSamples;
    long waitSumNanos;
    long activations;
    /** Idle waits: parks (a handler's dozes included), and yields of the core while idle. */
    long parks;
    long yields;
    int sampleTick;

    ThreadStats(String name, boolean handler) {
        this.name = name;
        this.handler = handler;
    }

    int sendTick;

    /** Queue waits: true once every {@link #SAMPLE} calls. */
    boolean sample() {
        return (++sampleTick & (SAMPLE - 1)) == 0;
    }

    /**
     * Message latencies: true once every {@link #SAMPLE} sends. A counter of its own: sharing one with
     * {@link #sample()} let a worker whose calls alternate send, schedule, send, ... land every sample on
     * the same kind of call, so a run could sample no message at all.
     */
    boolean sampleSend() {
        return (++sendTick & (SAMPLE - 1)) == 0;
    }
}
