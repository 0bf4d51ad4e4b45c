package bamboo.shim.engine;

/** Thrown in a rank that called {@code Comm.Abort}: ends that rank; the job runner reports the call. */
public final class AbortCalledError extends Error {
    private static final long serialVersionUID = 1L;
    private final int rank;
    private final int errorCode;

    public AbortCalledError(int rank, int errorCode) {
        super("rank " + rank + " called Abort(" + errorCode + ")", null, false, false);
        this.rank = rank;
        this.errorCode = errorCode;
    }

    public int rank() {
        return rank;
    }

    public int errorCode() {
        return errorCode;
    }
}
