package bamboo.shim.engine;

/** A synchronous send to a rank in another process: complete when the transport reports that the
 *  receiver has matched it (MPI_Ssend semantics across processes). */
final class RemoteSyncSend extends KnownStatus implements Runnable {
    private final String call;
    private volatile boolean done;

    RemoteSyncSend(Endpoint owner, int dest, int tag, int elements, String call) {
        super(owner, dest, tag, elements);
        this.call = call;
    }

    /** The receiver has matched the message. */
    @Override
    public void run() {
        done = true;
        owner.completed();
    }

    @Override
    public boolean poll() {
        return done;
    }

    @Override
    public String describe() {
        return call + "(dest=" + dest + ", tag=" + tag + ") until rank " + dest + " receives it";
    }
}
