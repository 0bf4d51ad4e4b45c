package bamboo.shim.engine;

/** The four MPI send modes. */
public enum SendMode {
    /** Eager below the eager limit, rendezvous above it. */
    STANDARD,
    /** Always copied at once: completes locally. */
    BUFFERED,
    /** Completes only when a receive has matched. */
    SYNCHRONOUS,
    /** Like standard: a matching receive must already be posted, which the device does not check. */
    READY,
    /** The library's own copy (Sendrecv_replace's outgoing data): copied at once, counted in no budget;
     *  one message per call, whose caller waits for it, so it cannot flood. */
    COPY
}
