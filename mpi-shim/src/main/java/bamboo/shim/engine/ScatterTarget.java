package bamboo.shim.engine;

/**
 * A receive buffer with a layout (a derived datatype): the message's elements go straight to their places
 * in the user's array as the receive copies them out of the message, with no intermediate array. Passed
 * to {@link Endpoint#irecv} as the buffer, with offset 0 and the capacity in elements.
 */
public interface ScatterTarget {
    /** Copies {@code elements} elements of the array {@code from}, from index {@code at}, to their places. */
    void scatter(Object from, int at, int elements);
}
