package bamboo.shim.engine;

import mpi.Status;

/** A send whose status is known when it starts (destination, tag, elements), whenever it completes. */
abstract class KnownStatus extends Operation {
    final int dest;
    final int tag;
    private final int elements;

    KnownStatus(Endpoint owner, int dest, int tag, int elements) {
        super(owner);
        this.dest = dest;
        this.tag = tag;
        this.elements = elements;
    }

    @Override
    public Status complete() {
        return new Status(dest, tag, elements);
    }
}
