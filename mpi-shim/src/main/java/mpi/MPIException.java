package mpi;

/**
 * The exception every MPI call may throw. Unchecked, as in MPJ Express, so programs written for it call
 * {@code MPI.Init}, {@code Send}, ... without a {@code throws} clause; programs that declare or catch it
 * compile as well.
 */
public class MPIException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public MPIException() {
        super();
    }

    public MPIException(String message) {
        super(message);
    }

    public MPIException(String message, Throwable cause) {
        super(message, cause);
    }

    public MPIException(Throwable cause) {
        super(cause);
    }
}
