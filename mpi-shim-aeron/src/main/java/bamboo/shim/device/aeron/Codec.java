package bamboo.shim.device.aeron;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import mpi.Datatype;

/** Primitive arrays to bytes and back (little-endian on the wire, whatever the hosts are). */
final class Codec {
    private Codec() {
    }

    /** Wire size of {@code elements} elements of {@code base} ({@code OBJECT}: the serialised bytes). */
    static int wireBytes(Datatype.Base base, Object data, int elements) {
        return base == Datatype.Base.OBJECT ? ((byte[]) data).length : elements * base.bytes();
    }

    /** The bytes of {@code elements} elements of {@code data} from {@code offset}; a byte[] is not copied
     *  when the caller says it may share it (the transport copies into the term buffer anyway). */
    static byte[] toBytes(Datatype.Base base, Object data, int offset, int elements) {
        if (base == Datatype.Base.OBJECT || base == Datatype.Base.BYTE && offset == 0
                && ((byte[]) data).length == elements) {
            return (byte[]) data;
        }
        final byte[] out = new byte[elements * base.bytes()];
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

    /** A fresh array of {@code elements} elements of {@code base} read from {@code bytes}
     *  ({@code OBJECT}: the serialised bytes themselves). */
    static Object fromBytes(Datatype.Base base, byte[] bytes, int elements) {
        final ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        switch (base) {
            case OBJECT, BYTE -> {
                return bytes;
            }
            case BOOLEAN -> {
                final boolean[] a = new boolean[elements];
                for (int i = 0; i < elements; i++) {
                    a[i] = bytes[i] != 0;
                }
                return a;
            }
            case CHAR -> {
                final char[] a = new char[elements];
                b.asCharBuffer().get(a);
                return a;
            }
            case SHORT -> {
                final short[] a = new short[elements];
                b.asShortBuffer().get(a);
                return a;
            }
            case INT -> {
                final int[] a = new int[elements];
                b.asIntBuffer().get(a);
                return a;
            }
            case LONG -> {
                final long[] a = new long[elements];
                b.asLongBuffer().get(a);
                return a;
            }
            case FLOAT -> {
                final float[] a = new float[elements];
                b.asFloatBuffer().get(a);
                return a;
            }
            case DOUBLE -> {
                final double[] a = new double[elements];
                b.asDoubleBuffer().get(a);
                return a;
            }
            default -> throw new IllegalArgumentException("no wire form for " + base);
        }
    }
}
