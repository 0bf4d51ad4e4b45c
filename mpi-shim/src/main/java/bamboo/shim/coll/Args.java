package bamboo.shim.coll;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;

/**
 * Argument checks of the collective calls. Every failure is an {@link MPIException} whose message starts
 * with the call and names the bad argument, raised before any message is sent.
 */
public final class Args {
    private Args() {
    }

    /** {@code count} items of {@code type} from {@code offset} must fit in {@code buf}, whose array kind
     *  must be the datatype's. */
    public static void buffer(String call, String name, Object buf, int offset, long count, Datatype type)
            throws MPIException {
        datatype(call, name, type);
        if (buf == null) {
            throw new MPIException(call + ": " + name + " is null");
        }
        final Class<?> want = type.base().arrayClass();
        final boolean kindOk = type.base() == Datatype.Base.OBJECT ? buf instanceof Object[] : want == buf.getClass();
        if (!kindOk) {
            throw new MPIException(call + ": " + name + " is a " + buf.getClass().getSimpleName() + " but datatype "
                    + type + " needs a " + want.getSimpleName());
        }
        if (offset < 0) {
            throw new MPIException(call + ": offset " + offset + " of " + name + " is negative");
        }
        if (count < 0) {
            throw new MPIException(call + ": count " + count + " for " + name + " is negative");
        }
        final long per = type.elementsPerItem();
        final int length = java.lang.reflect.Array.getLength(buf);
        if ((offset + count) * per > length) {
            throw new MPIException(call + ": " + name + " too small: " + count + " items of " + type + " from offset "
                    + offset + " need " + (offset + count) * per + " elements, the array has " + length);
        }
    }

    public static void datatype(String call, String name, Datatype type) throws MPIException {
        if (type == null) {
            throw new MPIException(call + ": datatype of " + name + " is null");
        }
    }

    public static void root(String call, int root, int size) throws MPIException {
        if (root < 0 || root >= size) {
            throw new MPIException(call + ": root " + root + " is out of range [0, " + size + ")");
        }
    }

    /** The send and receive sides of one block must carry the same elements of the same kind. */
    public static void sameSignature(String call, long sendCount, Datatype sendType, long recvCount, Datatype recvType)
            throws MPIException {
        if (sendType.base() != recvType.base()) {
            throw new MPIException(call + ": send datatype " + sendType + " and receive datatype " + recvType
                    + " differ in kind");
        }
        if (sendCount * sendType.elementsPerItem() != recvCount * recvType.elementsPerItem()) {
            throw new MPIException(call + ": sending " + sendCount + " items of " + sendType + " but receiving "
                    + recvCount + " items of " + recvType + " per block");
        }
    }

    /** Per-rank counts and displacements: {@code size} non-negative entries, every block inside the buffer. */
    public static void vector(String call, String bufName, Object buf, int offset, String countsName, int[] counts,
                              String displsName, int[] displs, Datatype type, int size) throws MPIException {
        counts(call, countsName, counts, size);
        if (displs == null) {
            throw new MPIException(call + ": " + displsName + " is null");
        }
        if (displs.length < size) {
            throw new MPIException(call + ": " + displsName + " has " + displs.length + " entries for " + size
                    + " processes");
        }
        long extent = 0;
        for (int i = 0; i < size; i++) {
            if (displs[i] < 0) {
                throw new MPIException(call + ": " + displsName + "[" + i + "] = " + displs[i] + " is negative");
            }
            extent = Math.max(extent, (long) displs[i] + counts[i]);
        }
        buffer(call, bufName, buf, offset, extent, type);
    }

    public static void counts(String call, String name, int[] counts, int size) throws MPIException {
        if (counts == null) {
            throw new MPIException(call + ": " + name + " is null");
        }
        if (counts.length < size) {
            throw new MPIException(call + ": " + name + " has " + counts.length + " entries for " + size + " processes");
        }
        for (int i = 0; i < size; i++) {
            if (counts[i] < 0) {
                throw new MPIException(call + ": " + name + "[" + i + "] = " + counts[i] + " is negative");
            }
        }
    }

    /** The predefined datatype of single elements of {@code type}'s kind: data-moving collectives work on
     *  elements, so pair types (and mixed but compatible send/receive types) need no special case. */
    public static Datatype elementType(Datatype type) {
        switch (type.base()) {
            case BYTE: return MPI.BYTE;
            case CHAR: return MPI.CHAR;
            case SHORT: return MPI.SHORT;
            case BOOLEAN: return MPI.BOOLEAN;
            case INT: return MPI.INT;
            case LONG: return MPI.LONG;
            case FLOAT: return MPI.FLOAT;
            case DOUBLE: return MPI.DOUBLE;
            default: return MPI.OBJECT;
        }
    }

    /** {@code values} (counts or displacements in items of {@code type}) in elements. */
    public static int[] inElements(int[] values, Datatype type) {
        final int per = type.elementsPerItem();
        if (per == 1) {
            return values;
        }
        final int[] out = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i] * per;
        }
        return out;
    }
}
