package bamboo.shim.device.threads;

import mpi.Datatype;

/**
 * A message received by reference ({@link Endpoint#take}): what it is and its data array, which the
 * taker now owns. Mutable and reused by its caller, so taking a message allocates nothing.
 */
public final class Taken {
    /** Source rank in the scope taken from. */
    public int source;
    public int tag;
    /** Array elements (objects for {@code OBJECT}). */
    public int elements;
    public Datatype.Base base;
    /** A primitive array of exactly {@link #elements} elements, or the serialised bytes of {@code OBJECT}
     *  elements; nobody else holds it. */
    public Object data;
}
