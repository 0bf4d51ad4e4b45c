package mpi;

/** An MPI call failed: a wrong argument, or an error code from the MPI library (with its text). */
public class MPIException extends Exception {
    private static final long serialVersionUID = 1L;

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
