package bamboo.translator.smap;

import java.io.ByteArrayOutputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;

/**
 * Reads a class file's {@code SourceFile} and {@code SourceDebugExtension} attributes and writes the
 * latter (JVMS 4.7.10, 4.7.11): the one edit the source maps need, after javac, on any class-file version
 * (the JDK's class-file API is not public on 17). Everything else of the file is kept byte for byte; the
 * attribute's name joins the end of the constant pool when the pool lacks it.
 */
public final class ClassFiles {
    private static final String SOURCE_FILE = "SourceFile";
    private static final String DEBUG_EXTENSION = "SourceDebugExtension";

    private ClassFiles() {
    }

    /** The class's {@code SourceFile} (e.g. {@code X_BambooTask.java}), or null when it has none. */
    public static String sourceFile(byte[] classFile) {
        Parsed p = Parsed.of(classFile);
        int at = p.attribute(SOURCE_FILE);
        return at < 0 ? null : p.utf8(ByteBuffer.wrap(classFile).getShort(at + 6) & 0xffff);
    }

    /** The class's {@code SourceDebugExtension} as text, or null when it has none. */
    public static String sourceDebugExtension(byte[] classFile) {
        Parsed p = Parsed.of(classFile);
        int at = p.attribute(DEBUG_EXTENSION);
        if (at < 0) {
            return null;
        }
        int length = ByteBuffer.wrap(classFile).getInt(at + 2);
        return decode(classFile, at + 6, length);
    }

    /**
     * The class file with {@code extension} as its {@code SourceDebugExtension}, replacing one it had.
     *
     * @throws IllegalArgumentException when the bytes are not a class file
     */
    public static byte[] withSourceDebugExtension(byte[] classFile, String extension) {
        Parsed p = Parsed.of(classFile);
        byte[] value = modifiedUtf8(extension);
        ByteArrayOutputStream out = new ByteArrayOutputStream(classFile.length + value.length + 32);
        int nameIndex = p.utf8Index(DEBUG_EXTENSION);
        int poolCount = p.poolCount;
        out.write(classFile, 0, 8);
        if (nameIndex < 0) {
            nameIndex = poolCount++;
            writeShort(out, poolCount);
            out.write(classFile, 10, p.poolEnd - 10);
            byte[] name = modifiedUtf8(DEBUG_EXTENSION);
            out.write(1);
            writeShort(out, name.length);
            out.write(name, 0, name.length);
        } else {
            out.write(classFile, 8, p.poolEnd - 8);
        }
        int old = p.attribute(DEBUG_EXTENSION);
        int count = p.attributeCount + (old < 0 ? 1 : 0);
        out.write(classFile, p.poolEnd, p.attributesStart - p.poolEnd);
        writeShort(out, count);
        ByteBuffer in = ByteBuffer.wrap(classFile);
        int at = p.attributesStart + 2;
        for (int i = 0; i < p.attributeCount; i++) {
            int length = 6 + in.getInt(at + 2);
            if (at != old) {
                out.write(classFile, at, length);
            }
            at += length;
        }
        writeShort(out, nameIndex);
        out.write(value.length >>> 24);
        out.write(value.length >>> 16);
        out.write(value.length >>> 8);
        out.write(value.length);
        out.write(value, 0, value.length);
        return out.toByteArray();
    }

    /** The offsets a class file's edit needs: its constant pool and its class attributes. */
    private static final class Parsed {
        final byte[] bytes;
        final int poolCount;
        /** Offset of each constant pool entry's tag (0 for the second slot of a long or double). */
        final int[] entries;
        final int poolEnd;
        /** Offset of the class attributes' count. */
        final int attributesStart;
        final int attributeCount;

        private Parsed(byte[] bytes, int poolCount, int[] entries, int poolEnd, int attributesStart, int attributeCount) {
            this.bytes = bytes;
            this.poolCount = poolCount;
            this.entries = entries;
            this.poolEnd = poolEnd;
            this.attributesStart = attributesStart;
            this.attributeCount = attributeCount;
        }

        static Parsed of(byte[] bytes) {
            try {
                ByteBuffer in = ByteBuffer.wrap(bytes);
                if (in.getInt() != 0xCAFEBABE) {
                    throw new IllegalArgumentException("not a class file (no 0xCAFEBABE)");
                }
                in.position(8);
                int count = in.getShort() & 0xffff;
                int[] entries = new int[count];
                for (int i = 1; i < count; i++) {
                    entries[i] = in.position();
                    int tag = in.get();
                    switch (tag) {
                        case 1 -> in.position(in.position() + 2 + (in.getShort(in.position()) & 0xffff));
                        case 3, 4, 9, 10, 11, 12, 17, 18 -> in.position(in.position() + 4);
                        case 5, 6 -> {
                            in.position(in.position() + 8);
                            i++; // a long or a double takes two slots
                        }
                        case 7, 8, 16, 19, 20 -> in.position(in.position() + 2);
                        case 15 -> in.position(in.position() + 3);
                        default -> throw new IllegalArgumentException("unknown constant pool tag " + tag + " at "
                                + entries[i]);
                    }
                }
                int poolEnd = in.position();
                in.position(poolEnd + 6); // access flags, this class, super class
                int interfaces = in.getShort() & 0xffff;
                in.position(in.position() + 2 * interfaces);
                for (int members = 0; members < 2; members++) { // fields, then methods
                    int n = in.getShort() & 0xffff;
                    for (int i = 0; i < n; i++) {
                        in.position(in.position() + 6);
                        skipAttributes(in);
                    }
                }
                int attributesStart = in.position();
                int attributeCount = in.getShort(attributesStart) & 0xffff;
                in.position(attributesStart);
                skipAttributes(in);
                if (in.position() != bytes.length) {
                    throw new IllegalArgumentException("class file has " + (bytes.length - in.position())
                            + " bytes after its attributes");
                }
                return new Parsed(bytes, count, entries, poolEnd, attributesStart, attributeCount);
            } catch (BufferUnderflowException | IndexOutOfBoundsException e) {
                throw new IllegalArgumentException("truncated class file", e);
            }
        }

        private static void skipAttributes(ByteBuffer in) {
            int n = in.getShort() & 0xffff;
            for (int i = 0; i < n; i++) {
                in.position(in.position() + 2);
                int length = in.getInt();
                in.position(in.position() + length);
            }
        }

        /** The text of Utf8 constant {@code index}. */
        String utf8(int index) {
            int at = entries[index];
            if (bytes[at] != 1) {
                throw new IllegalArgumentException("constant " + index + " is not a Utf8");
            }
            return decode(bytes, at + 3, ByteBuffer.wrap(bytes).getShort(at + 1) & 0xffff);
        }

        /** The index of the Utf8 constant {@code text}, or -1. */
        int utf8Index(String text) {
            for (int i = 1; i < poolCount; i++) {
                if (entries[i] != 0 && bytes[entries[i]] == 1 && utf8(i).equals(text)) {
                    return i;
                }
            }
            return -1;
        }

        /** The offset of the class attribute called {@code name}, or -1. */
        int attribute(String name) {
            ByteBuffer in = ByteBuffer.wrap(bytes);
            int at = attributesStart + 2;
            for (int i = 0; i < attributeCount; i++) {
                if (utf8(in.getShort(at) & 0xffff).equals(name)) {
                    return at;
                }
                at += 6 + in.getInt(at + 2);
            }
            return -1;
        }
    }

    private static void writeShort(ByteArrayOutputStream out, int value) {
        out.write(value >>> 8);
        out.write(value);
    }

    /** The JVM's modified UTF-8: NUL and every char above 0x7F in two or three bytes, surrogates singly. */
    static byte[] modifiedUtf8(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= 1 && c <= 0x7f) {
                out.write(c);
            } else if (c <= 0x7ff) {
                out.write(0xc0 | (c >> 6));
                out.write(0x80 | (c & 0x3f));
            } else {
                out.write(0xe0 | (c >> 12));
                out.write(0x80 | ((c >> 6) & 0x3f));
                out.write(0x80 | (c & 0x3f));
            }
        }
        return out.toByteArray();
    }

    private static String decode(byte[] bytes, int offset, int length) {
        StringBuilder sb = new StringBuilder(length);
        int end = offset + length;
        for (int i = offset; i < end; ) {
            int b = bytes[i] & 0xff;
            if (b < 0x80) {
                sb.append((char) b);
                i++;
            } else if ((b & 0xe0) == 0xc0) {
                sb.append((char) (((b & 0x1f) << 6) | (bytes[i + 1] & 0x3f)));
                i += 2;
            } else {
                sb.append((char) (((b & 0x0f) << 12) | ((bytes[i + 1] & 0x3f) << 6) | (bytes[i + 2] & 0x3f)));
                i += 3;
            }
        }
        return sb.toString();
    }
}
