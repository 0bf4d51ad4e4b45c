package bamboo.shim.engine;

import mpi.Status;

/** A synchronous send to a rank in another process: complete when the transport reports that the
 *  receiver has matched it (MPI_Ssend semantics across processes). */
final class RemoteSyncSend implements Pending, Runnable {
    private final Endpoint owner;
    private final int dest;
    private final int tag;
    private final int elements;
    private final String call;
    private volatile boolean done;

    RemoteSyncSend(Endpoint owner, int dest, int tag, int elements, String call) {
        this.owner = owner;
        this.dest = dest;
        this.tag = tag;
        this.elements = elements;
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
    public long deadline() {
        return Long.MAX_VALUE;
    }

    @Override
    public Status complete() {
        return new Status(dest, tag, elements);
    }

    @Override
    public boolean cancel() {
        return false;
    }

    @Override
    public Endpoint owner() {
        return owner;
    }

    @Override
    public String describe() {
        return call + "(dest=" + dest + ", tag=" + tag + ") until rank " + dest + " receives it";
    }
}
