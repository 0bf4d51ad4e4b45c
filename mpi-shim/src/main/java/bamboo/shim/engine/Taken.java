package bamboo.shim.engine;

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
    /** A primitive array of at least {@link #elements} elements (exactly that many unless {@link #pooled}),
     *  or the serialised bytes of {@code OBJECT} elements; nobody else holds it. */
    public Object data;
    /** {@link #data} came from {@link PayloadPool#shared()}: return it there once done with it (optional;
     *  an array not returned is left to the collector). Never set for an array of a user's. */
    public boolean pooled;
    /** The most longs a message's header may have ({@link Endpoint#sendCopy(Scope, long[], int, Object, int,
     *  int, mpi.Datatype, int, int, String)}). */
    public static final int HEADER_MAX = 8;
    /** The header the message carried, its first {@link #headerLength} longs (0: it had none). */
    public final long[] header = new long[HEADER_MAX];
    public int headerLength;
}
