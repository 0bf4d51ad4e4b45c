package bamboo.shim.engine;

import mpi.MPIException;
import mpi.Status;

/** A non-blocking operation of the threads device, behind an {@link mpi.Request}. */
public interface Pending extends WaitCondition {

    /** Makes what progress it can without blocking; true once the operation is complete. */
    boolean poll();

    @Override
    default boolean ready() {
        return poll();
    }

    /** The status of the completed operation; throws the operation's error (e.g. truncation). */
    Status complete() throws MPIException;

    /** Tries to cancel; true when the operation is now cancelled (it will not complete otherwise). */
    boolean cancel();

    /** True when a Waitall should wait for the others first: it can complete at once on the caller's
     *  thread, but costs less if it is left a moment (a deferred eager send, see {@link SendOp}). */
    default boolean waitLast() {
        return false;
    }

    /** The request is being freed ({@code Request.Free}): anything that still needs the caller's buffer
     *  must stop needing it now, since the caller may reuse it. */
    default void free() {
    }

    /** The process that started this operation. */
    Endpoint owner();
}
