package bamboo.shim.aeron;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import bamboo.shim.engine.PayloadPool;
import mpi.Datatype;

/** Primitive arrays to bytes and back (little-endian on the wire, whatever the hosts are). */
final class Codec {
    private Codec() {
    }

    /** Wire size of {@code elements} elements of {@code base} ({@code OBJECT}: the serialised bytes). */
    static int wireBytes(Datatype.Base base, Object data, int elements) {
        return base == Datatype.Base.OBJECT ? ((byte[]) data).length : elements * base.bytes();
    }

    /** The bytes of {@code elements} elements of {@code data} from {@code offset}, in the first
     *  {@link #wireBytes} bytes of the result: {@code data} itself for {@code OBJECT} and a whole byte[]
     *  (the transport copies into the term buffer anyway), else an array of {@link PayloadPool#shared()},
     *  which the caller returns once sent. */
    static byte[] toBytes(Datatype.Base base, Object data, int offset, int elements) {
        if (base == Datatype.Base.OBJECT || base == Datatype.Base.BYTE && offset == 0
                && ((byte[]) data).length == elements) {
            return (byte[]) data;
        }
        final byte[] out = (byte[]) PayloadPool.shared().take(Datatype.Base.BYTE, elements * base.bytes());
        final ByteBuffer b = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
        switch (base) {
            case BYTE -> System.arraycopy(data, offset, out, 0, elements);
            case BOOLEAN -> {
                final boolean[] a = (boolean[]) data;
                for (int i = 0; i < elements; i++) {
                    out[i] = a[offset + i] ? (byte) 1 : 0;
                }
            }
            case CHAR -> b.asCharBuffer().put((char[]) data, offset, elements);
            case SHORT -> b.asShortBuffer().put((short[]) data, offset, elements);
            case INT -> b.asIntBuffer().put((int[]) data, offset, elements);
            case LONG -> b.asLongBuffer().put((long[]) data, offset, elements);
            case FLOAT -> b.asFloatBuffer().put((float[]) data, offset, elements);
            case DOUBLE -> b.asDoubleBuffer().put((double[]) data, offset, elements);
            default -> throw new IllegalArgumentException("no wire form for " + base);
        }
        return out;
    }

    /** {@code elements} elements of {@code base} read from {@code bytes}: the serialised bytes themselves
     *  for {@code OBJECT} and {@code BYTE}, else an array of {@link PayloadPool#shared()} (at least that
     *  long) that goes back there once received. */
    static Object fromBytes(Datatype.Base base, byte[] bytes, int elements) {
        final ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (base == Datatype.Base.OBJECT || base == Datatype.Base.BYTE) {
            return bytes;
        }
        final Object out = PayloadPool.shared().take(base, elements);
        switch (base) {
            case BOOLEAN -> {
                final boolean[] a = (boolean[]) out;
                for (int i = 0; i < elements; i++) {
                    a[i] = bytes[i] != 0;
                }
            }
            case CHAR -> b.asCharBuffer().get((char[]) out, 0, elements);
            case SHORT -> b.asShortBuffer().get((short[]) out, 0, elements);
            case INT -> b.asIntBuffer().get((int[]) out, 0, elements);
            case LONG -> b.asLongBuffer().get((long[]) out, 0, elements);
            case FLOAT -> b.asFloatBuffer().get((float[]) out, 0, elements);
            case DOUBLE -> b.asDoubleBuffer().get((double[]) out, 0, elements);
            default -> throw new IllegalArgumentException("no wire form for " + base);
        }
        return out;
    }
}
