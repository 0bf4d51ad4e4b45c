package bamboo.shim.engine;

import mpi.Status;

/** An operation complete from the start: an eager or buffered send (the data was copied), or an
 *  operation on {@code PROC_NULL}. */
final class Completed implements Pending {
    private final Endpoint owner;
    private final int dest;
    private final int tag;
    private final int elements;

    Completed(Endpoint owner, int dest, int tag, int elements) {
        this.owner = owner;
        this.dest = dest;
        this.tag = tag;
        this.elements = elements;
    }

    @Override
    public boolean poll() {
        return true;
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
        return "a completed send";
    }
}
