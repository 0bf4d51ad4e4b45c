package mpi;

import bamboo.shim.nativempi.Abi;
import bamboo.shim.nativempi.Lib;
import bamboo.shim.nativempi.Scratch;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The device's process-wide state and the translation between the mpiJava API's values and the
 * library's: special ranks and tags, status fields, error codes.
 */
final class Native {
    static volatile boolean initialized;
    static volatile boolean finalized;
    static int worldRank;
    static int worldSize;
    static int provided;
    /** The library's largest tag; the API's topmost tags (which the runtime uses for control) map below it. */
    static int tagUb = Integer.MAX_VALUE;
    private static final int HIGH_TAGS = 64;

    private Native() {
    }

    /** Throws the library's error text when {@code rc} is not MPI_SUCCESS. */
    static void ok(int rc, String call) throws MPIException {
        if (rc != 0) {
            throw new MPIException(call + ": " + Lib.errorString(rc) + " (" + Lib.ABI.name + " error " + rc + ")");
        }
    }

    /** Fails unless MPI is initialised and not finalised. */
    static void enter(String call) throws MPIException {
        if (!initialized) {
            throw new MPIException(call + ": MPI is not initialised (call MPI.Init first)");
        }
        if (finalized) {
            throw new MPIException(call + ": MPI has been finalised");
        }
    }

    /** A rank argument (or ANY_SOURCE, PROC_NULL) in the library's values. */
    static int rank(int r) {
        if (r >= 0) {
            return r;
        }
        final Abi abi = Lib.ABI;
        return r == MPI.ANY_SOURCE ? abi.anySource : r == MPI.PROC_NULL ? abi.procNull : r;
    }

    /** A tag argument (or ANY_TAG) in the library's values. */
    static int tag(int t) {
        if (t == MPI.ANY_TAG) {
            return Lib.ABI.anyTag;
        }
        if (t > tagUb - HIGH_TAGS && tagUb != Integer.MAX_VALUE && t > Integer.MAX_VALUE - HIGH_TAGS) {
            return tagUb - (Integer.MAX_VALUE - t);
        }
        return t;
    }

    /** A tag the library reports, in the API's values. */
    static int tagBack(int t) {
        if (t == Lib.ABI.anyTag) {
            return MPI.ANY_TAG;
        }
        if (tagUb != Integer.MAX_VALUE && t > tagUb - HIGH_TAGS) {
            return Integer.MAX_VALUE - (tagUb - t);
        }
        return t;
    }

    /** A rank the library reports, in the API's values. */
    static int rankBack(int r) {
        final Abi abi = Lib.ABI;
        return r == abi.procNull ? MPI.PROC_NULL : r == abi.anySource ? MPI.ANY_SOURCE : r;
    }

    /** Checks a send's destination and tag. */
    static void checkSend(String call, int dest, int tag, int size) throws MPIException {
        if (dest != MPI.PROC_NULL && (dest < 0 || dest >= size)) {
            throw new MPIException(call + ": dest " + dest + " is not a rank of the communicator (size " + size + ")");
        }
        checkTagRange(call, tag);
    }

    /** Checks a receive's source and tag. */
    static void checkRecv(String call, int source, int tag, int size) throws MPIException {
        if (source != MPI.PROC_NULL && source != MPI.ANY_SOURCE && (source < 0 || source >= size)) {
            throw new MPIException(call + ": source " + source + " is not a rank of the communicator (size " + size
                    + ")");
        }
        if (tag != MPI.ANY_TAG) {
            checkTagRange(call, tag);
        }
    }

    private static void checkTagRange(String call, int tag) throws MPIException {
        if (tag < 0) {
            throw new MPIException(call + ": tag " + tag + " is negative");
        }
        if (tag > tagUb - HIGH_TAGS && tag <= Integer.MAX_VALUE - HIGH_TAGS && tagUb != Integer.MAX_VALUE) {
            throw new MPIException(call + ": tag " + tag + " is above what " + Lib.ABI.name + " supports ("
                    + (tagUb - HIGH_TAGS) + ")");
        }
    }

    /** The status the library wrote into {@code s}, for a message of {@code bytes} bytes of {@code base}. */
    static Status status(MemorySegment s, int elements) {
        final Abi abi = Lib.ABI;
        return new Status(rankBack(s.get(ValueLayout.JAVA_INT, abi.statusSource)),
                tagBack(s.get(ValueLayout.JAVA_INT, abi.statusTag)), elements);
    }

    /** Bytes of the message described by status {@code s}: read from the status where the table says
     *  where the library keeps them (one downcall less per receive), else MPI_Get_count. */
    static int bytes(Scratch sc, MemorySegment s, String call) throws MPIException {
        final Abi abi = Lib.ABI;
        if (abi.statusCount >= 0) {
            final long bytes = abi.statusCountSplit
                    ? ((long) (s.get(ValueLayout.JAVA_INT, abi.statusCount + 4) >>> 1) << 32)
                            | (s.get(ValueLayout.JAVA_INT, abi.statusCount) & 0xffffffffL)
                    : s.get(ValueLayout.JAVA_LONG, abi.statusCount);
            return (int) Math.min(bytes, Integer.MAX_VALUE);
        }
        try {
            ok((int) Lib.GET_COUNT.invokeExact(s, Lib.ABI.datatype(Abi.Types.BYTE), sc.count), call);
        } catch (Throwable t) {
            throw fail(call, t);
        }
        return sc.count.get(ValueLayout.JAVA_INT, 0);
    }

    /** An unexpected failure of a downcall as an MPIException. */
    static MPIException fail(String call, Throwable t) {
        return t instanceof MPIException m ? m : new MPIException(call + ": " + t, t);
    }
}
