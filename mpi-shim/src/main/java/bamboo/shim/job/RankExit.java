package bamboo.shim.job;

/**
 * Thrown out of a rank's {@code main} to end that rank's process with {@link #exitCode()} after the
 * program has said why itself, when every rank of the job ends the same way on its own (so nobody is
 * aborted): the task-graph runtime's entry point ends every process of a failed graph with it. Under
 * {@code bamboo.shim.launch.RankMain} the rank still says goodbye to its peers (no data is lost) and
 * prints nothing more; elsewhere it is an ordinary exception.
 */
public final class RankExit extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int exitCode;

    public RankExit(int exitCode, String message) {
        super(message, null, false, false);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
