package bamboo.shim.device.threads;

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

    /** The process that started this operation. */
    Endpoint owner();
}
