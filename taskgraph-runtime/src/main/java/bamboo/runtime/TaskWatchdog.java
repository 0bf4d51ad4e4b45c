package bamboo.runtime;

import java.util.Arrays;
import java.util.List;

/**
 * Finds a task that runs longer than the task timeout without returning from {@code execute()}. Runs on
 * the run's monitor thread at its polling period and costs the workers nothing extra: a worker counts
 * activations before {@code execute()} and executions after it (counters the profiler keeps anyway), so
 * a worker whose activation count differs from its execution count is inside a task, and one whose
 * activation count has not moved since the watchdog first saw it there is still inside the same one.
 */
final class TaskWatchdog {
    private static final int FRAMES = 8;
    private final Worker[] workers;
    private final long limitNanos;
    private final long[] seenActivation;
    private final long[] since;

    TaskWatchdog(List<Node> nodes, long limitNanos) {
        this.workers = nodes.stream().flatMap(n -> Arrays.stream(n.workers)).toArray(Worker[]::new);
        this.limitNanos = limitNanos;
        this.seenActivation = new long[workers.length];
        this.since = new long[workers.length];
        Arrays.fill(seenActivation, -1);
    }

    /** The report for the first worker stuck in one task past the limit, or null. */
    GraphTimeout check(long now) {
        for (int i = 0; i < workers.length; i++) {
            Worker w = workers[i];
            long activations = w.stats.activations;
            if (activations == w.stats.executions) {
                seenActivation[i] = -1; // between tasks
                continue;
            }
            if (activations != seenActivation[i]) {
                seenActivation[i] = activations;
                since[i] = now;
                continue;
            }
            long ran = now - since[i];
            Task t = w.last;
            if (ran >= limitNanos && t != null) {
                Thread thread = w.thread;
                StackTraceElement[] stack = thread == null ? new StackTraceElement[0] : thread.getStackTrace();
                return new GraphTimeout(t.taskId(), ran, limitNanos,
                        Arrays.asList(stack).subList(0, Math.min(FRAMES, stack.length)), TaskFrames.taskFrame(stack));
            }
        }
        return null;
    }

    /** The worker threads stuck in a task (interrupted after a report, in case the task can notice). */
    void interruptStuck() {
        for (int i = 0; i < workers.length; i++) {
            Worker w = workers[i];
            Thread thread = w.thread;
            if (thread != null && w.stats.activations != w.stats.executions) {
                thread.interrupt();
            }
        }
    }
}
