package bamboo.cli.launch;

/**
 * A problem with what the user asked for (a bad option, a file that does not compile, an unknown class).
 * The command line prints its message as one line on stderr and exits with {@link #exitCode()}; never a
 * stack trace.
 */
public final class UserError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int exitCode;

    public UserError(String message) {
        this(message, 2);
    }

    public UserError(String message, int exitCode) {
        super(message, null, false, false);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
