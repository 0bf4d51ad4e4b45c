package bamboo.bench.apps;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;

/**
 * Mends one instruction of MPJ Express 0.44's {@code mpi.MPI}: its {@code Wtime()} is
 * {@code System.currentTimeMillis() / 1000} in {@code long} arithmetic, so it returns whole seconds and
 * every loop the examples time with it reads as 0, 1, 2... s. The fixed method divides in {@code double}
 * ({@code currentTimeMillis() / 1000.0}): the same clock at its millisecond resolution, nothing else of
 * the class changed. The class file gets one new constant (the double 1000.0) at the end of its pool
 * (no index moves), and the six bytes after the {@code invokestatic currentTimeMillis} change from
 * {@code ldc2_w #long1000; ldiv; l2d; dreturn} to {@code l2d; ldc2_w #double1000; ddiv; dreturn} (the
 * same length, the same stack depth, no branch, so no stack map to touch).
 */
final class WtimeFix {
    private static final int LDC2_W = 0x14;
    private static final int INVOKESTATIC = 0xb8;
    private static final int LDIV = 0x6d;
    private static final int L2D = 0x8a;
    private static final int DDIV = 0x6f;
    private static final int DRETURN = 0xaf;
    private static final int TAG_DOUBLE = 6;

    private WtimeFix() {
    }

    /**
     * The mended class file.
     *
     * @throws IllegalArgumentException when {@code classFile} is not a class with exactly one
     *                                  {@code invokestatic; ldc2_w; ldiv; l2d; dreturn} sequence (another
     *                                  MPJ Express build): the caller reports the peer as skipped
     */
    static byte[] apply(byte[] classFile) {
        ByteBuffer in = ByteBuffer.wrap(classFile);
        if (in.getInt() != 0xCAFEBABE) {
            throw new IllegalArgumentException("not a class file");
        }
        in.position(8);
        int count = in.getShort() & 0xffff;
        int poolEnd = skipPool(in, count);
        int site = findWtimeBody(classFile, poolEnd);

        ByteArrayOutputStream out = new ByteArrayOutputStream(classFile.length + 9);
        out.write(classFile, 0, 8);
        int newIndex = count; // a double takes two slots: count and count + 1
        out.write((count + 2) >>> 8);
        out.write((count + 2) & 0xff);
        out.write(classFile, 10, poolEnd - 10);
        out.write(TAG_DOUBLE);
        out.writeBytes(ByteBuffer.allocate(8).putDouble(1000.0).array());
        byte[] rest = java.util.Arrays.copyOfRange(classFile, poolEnd, classFile.length);
        int at = site - poolEnd;
        rest[at] = (byte) L2D;
        rest[at + 1] = (byte) LDC2_W;
        rest[at + 2] = (byte) (newIndex >>> 8);
        rest[at + 3] = (byte) (newIndex & 0xff);
        rest[at + 4] = (byte) DDIV;
        rest[at + 5] = (byte) DRETURN;
        out.writeBytes(rest);
        return out.toByteArray();
    }

    /** Walks the constant pool; returns the offset just after it. */
    private static int skipPool(ByteBuffer in, int count) {
        for (int i = 1; i < count; i++) {
            int tag = in.get() & 0xff;
            switch (tag) {
                case 1 -> { // Utf8: a length, then the bytes
                    int length = in.getShort() & 0xffff;
                    in.position(in.position() + length);
                }
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.position(in.position() + 4);
                case 5, 6 -> { // Long, Double: two slots
                    in.position(in.position() + 8);
                    i++;
                }
                case 7, 8, 16, 19, 20 -> in.position(in.position() + 2);
                case 15 -> in.position(in.position() + 3);
                default -> throw new IllegalArgumentException("unknown constant pool tag " + tag + " at entry " + i);
            }
        }
        return in.position();
    }

    /**
     * The offset of the {@code ldc2_w} in the one {@code invokestatic; ldc2_w; ldiv; l2d; dreturn} of the
     * class: MPJ Express 0.44's Wtime body (no other method of {@code mpi.MPI} ends that way).
     */
    private static int findWtimeBody(byte[] b, int from) {
        int found = -1;
        for (int i = from + 3; i + 5 < b.length; i++) {
            if ((b[i - 3] & 0xff) == INVOKESTATIC && (b[i] & 0xff) == LDC2_W && (b[i + 3] & 0xff) == LDIV
                    && (b[i + 4] & 0xff) == L2D && (b[i + 5] & 0xff) == DRETURN) {
                if (found >= 0) {
                    throw new IllegalArgumentException("more than one whole-second Wtime body");
                }
                found = i;
            }
        }
        if (found < 0) {
            throw new IllegalArgumentException("no whole-second Wtime body (currentTimeMillis / 1000 in long)");
        }
        return found;
    }
}
