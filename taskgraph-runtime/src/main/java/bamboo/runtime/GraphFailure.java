package bamboo.runtime;

/**
 * A graph run that did not end with every task finished: a task threw (its id and the cause), or the
 * graph deadlocked ({@link GraphDeadlock}). The message is one sentence fit for users.
 */
public class GraphFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int taskId;
    /** Set on the processes of a world graph that learnt of the failure from another one (which reports it). */
    private transient boolean elsewhere;

    public GraphFailure(int taskId, String message, Throwable cause) {
        super(message, cause);
        this.taskId = taskId;
    }

    /** The task that failed, or -1 when the failure is not one task's (deadlock, bad configuration). */
    public int taskId() {
        return taskId;
    }

    /** True when another process of the graph failed and reported it (see {@code Graph.Builder.joinWorld}). */
    final boolean reportedElsewhere() {
        return elsewhere;
    }

    final GraphFailure markReportedElsewhere() {
        elsewhere = true;
        return this;
    }

    static GraphFailure of(int taskId, Throwable cause) {
        String what = cause.getClass().getName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
        return new GraphFailure(taskId, "task " + taskId + " failed: " + what, cause);
    }
}
