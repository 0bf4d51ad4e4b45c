package bamboo.runtime;

import org.agrona.UnsafeApi;

/** Element kinds of message buffers and raw copies between typed arrays and byte chunks. */
final class Elements {
    static final int BYTE = 0;
    static final int BOOLEAN = 1;
    static final int CHAR = 2;
    static final int SHORT = 3;
    static final int INT = 4;
    static final int FLOAT = 5;
    static final int LONG = 6;
    static final int DOUBLE = 7;
    /** Object[] payloads travel serialised (tasks share no objects). */
    static final int OBJECT = 8;

    private static final String[] NAMES = {
        "byte[]", "boolean[]", "char[]", "short[]", "int[]", "float[]", "long[]", "double[]", "Object[]"};
    private static final Class<?>[] CLASSES = {
        byte[].class, boolean[].class, char[].class, short[].class, int[].class, float[].class,
        long[].class, double[].class, Object[].class};
    private static final long[] BASE = new long[8];
    private static final int[] SCALE = new int[8];
    static final long BYTE_BASE;

    static {
        for (int k = 0; k < 8; k++) {
            BASE[k] = UnsafeApi.arrayBaseOffset(CLASSES[k]);
            SCALE[k] = UnsafeApi.arrayIndexScale(CLASSES[k]);
        }
        BYTE_BASE = BASE[BYTE];
    }

    private Elements() {
    }

    /** The kind of a buffer, or -1 when it is not a supported array. */
    static int kindOf(Object buf) {
        if (buf instanceof double[]) {
            return DOUBLE;
        } else if (buf instanceof int[]) {
            return INT;
        } else if (buf instanceof byte[]) {
            return BYTE;
        } else if (buf instanceof long[]) {
            return LONG;
        } else if (buf instanceof float[]) {
            return FLOAT;
        } else if (buf instanceof char[]) {
            return CHAR;
        } else if (buf instanceof short[]) {
            return SHORT;
        } else if (buf instanceof boolean[]) {
            return BOOLEAN;
        } else if (buf instanceof Object[]) {
            return OBJECT;
        }
        return -1;
    }

    static String name(int kind) {
        return NAMES[kind];
    }

    static int scale(int kind) {
        return SCALE[kind];
    }

    static int length(Object buf, int kind) {
        return kind == OBJECT ? ((Object[]) buf).length : java.lang.reflect.Array.getLength(buf);
    }

    /** Copies {@code bytes} bytes of a primitive array from element {@code offset} into the chain. */
    static void copyIn(Object buf, int kind, int offset, long bytes, Chunk chain) {
        long src = BASE[kind] + (long) offset * SCALE[kind];
        long remaining = bytes;
        for (Chunk c = chain; c != null && remaining > 0; c = c.next) {
            int n = (int) Math.min(remaining, c.bytes.length);
            UnsafeApi.copyMemory(buf, src, c.bytes, BYTE_BASE, n);
            src += n;
            remaining -= n;
        }
    }

    /** Copies {@code bytes} bytes from the chain into a primitive array at element {@code offset}. */
    static void copyOut(Chunk chain, long bytes, Object buf, int kind, int offset) {
        long dst = BASE[kind] + (long) offset * SCALE[kind];
        long remaining = bytes;
        for (Chunk c = chain; c != null && remaining > 0; c = c.next) {
            int n = (int) Math.min(remaining, c.bytes.length);
            UnsafeApi.copyMemory(c.bytes, BYTE_BASE, buf, dst, n);
            dst += n;
            remaining -= n;
        }
    }

    /** Copies {@code bytes} bytes from the start of a primitive array (of kind {@code fromKind}) into a
     *  primitive array at element {@code offset}: a payload received from another process. */
    static void copyOut(Object from, int fromKind, long bytes, Object buf, int kind, int offset) {
        UnsafeApi.copyMemory(from, BASE[fromKind], buf, BASE[kind] + (long) offset * SCALE[kind], bytes);
    }
}
