package bamboo.runtime;

/**
 * A graph run that did not end with every task finished: a task threw (its id and the cause), or the
 * graph deadlocked ({@link GraphDeadlock}). The message is one sentence fit for users.
 */
public class GraphFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int taskId;

    public GraphFailure(int taskId, String message, Throwable cause) {
        super(message, cause);
        this.taskId = taskId;
    }

    /** The task that failed, or -1 when the failure is not one task's (deadlock, bad configuration). */
    public int taskId() {
        return taskId;
    }

    static GraphFailure of(int taskId, Throwable cause) {
        String what = cause.getClass().getName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
        return new GraphFailure(taskId, "task " + taskId + " failed: " + what, cause);
    }
}
