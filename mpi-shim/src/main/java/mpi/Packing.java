package mpi;

import bamboo.shim.engine.ObjectCodec;
import java.nio.ByteBuffer;

/**
 * {@code Comm.Pack}/{@code Unpack}: items as bytes in a {@code byte[]}. Primitive elements are stored
 * big-endian, {@code Size()} elements per item, with no header, so {@code Pack_size} is exact and a
 * buffer of {@code Pack_size} bytes holds one buffered send. Objects are one block serialised as a
 * message's ({@link ObjectCodec}, read back through its class filter), preceded by its length and its
 * object count (4 bytes each).
 */
final class Packing {
    /** Bytes before a block of objects: its length and its object count. */
    private static final int OBJECT_HEADER = 8;

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
                + (type.base() == Datatype.Base.OBJECT ? OBJECT_HEADER : 0);
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
            final byte[] block = ObjectCodec.serialize((Object[]) packed, from, elements, call);
            need(call, "outbuf", outbuf, position, (long) OBJECT_HEADER + block.length);
            ByteBuffer.wrap(outbuf, position, OBJECT_HEADER).putInt(block.length).putInt(elements);
            System.arraycopy(block, 0, outbuf, position + OBJECT_HEADER, block.length);
            return position + OBJECT_HEADER + block.length;
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
            need(call, "inbuf", inbuf, position, OBJECT_HEADER);
            final ByteBuffer header = ByteBuffer.wrap(inbuf, position, OBJECT_HEADER);
            final int length = header.getInt();
            final int held = header.getInt();
            need(call, "inbuf", inbuf, position + OBJECT_HEADER, length);
            if (held != elements) {
                throw new MPIException(call + ": inbuf holds " + held + " objects at position " + position
                        + " but " + elements + " are unpacked");
            }
            final Object[] objects = ObjectCodec.deserialize(inbuf, position + OBJECT_HEADER, length, elements,
                    loader, call);
            System.arraycopy(objects, 0, target, at, elements);
            end = position + OBJECT_HEADER + length;
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
}
