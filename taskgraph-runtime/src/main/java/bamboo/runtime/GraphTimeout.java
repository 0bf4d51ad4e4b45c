package bamboo.runtime;

import java.util.List;

/**
 * The watchdog's verdict: a task ran longer than the task timeout without reaching its next evaluation
 * point (an endless loop, a blocking call, a computation far longer than expected). Names the task, how
 * long it had run and where its worker was, as the top frames of the worker's stack; the run ends (the
 * stuck worker thread is interrupted and abandoned).
 */
public final class GraphTimeout extends GraphFailure {
    private static final long serialVersionUID = 1L;
    private final long runNanos;
    private final long limitNanos;
    private final transient List<StackTraceElement> frames;
    private final transient StackTraceElement taskFrame;

    GraphTimeout(int taskId, long runNanos, long limitNanos, List<StackTraceElement> frames, StackTraceElement at) {
        super(taskId, message(taskId, runNanos, limitNanos, at), null);
        this.runNanos = runNanos;
        this.limitNanos = limitNanos;
        this.frames = List.copyOf(frames);
        this.taskFrame = at;
    }

    private static String message(int taskId, long runNanos, long limitNanos, StackTraceElement at) {
        StringBuilder b = new StringBuilder("task ").append(taskId).append(" has run for ")
                .append(seconds(runNanos)).append(" without reaching its next evaluation point (task timeout ")
                .append(seconds(limitNanos)).append(": Graph.Builder.taskTimeout, --task-timeout; 0 = off)");
        if (at != null) {
            b.append(" at ").append(TaskFrames.format(at));
        }
        return b.toString();
    }

    static String seconds(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.1f s", nanos / 1e9);
    }

    /** How long the task had been running when the watchdog reported it. */
    public long runNanos() {
        return runNanos;
    }

    /** The task timeout in force. */
    public long limitNanos() {
        return limitNanos;
    }

    /** The top frames of the worker's stack at the report, innermost first (at most 8). */
    public List<StackTraceElement> frames() {
        return frames;
    }

    /** The innermost frame in the task's own code (not the JDK's or the runtime's), or null. */
    public StackTraceElement taskFrame() {
        return taskFrame;
    }
}
