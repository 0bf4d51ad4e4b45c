package bamboo.shim.engine;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import mpi.MPIException;

/**
 * One rank's life cycle in MPI (Init, Finalize, Abort, the end of its body) and the entry check of every
 * call, which also counts the call and notes the calling thread for the deadlock watch.
 */
final class Lifecycle {
    private final World world;
    private final int rank;
    private volatile boolean initialized;
    private volatile Thread initThread;
    private volatile boolean implicitInit;
    private volatile boolean finalized;
    private volatile boolean finished;
    /** Calls so far, which the deadlock watch compares between samples; racy increments are fine (any
     *  change counts). */
    volatile long calls;
    /** Threads of this rank that have called MPI: the deadlock watch asks each whether it is still busy. */
    final Set<Thread> callers = ConcurrentHashMap.newKeySet();
    /** The last thread noted in {@link #callers}; racy on purpose, it only saves a set lookup per call. */
    private Thread lastCaller;

    Lifecycle(World world, int rank) {
        this.world = world;
        this.rank = rank;
    }

    void init() throws MPIException {
        if (finalized) {
            throw new MPIException("MPI.Init: MPI has been finalised; it cannot be initialised again");
        }
        if (initialized && !implicitInit) {
            throw new MPIException("MPI.Init: MPI is already initialised");
        }
        implicitInit = false;
        initialized = true;
        initThread = Thread.currentThread();
    }

    void initImplicitly() {
        initialized = true;
        implicitInit = true;
        initThread = Thread.currentThread();
    }

    boolean isInitThread() {
        return initThread == Thread.currentThread();
    }

    AbortCalledError abortJob(int errorCode) {
        if (world.isStandalone()) {
            System.err.println("rank " + rank + " called Abort(" + errorCode + ")");
            Runtime.getRuntime().exit(errorCode);
        }
        world.abort("job aborted: rank " + rank + " called Abort(" + errorCode + ")");
        return new AbortCalledError(rank, errorCode);
    }

    void finalizeMpi() throws MPIException {
        check("MPI.Finalize");
        finalized = true;
    }

    boolean initialized() {
        return initialized;
    }

    boolean finalized() {
        return finalized;
    }

    void markFinished() {
        finished = true;
    }

    boolean finished() {
        return finished;
    }

    /** Entry check of every MPI call: the job is not aborted, Init was called, Finalize was not. */
    void check(String call) throws MPIException {
        touch();
        if (!initialized) {
            throw new MPIException(call + ": MPI is not initialised (call MPI.Init first)");
        }
        if (finalized) {
            throw new MPIException(call + ": MPI has been finalised");
        }
    }

    /** Counts a call for the deadlock watch without the init checks (e.g. on a request). */
    void touch() {
        world.checkAbort();
        calls++;
        final Thread me = Thread.currentThread();
        if (me != lastCaller) {
            lastCaller = me;
            callers.add(me);
        }
    }
}
