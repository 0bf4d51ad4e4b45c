package bamboo.shim.aeron;

import java.nio.ByteOrder;
import mpi.Datatype;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.UnsafeApi;

/**
 * Primitive arrays straight to and from Aeron term buffers (little-endian on the wire, whatever the
 * hosts are): one copy per side. On a little-endian host an element slice is one memory copy.
 */
final class Codec {
    private static final boolean NATIVE_LE = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    private Codec() {
    }

    /** Wire size of {@code elements} elements of {@code base} ({@code OBJECT}: the serialised bytes). */
    static int wireBytes(Datatype.Base base, Object data, int elements) {
        return base == Datatype.Base.OBJECT ? ((byte[]) data).length : elements * base.bytes();
    }

    /**
     * Writes {@code elements} elements of {@code data} from element {@code offset} at {@code index} of
     * {@code dst} ({@code OBJECT}: {@code data} is the serialised bytes and the counts are bytes).
     */
    static void put(Datatype.Base base, Object data, int offset, int elements, MutableDirectBuffer dst, int index) {
        switch (base) {
            case BYTE, OBJECT -> dst.putBytes(index, (byte[]) data, offset, elements);
            case BOOLEAN -> {
                final boolean[] a = (boolean[]) data;
                for (int i = 0; i < elements; i++) {
                    dst.putByte(index + i, a[offset + i] ? (byte) 1 : 0);
                }
            }
            default -> {
                if (NATIVE_LE) {
                    final int size = base.bytes();
                    UnsafeApi.copyMemory(data, UnsafeApi.arrayBaseOffset(data.getClass()) + (long) offset * size,
                            dst.byteArray(), dst.addressOffset() + index, (long) elements * size);
                } else {
                    putSwapped(base, data, offset, elements, dst, index);
                }
            }
        }
    }

    /** Reads {@code elements} elements at {@code index} of {@code src} into {@code out} from element
     *  {@code offset} ({@code OBJECT}: bytes). Booleans are normalised: any non-zero byte is true. */
    static void get(DirectBuffer src, int index, Datatype.Base base, Object out, int offset, int elements) {
        switch (base) {
            case BYTE, OBJECT -> src.getBytes(index, (byte[]) out, offset, elements);
            case BOOLEAN -> {
                final boolean[] a = (boolean[]) out;
                for (int i = 0; i < elements; i++) {
                    a[offset + i] = src.getByte(index + i) != 0;
                }
            }
            default -> {
                if (NATIVE_LE) {
                    final int size = base.bytes();
                    UnsafeApi.copyMemory(src.byteArray(), src.addressOffset() + index, out,
                            UnsafeApi.arrayBaseOffset(out.getClass()) + (long) offset * size, (long) elements * size);
                } else {
                    getSwapped(src, index, base, out, offset, elements);
                }
            }
        }
    }

    private static void putSwapped(Datatype.Base base, Object data, int offset, int n, MutableDirectBuffer d, int at) {
        final ByteOrder le = ByteOrder.LITTLE_ENDIAN;
        for (int i = 0; i < n; i++) {
            switch (base) {
                case CHAR -> d.putChar(at + 2 * i, ((char[]) data)[offset + i], le);
                case SHORT -> d.putShort(at + 2 * i, ((short[]) data)[offset + i], le);
                case INT -> d.putInt(at + 4 * i, ((int[]) data)[offset + i], le);
                case LONG -> d.putLong(at + 8 * i, ((long[]) data)[offset + i], le);
                case FLOAT -> d.putFloat(at + 4 * i, ((float[]) data)[offset + i], le);
                case DOUBLE -> d.putDouble(at + 8 * i, ((double[]) data)[offset + i], le);
                default -> throw new IllegalArgumentException("no wire form for " + base);
            }
        }
    }

    private static void getSwapped(DirectBuffer s, int at, Datatype.Base base, Object out, int offset, int n) {
        final ByteOrder le = ByteOrder.LITTLE_ENDIAN;
        for (int i = 0; i < n; i++) {
            switch (base) {
                case CHAR -> ((char[]) out)[offset + i] = s.getChar(at + 2 * i, le);
                case SHORT -> ((short[]) out)[offset + i] = s.getShort(at + 2 * i, le);
                case INT -> ((int[]) out)[offset + i] = s.getInt(at + 4 * i, le);
                case LONG -> ((long[]) out)[offset + i] = s.getLong(at + 8 * i, le);
                case FLOAT -> ((float[]) out)[offset + i] = s.getFloat(at + 4 * i, le);
                case DOUBLE -> ((double[]) out)[offset + i] = s.getDouble(at + 8 * i, le);
                default -> throw new IllegalArgumentException("no wire form for " + base);
            }
        }
    }
}
