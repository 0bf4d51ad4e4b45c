package bamboo.shim.engine;

/**
 * Which rank the current thread belongs to. {@code mpi.MPI} is shared by every rank of a job, so
 * {@code MPI.COMM_WORLD} resolves through this binding; threads a rank creates inherit it.
 */
public final class Binding {
    private static final InheritableThreadLocal<Endpoint> CURRENT = new InheritableThreadLocal<>();
    private static final ThreadLocal<WorldView> VIEW = new ThreadLocal<>();

    /**
     * Rank and size of the world as a task of a translated program sees it. A translated program's code that
     * the translator leaves as written (a constructor that asks for its rank) runs inside a task, not a rank:
     * while a view is bound, {@code MPI.COMM_WORLD.Rank()} and {@code Size()} answer from it.
     */
    public interface WorldView {
        int rank();

        int size();
    }

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

    /** The world view bound to the calling thread, or null. */
    public static WorldView view() {
        return VIEW.get();
    }

    /** Binds a task's view of the world to the calling thread (null unbinds it). */
    public static void bindView(WorldView view) {
        VIEW.set(view);
    }
}
