package bamboo.shim.engine;

/**
 * A rank's seat at its node's {@link CoreGate}: the rank's own thread holds one of the node's cores while
 * it runs the program and gives it back whenever it waits in MPI. Without a gate (the node has a core per
 * rank) every method does nothing.
 */
final class CoreSeat {
    /** The gate of this rank's node's cores ({@link World#gateCores}), or null: set before the rank runs. */
    CoreGate gate;
    /** The thread that holds this rank's core while it runs ({@link #enter}): the rank's own thread. */
    volatile Thread coreThread;
    /** Whether {@link #coreThread} holds a permit of {@link #gate} now; only that thread writes it (the
     *  deadlock watch reads it). */
    volatile boolean holdsCore;
    /** Whether {@link #coreThread} is waiting for a permit now (for the deadlock watch). */
    volatile boolean awaitingCore;

    /** The calling thread (the rank's own) takes one of its node's cores before it runs the program. */
    void enter() {
        final CoreGate g = gate;
        if (g != null) {
            coreThread = Thread.currentThread();
            awaitingCore = true;
            g.acquire();
            awaitingCore = false;
            holdsCore = true;
        }
    }

    /** The rank's thread is done (returned or failed): gives its core back for good. */
    void leave() {
        if (gate != null && holdsCore && Thread.currentThread() == coreThread) {
            holdsCore = false;
            coreThread = null;
            gate.release();
        }
    }

    /**
     * A non-blocking call found nothing (Test, Iprobe): when another rank of the node waits for a core,
     * goes to the back of the line, as a polling process on a shared core is preempted by the scheduler
     * (without this a rank polling for a message from a rank of its own node would never let it run).
     */
    void pollMissed() {
        if (holding()) {
            gate.yieldToWaiter();
        }
    }

    /** True when the calling thread is this rank's and holds its core. */
    boolean holding() {
        return gate != null && holdsCore && Thread.currentThread() == coreThread;
    }

    /** Gives the core back before a park (the caller holds it). */
    void drop() {
        holdsCore = false;
        gate.release();
    }

    /** Takes the core again before going back to the program (or to spin). */
    void take() {
        awaitingCore = true;
        gate.acquire();
        awaitingCore = false;
        holdsCore = true;
    }

    /** Whether a rank of this node waits for a core now, so a waiter holding one should give it up. */
    boolean wanted() {
        return gate.contended();
    }
}
