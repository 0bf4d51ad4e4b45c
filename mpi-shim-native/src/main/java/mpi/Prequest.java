package mpi;

/**
 * A persistent request ({@code Send_init}, {@code Recv_init}, ...): each {@link #Start()} begins the same
 * operation again; completing it makes the request inactive, not null.
 */
public class Prequest extends Request {

    /** Starts one instance of the persistent operation on the given request. */
    @FunctionalInterface
    public interface Starter {
        void start(Request into) throws MPIException;
    }

    private final Starter starter;
    private boolean freed;

    protected Prequest(Starter starter) {
        this.starter = starter;
    }

    /** Starts the operation; the request must be inactive. */
    public void Start() throws MPIException {
        if (freed) {
            throw new MPIException("Prequest.Start: the request has been freed");
        }
        if (active()) {
            throw new MPIException("Prequest.Start: the request is still active (Wait for it before starting it again)");
        }
        starter.start(this);
    }

    /** Starts every request of the array. */
    public static void Startall(Prequest[] array) throws MPIException {
        if (array == null) {
            throw new MPIException("Prequest.Startall: the request array is null");
        }
        for (Prequest p : array) {
            if (p != null) {
                p.Start();
            }
        }
    }

    /** A persistent request is null only once freed. */
    @Override
    public boolean Is_null() {
        return freed;
    }

    @Override
    public void Free() throws MPIException {
        freed = true;
        super.Free();
    }
}
