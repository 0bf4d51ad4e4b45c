package bamboo.shim.engine;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;

/** Argument checks shared by the MPI calls: each failure names the call and the argument. */
public final class Checks {
    private Checks() {
    }

    /**
     * Checks a buffer argument and returns its size in array elements.
     *
     * @param what the argument's name, e.g. {@code "buf"} or {@code "recvbuf"}
     */
    public static int buffer(String call, String what, Object buf, int offset, int count, Datatype type)
            throws MPIException {
        if (type == null) {
            throw new MPIException(call + ": the datatype of " + what + " is null");
        }
        if (buf == null) {
            throw new MPIException(call + ": " + what + " is null");
        }
        final Class<?> needed = type.base().arrayClass();
        if (!needed.isInstance(buf)) {
            throw new MPIException(call + ": " + what + " is " + arrayName(buf.getClass()) + " but datatype " + type
                    + " needs " + arrayName(needed));
        }
        if (count < 0) {
            throw new MPIException(call + ": count " + count + " is negative");
        }
        if (offset < 0) {
            throw new MPIException(call + ": offset " + offset + " is negative");
        }
        final int per = type.elementsPerItem();
        final long end = ((long) offset + count) * per;
        final int length = java.lang.reflect.Array.getLength(buf);
        if (end > length) {
            throw new MPIException(call + ": offset " + offset + " + count " + count + (per == 1 ? "" : " pairs")
                    + " runs past the end of " + what + " (length " + length + (per == 1 ? "" : " elements") + ")");
        }
        return count * per;
    }

    /** A destination or source rank: 0..size-1, {@code PROC_NULL}, or (receives only) {@code ANY_SOURCE}. */
    public static void rank(String call, String what, int rank, int size, boolean anyAllowed) throws MPIException {
        if (rank == MPI.PROC_NULL || anyAllowed && rank == MPI.ANY_SOURCE) {
            return;
        }
        if (rank < 0 || rank >= size) {
            throw new MPIException(call + ": " + what + " " + rank + " is out of range (the communicator has " + size
                    + (size == 1 ? " rank" : " ranks") + ": 0.." + (size - 1) + (anyAllowed ? ", ANY_SOURCE" : "")
                    + " or PROC_NULL)");
        }
    }

    /** A send tag: 0..TAG_UB. */
    public static void sendTag(String call, int tag) throws MPIException {
        if (tag < 0 || tag > MPI.TAG_UB) {
            throw new MPIException(call + ": tag " + tag + " is out of range (0.." + MPI.TAG_UB + ")");
        }
    }

    /** A receive or probe tag: 0..TAG_UB or {@code ANY_TAG}. */
    public static void recvTag(String call, int tag) throws MPIException {
        if (tag != MPI.ANY_TAG && (tag < 0 || tag > MPI.TAG_UB)) {
            throw new MPIException(call + ": tag " + tag + " is out of range (0.." + MPI.TAG_UB + " or ANY_TAG)");
        }
    }

    /** A collective layer tag: any int &gt;= 0 (or ANY_TAG on receives). */
    static void collectiveTag(String call, int tag, boolean anyAllowed) throws MPIException {
        if (tag < 0 && !(anyAllowed && tag == MPI.ANY_TAG)) {
            throw new MPIException(call + ": tag " + tag + " is negative");
        }
    }

    private static String arrayName(Class<?> type) {
        final String name = type.isArray() ? type.getComponentType().getName() + "[]" : type.getName();
        return ("aeiou".indexOf(name.charAt(0)) >= 0 ? "an " : "a ") + name;
    }
}
