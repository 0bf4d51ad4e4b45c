package bamboo.shim.engine;

/**
 * Which rank the current thread belongs to. {@code mpi.MPI} is shared by every rank of a job, so
 * {@code MPI.COMM_WORLD} resolves through this binding; threads a rank creates inherit it.
 */
public final class Binding {
    private static final InheritableThreadLocal<Endpoint> CURRENT = new InheritableThreadLocal<>();

    private Binding() {
    }

    /** The calling thread's rank, or null outside any job. */
    public static Endpoint current() {
        return CURRENT.get();
    }

    public static void bind(Endpoint endpoint) {
        CURRENT.set(endpoint);
    }

    public static void unbind() {
        CURRENT.remove();
    }
}
