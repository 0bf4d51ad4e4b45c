package bamboo.shim.coll;

import mpi.Datatype;
import mpi.MPIException;
import mpi.Status;

/**
 * Checks that a message of a collective had the length the algorithm expects. A longer one is already
 * an error of the point-to-point layer; a shorter one means the ranks passed inconsistent counts, which
 * would otherwise leave part of a buffer silently stale.
 */
final class Received {
    private Received() {
    }

    static void check(String call, Status status, int items, Datatype type, int source) throws MPIException {
        if (status == null) {
            return;
        }
        final int expected = items * type.elementsPerItem();
        if (status.elements() != expected) {
            throw new MPIException(call + ": rank " + source + " sent " + status.elements() / type.elementsPerItem()
                    + " items of " + type + " where " + items + " were expected (counts differ between ranks)");
        }
    }
}
