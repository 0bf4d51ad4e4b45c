package mpi;

/**
 * An error handler: {@link MPI#ERRORS_ARE_FATAL} (the default) or {@link MPI#ERRORS_RETURN}. Java reports
 * an MPI error as an {@link MPIException} under both: uncaught it ends the job (fatal), and a program
 * that asked for errors to be returned catches it. The handler set is recorded per communicator and read
 * back by {@link Comm#Errhandler_get()}.
 */
public class Errhandler {
    private final String name;

    Errhandler(String name) {
        this.name = name;
    }

    @Override
    public String toString() {
        return name;
    }
}
