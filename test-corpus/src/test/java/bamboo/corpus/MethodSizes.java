package bamboo.corpus;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The bytecode length of every method of compiled classes, read from the class files (JVMS 4: constant
 * pool, fields, methods and their {@code Code} attribute's {@code code_length}), with no library.
 */
final class MethodSizes {
    private MethodSizes() {
    }

    /** {@code Class.method(descriptor)} to its code length, for every class file under {@code classes}. */
    static Map<String, Integer> under(Path classes) {
        Map<String, Integer> sizes = new LinkedHashMap<>();
        try (Stream<Path> all = Files.walk(classes)) {
            for (Path p : (Iterable<Path>) all.filter(f -> f.toString().endsWith(".class")).sorted()::iterator) {
                sizes.putAll(of(Files.readAllBytes(p)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the classes under " + classes, e);
        }
        return sizes;
    }

    /** The code length of each method of one class file (abstract and native methods have none). */
    static Map<String, Integer> of(byte[] classFile) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.readUnsignedShort(); // minor
        in.readUnsignedShort(); // major
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        int[] classNames = new int[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 7 -> classNames[i] = in.readUnsignedShort();
                case 8, 16, 19, 20 -> in.readUnsignedShort();
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.readInt();
                case 15 -> {
                    in.readUnsignedByte();
                    in.readUnsignedShort();
                }
                case 5, 6 -> {
                    in.readLong();
                    i++; // eight-byte constants take two entries
                }
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        in.readUnsignedShort(); // access
        String self = utf8[classNames[in.readUnsignedShort()]].replace('/', '.');
        in.readUnsignedShort(); // super
        in.skipBytes(2 * in.readUnsignedShort()); // interfaces
        int fields = in.readUnsignedShort();
        for (int f = 0; f < fields; f++) {
            in.skipBytes(6);
            skipAttributes(in);
        }
        Map<String, Integer> sizes = new LinkedHashMap<>();
        int methods = in.readUnsignedShort();
        for (int m = 0; m < methods; m++) {
            in.readUnsignedShort();
            String name = utf8[in.readUnsignedShort()];
            String descriptor = utf8[in.readUnsignedShort()];
            int attributes = in.readUnsignedShort();
            for (int a = 0; a < attributes; a++) {
                String attribute = utf8[in.readUnsignedShort()];
                int length = in.readInt();
                if (attribute.equals("Code")) {
                    in.skipBytes(4); // max_stack, max_locals
                    int code = in.readInt();
                    sizes.put(self + "." + name + descriptor, code);
                    in.skipBytes(length - 8);
                } else {
                    in.skipBytes(length);
                }
            }
        }
        return sizes;
    }

    private static void skipAttributes(DataInputStream in) throws IOException {
        int n = in.readUnsignedShort();
        for (int a = 0; a < n; a++) {
            in.readUnsignedShort();
            in.skipBytes(in.readInt());
        }
    }
}
