package mpi;

/** The checked exception every MPI call may throw, as in mpiJava 1.2 and MPJ Express. */
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
