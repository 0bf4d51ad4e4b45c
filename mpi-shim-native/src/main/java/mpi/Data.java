package mpi;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Moves array elements between Java arrays and native memory, and checks buffer arguments. */
final class Data {
    private Data() {
    }

    /** Copies {@code elements} elements of {@code array} from {@code at} into {@code dst} at byte 0. */
    static void copyIn(Object array, int at, MemorySegment dst, int elements, Datatype.Base base) {
        switch (base) {
            case BYTE -> MemorySegment.copy(array, at, dst, ValueLayout.JAVA_BYTE, 0, elements);
            case CHAR -> MemorySegment.copy(array, at, dst, ValueLayout.JAVA_CHAR, 0, elements);
            case SHORT -> MemorySegment.copy(array, at, dst, ValueLayout.JAVA_SHORT, 0, elements);
            case INT -> MemorySegment.copy(array, at, dst, ValueLayout.JAVA_INT, 0, elements);
            case LONG -> MemorySegment.copy(array, at, dst, ValueLayout.JAVA_LONG, 0, elements);
            case FLOAT -> MemorySegment.copy(array, at, dst, ValueLayout.JAVA_FLOAT, 0, elements);
            case DOUBLE -> MemorySegment.copy(array, at, dst, ValueLayout.JAVA_DOUBLE, 0, elements);
            case BOOLEAN -> {
                final boolean[] b = (boolean[]) array;
                for (int i = 0; i < elements; i++) {
                    dst.set(ValueLayout.JAVA_BYTE, i, b[at + i] ? (byte) 1 : (byte) 0);
                }
            }
            case OBJECT -> throw new IllegalArgumentException("objects are serialised, not copied");
        }
    }

    /** Copies {@code elements} elements from {@code src} at byte 0 into {@code array} from {@code at}. */
    static void copyOut(MemorySegment src, Object array, int at, int elements, Datatype.Base base) {
        switch (base) {
            case BYTE -> MemorySegment.copy(src, ValueLayout.JAVA_BYTE, 0, array, at, elements);
            case CHAR -> MemorySegment.copy(src, ValueLayout.JAVA_CHAR, 0, array, at, elements);
            case SHORT -> MemorySegment.copy(src, ValueLayout.JAVA_SHORT, 0, array, at, elements);
            case INT -> MemorySegment.copy(src, ValueLayout.JAVA_INT, 0, array, at, elements);
            case LONG -> MemorySegment.copy(src, ValueLayout.JAVA_LONG, 0, array, at, elements);
            case FLOAT -> MemorySegment.copy(src, ValueLayout.JAVA_FLOAT, 0, array, at, elements);
            case DOUBLE -> MemorySegment.copy(src, ValueLayout.JAVA_DOUBLE, 0, array, at, elements);
            case BOOLEAN -> {
                final boolean[] b = (boolean[]) array;
                for (int i = 0; i < elements; i++) {
                    b[at + i] = src.get(ValueLayout.JAVA_BYTE, i) != 0;
                }
            }
            case OBJECT -> throw new IllegalArgumentException("objects are serialised, not copied");
        }
    }

    /** The elements {@code [at, at + elements)} of {@code array} as a heap segment, or null when the
     *  array kind has none (boolean, objects). */
    static MemorySegment heap(Object array, int at, int elements, Datatype.Base base) {
        final int b = base.bytes();
        final MemorySegment whole = switch (base) {
            case BYTE -> MemorySegment.ofArray((byte[]) array);
            case CHAR -> MemorySegment.ofArray((char[]) array);
            case SHORT -> MemorySegment.ofArray((short[]) array);
            case INT -> MemorySegment.ofArray((int[]) array);
            case LONG -> MemorySegment.ofArray((long[]) array);
            case FLOAT -> MemorySegment.ofArray((float[]) array);
            case DOUBLE -> MemorySegment.ofArray((double[]) array);
            default -> null;
        };
        return whole == null ? null : whole.asSlice((long) at * b, (long) elements * b);
    }

    /** The serialised form of {@code objects[at .. at + count)}. */
    static byte[] serialise(String call, Object[] objects, int at, int count) throws MPIException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeInt(count);
            for (int i = 0; i < count; i++) {
                out.writeObject(objects[at + i]);
            }
        } catch (IOException e) {
            throw new MPIException(call + ": cannot serialise the objects: " + e, e);
        }
        return bytes.toByteArray();
    }

    /** Reads objects serialised by {@link #serialise} into {@code objects} from {@code at}; returns how many. */
    static int deserialise(String call, byte[] data, Object[] objects, int at, int capacity) throws MPIException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(data))) {
            final int n = in.readInt();
            if (n > capacity) {
                throw new MPIException(call + ": message of " + n + " objects is longer than the receive buffer's "
                        + capacity + " (MPI_ERR_TRUNCATE)");
            }
            for (int i = 0; i < n; i++) {
                objects[at + i] = in.readObject();
            }
            return n;
        } catch (IOException | ClassNotFoundException e) {
            throw new MPIException(call + ": cannot deserialise the objects: " + e, e);
        }
    }

    /** Checks a buffer argument; returns the number of array elements {@code count} items occupy. */
    static int buffer(String call, String what, Object buf, int offset, long count, Datatype type)
            throws MPIException {
        if (type == null) {
            throw new MPIException(call + ": datatype is null");
        }
        if (count < 0) {
            throw new MPIException(call + ": count " + count + " is negative");
        }
        if (offset < 0) {
            throw new MPIException(call + ": offset " + offset + " is negative");
        }
        if (count == 0 && buf == null) {
            return 0;
        }
        if (buf == null) {
            throw new MPIException(call + ": " + what + " is null");
        }
        if (!type.base().arrayClass().isInstance(buf)) {
            throw new MPIException(call + ": " + what + " is a " + buf.getClass().getSimpleName() + ", but "
                    + type + " needs a " + type.base().arrayClass().getSimpleName());
        }
        final int per = type.elementsPerItem();
        final long end = ((long) offset + count) * per;
        final int length = java.lang.reflect.Array.getLength(buf);
        if (end > length) {
            throw new MPIException(call + ": " + what + " has " + length + " elements, but offset " + offset + " + "
                    + count + " items of " + type + " need " + end);
        }
        return (int) (count * per);
    }

    /** Checks a per-process count and displacement vector; returns the array elements it spans. */
    static void vector(String call, String what, Object buf, int offset, int[] counts, int[] displs, Datatype type,
                       int n) throws MPIException {
        if (counts == null || counts.length < n) {
            throw new MPIException(call + ": " + what + " counts must have " + n + " entries");
        }
        if (displs == null || displs.length < n) {
            throw new MPIException(call + ": " + what + " displacements must have " + n + " entries");
        }
        long end = 0;
        for (int i = 0; i < n; i++) {
            if (counts[i] < 0 || displs[i] < 0) {
                throw new MPIException(call + ": " + what + " count " + counts[i] + " or displacement " + displs[i]
                        + " of process " + i + " is negative");
            }
            end = Math.max(end, (long) displs[i] + counts[i]);
        }
        buffer(call, what, buf, offset, end, type);
    }
}
