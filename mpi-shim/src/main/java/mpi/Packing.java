package mpi;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.nio.ByteBuffer;

/**
 * {@code Comm.Pack}/{@code Unpack}: items as bytes in a {@code byte[]}. Primitive elements are stored
 * big-endian, {@code Size()} elements per item, with no header, so {@code Pack_size} is exact and a
 * buffer of {@code Pack_size} bytes holds one buffered send. Objects are one serialised block preceded by
 * its length (4 bytes).
 */
final class Packing {
    private Packing() {
    }

    static int size(String call, int count, Datatype type) throws MPIException {
        if (type == null) {
            throw new MPIException(call + ": datatype is null");
        }
        if (count < 0) {
            throw new MPIException(call + ": count " + count + " is negative");
        }
        if (type.base() == null) {
            return 0;
        }
        final long bytes = (long) count * type.elementsPerItem() * type.base().bytes()
                + (type.base() == Datatype.Base.OBJECT ? 4 : 0);
        if (bytes > Integer.MAX_VALUE) {
            throw new MPIException(call + ": " + count + " items of " + type + " need " + bytes
                    + " bytes, more than an array holds");
        }
        return (int) bytes;
    }

    static int pack(String call, Object inbuf, int offset, int count, Datatype type, byte[] outbuf, int position)
            throws MPIException {
        final int elements = elements(call, "inbuf", inbuf, offset, count, type);
        final Object packed = flat(type, inbuf, offset, count, elements);
        final int from = type.isDerived() ? 0 : offset * type.elementsPerItem();
        checkPosition(call, "outbuf", outbuf, position);
        if (type.base() == Datatype.Base.OBJECT) {
            final byte[] block = serialise(call, (Object[]) packed, from, elements);
            need(call, "outbuf", outbuf, position, 4L + block.length);
            ByteBuffer.wrap(outbuf, position, 4).putInt(block.length);
            System.arraycopy(block, 0, outbuf, position + 4, block.length);
            return position + 4 + block.length;
        }
        final int bytes = elements * type.base().bytes();
        need(call, "outbuf", outbuf, position, bytes);
        final ByteBuffer out = ByteBuffer.wrap(outbuf, position, bytes);
        switch (type.base()) {
            case BYTE -> out.put((byte[]) packed, from, elements);
            case BOOLEAN -> {
                final boolean[] b = (boolean[]) packed;
                for (int i = 0; i < elements; i++) {
                    out.put(b[from + i] ? (byte) 1 : (byte) 0);
                }
            }
            case CHAR -> out.asCharBuffer().put((char[]) packed, from, elements);
            case SHORT -> out.asShortBuffer().put((short[]) packed, from, elements);
            case INT -> out.asIntBuffer().put((int[]) packed, from, elements);
            case LONG -> out.asLongBuffer().put((long[]) packed, from, elements);
            case FLOAT -> out.asFloatBuffer().put((float[]) packed, from, elements);
            case DOUBLE -> out.asDoubleBuffer().put((double[]) packed, from, elements);
            default -> throw new IllegalStateException(type.base().toString());
        }
        return position + bytes;
    }

    static int unpack(String call, byte[] inbuf, int position, Object outbuf, int offset, int count, Datatype type,
                      ClassLoader loader) throws MPIException {
        final int elements = elements(call, "outbuf", outbuf, offset, count, type);
        checkPosition(call, "inbuf", inbuf, position);
        final Object target = type.isDerived() ? Layout.scratch(type, elements) : outbuf;
        final int at = type.isDerived() ? 0 : offset * type.elementsPerItem();
        final int end;
        if (type.base() == Datatype.Base.OBJECT) {
            need(call, "inbuf", inbuf, position, 4);
            final int length = ByteBuffer.wrap(inbuf, position, 4).getInt();
            need(call, "inbuf", inbuf, position + 4, length);
            final Object[] objects = deserialise(call, inbuf, position + 4, length, loader);
            if (objects.length != elements) {
                throw new MPIException(call + ": inbuf holds " + objects.length + " objects at position " + position
                        + " but " + elements + " are unpacked");
            }
            System.arraycopy(objects, 0, target, at, elements);
            end = position + 4 + length;
        } else {
            final int bytes = elements * type.base().bytes();
            need(call, "inbuf", inbuf, position, bytes);
            final ByteBuffer in = ByteBuffer.wrap(inbuf, position, bytes);
            switch (type.base()) {
                case BYTE -> in.get((byte[]) target, at, elements);
                case BOOLEAN -> {
                    final boolean[] b = (boolean[]) target;
                    for (int i = 0; i < elements; i++) {
                        b[at + i] = in.get() != 0;
                    }
                }
                case CHAR -> in.asCharBuffer().get((char[]) target, at, elements);
                case SHORT -> in.asShortBuffer().get((short[]) target, at, elements);
                case INT -> in.asIntBuffer().get((int[]) target, at, elements);
                case LONG -> in.asLongBuffer().get((long[]) target, at, elements);
                case FLOAT -> in.asFloatBuffer().get((float[]) target, at, elements);
                case DOUBLE -> in.asDoubleBuffer().get((double[]) target, at, elements);
                default -> throw new IllegalStateException(type.base().toString());
            }
            end = position + bytes;
        }
        if (type.isDerived()) {
            type.scatter(target, 0, elements, outbuf, offset);
        }
        return end;
    }

    private static int elements(String call, String what, Object buf, int offset, int count, Datatype type)
            throws MPIException {
        if (type == null) {
            throw new MPIException(call + ": datatype is null");
        }
        return type.isDerived() ? Layout.check(call, what, buf, offset, count, type)
                : bamboo.shim.engine.Checks.buffer(call, what, buf, offset, count, type);
    }

    private static Object flat(Datatype type, Object buf, int offset, int count, int elements) throws MPIException {
        return type.isDerived() && !type.dense() ? Layout.pack(type, buf, offset, count) : buf;
    }

    private static void checkPosition(String call, String what, byte[] buf, int position) throws MPIException {
        if (buf == null) {
            throw new MPIException(call + ": " + what + " is null");
        }
        if (position < 0 || position > buf.length) {
            throw new MPIException(call + ": position " + position + " is outside " + what + " (length "
                    + buf.length + ")");
        }
    }

    private static void need(String call, String what, byte[] buf, int position, long bytes) throws MPIException {
        if (bytes < 0 || position + bytes > buf.length) {
            throw new MPIException(call + ": " + what + " too small: " + bytes + " bytes from position " + position
                    + " run past its length " + buf.length);
        }
    }

    private static byte[] serialise(String call, Object[] buf, int from, int count) throws MPIException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + 32 * count);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeInt(count);
            for (int i = 0; i < count; i++) {
                out.writeObject(buf[from + i]);
            }
        } catch (IOException e) {
            throw new MPIException(call + ": cannot serialise the objects: " + e);
        }
        return bytes.toByteArray();
    }

    private static Object[] deserialise(String call, byte[] data, int from, int length, ClassLoader loader)
            throws MPIException {
        try (ObjectInputStream in = new LoaderInput(new ByteArrayInputStream(data, from, length), loader)) {
            final Object[] out = new Object[in.readInt()];
            for (int i = 0; i < out.length; i++) {
                out[i] = in.readObject();
            }
            return out;
        } catch (IOException | ClassNotFoundException e) {
            throw new MPIException(call + ": cannot deserialise the objects: " + e);
        }
    }

    /** Resolves classes in the unpacking rank's loader (each rank of a job has its own). */
    private static final class LoaderInput extends ObjectInputStream {
        private final ClassLoader loader;

        LoaderInput(InputStream in, ClassLoader loader) throws IOException {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            if (loader != null) {
                try {
                    return Class.forName(desc.getName(), false, loader);
                } catch (ClassNotFoundException e) {
                    // a JDK or shared class: the default resolution finds it
                }
            }
            return super.resolveClass(desc);
        }
    }
}
