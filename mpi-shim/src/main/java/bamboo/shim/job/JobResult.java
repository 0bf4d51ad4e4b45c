package bamboo.shim.job;

/**
 * How a job ended.
 *
 * @param exitCode       {@link #OK}, {@link #FAILED}, {@link #DEADLOCK}, {@link #SETUP}, or the code a rank
 *                       passed to {@code Comm.Abort} (its low byte; 0 gives FAILED)
 * @param message        one line for the user (null on success), e.g. {@code rank 2 failed:
 *                       java.lang.ArithmeticException: / by zero}
 * @param deadlockReport who waits for what, one rank per line (null unless deadlocked)
 * @param failedRank     the rank whose exception ended the job, or -1
 * @param cause          that exception (for {@code --verbose}), or null
 */
public record JobResult(int exitCode, String message, String deadlockReport, int failedRank, Throwable cause) {
    public static final int OK = 0;
    /** A rank threw. */
    public static final int FAILED = 1;
    /** The job could not start: unknown main class, no main method, virtual threads on JDK &lt; 21. */
    public static final int SETUP = 2;
    /** Every live rank was blocked in MPI with nothing in flight. */
    public static final int DEADLOCK = 3;

    static JobResult ok() {
        return new JobResult(OK, null, null, -1, null);
    }

    static JobResult setup(String message) {
        return new JobResult(SETUP, message, null, -1, null);
    }

    public boolean succeeded() {
        return exitCode == OK;
    }
}
