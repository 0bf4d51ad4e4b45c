package bamboo.shim.aeron;

/** A job could not start: a peer never appeared, the bootstrap failed. The message is one line for users. */
public final class StartupException extends Exception {
    private static final long serialVersionUID = 1L;

    public StartupException(String message) {
        super(message);
    }
}
