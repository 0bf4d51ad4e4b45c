package bamboo.shim.engine;

/**
 * Thrown inside the ranks of a job that has been aborted (another rank failed, or a deadlock was found):
 * wakes every rank blocked in MPI and unwinds it. Unchecked on purpose: user code catches
 * {@code MPIException}, and must not swallow an abort.
 */
public final class JobAbortedError extends Error {
    private static final long serialVersionUID = 1L;

    public JobAbortedError(String message) {
        super(message, null, false, false);
    }
}
