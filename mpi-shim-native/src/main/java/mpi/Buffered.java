package mpi;

import java.util.ArrayList;
import java.util.List;

/**
 * Buffered sends in flight: each is a standard non-blocking send of a private copy, so the caller's
 * request completes at once; their bytes count against the attached buffer's size (MPI_ERR_BUFFER when it
 * would overflow), or against an implicit 32 MiB when none is attached.
 */
final class Buffered {
    static final long IMPLICIT = 32L << 20;
    private static final List<Request> IN_FLIGHT = new ArrayList<>();
    private static final List<Long> SIZES = new ArrayList<>();
    private static long capacity = IMPLICIT;
    private static long used;
    private static java.nio.ByteBuffer attached;

    private Buffered() {
    }

    static synchronized void reserve(String call, long bytes) throws MPIException {
        reap();
        if (used + bytes > capacity) {
            throw new MPIException(call + ": " + bytes + " bytes do not fit beside the " + used + " bytes of buffered"
                    + " sends in flight in the " + capacity + "-byte buffer (MPI_ERR_BUFFER)");
        }
    }

    static synchronized void add(Request r, long bytes) {
        IN_FLIGHT.add(r);
        SIZES.add(bytes);
        used += bytes;
    }

    /** Forgets the sends that have completed. */
    private static void reap() throws MPIException {
        for (int i = IN_FLIGHT.size() - 1; i >= 0; i--) {
            if (IN_FLIGHT.get(i).Test() != null) {
                used -= SIZES.get(i);
                IN_FLIGHT.remove(i);
                SIZES.remove(i);
            }
        }
    }

    /** Waits for every buffered send (detach and finalize). */
    static synchronized void drain() throws MPIException {
        for (Request r : IN_FLIGHT) {
            r.Wait();
        }
        IN_FLIGHT.clear();
        SIZES.clear();
        used = 0;
    }

    static synchronized void attach(java.nio.ByteBuffer buffer) throws MPIException {
        drain();
        attached = buffer;
        capacity = buffer.capacity();
    }

    static synchronized java.nio.ByteBuffer detach() throws MPIException {
        drain();
        final java.nio.ByteBuffer b = attached;
        attached = null;
        capacity = IMPLICIT;
        return b;
    }
}
