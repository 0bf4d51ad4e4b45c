package bamboo.translator.inline;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What the compiled classes of the user's class path hold in statics, read from their class files (never
 * loaded, so no static initialiser runs): untranslated every rank has its own copy of them, translated the
 * tasks of a process would share one, so a class reached from a rank body whose source is not translated
 * must not reach a static that is not final. The classes a class refers to (its constant pool) are
 * followed too, since the rank body reaches whatever they run.
 */
public final class ClassPathStatics implements AutoCloseable {
    /** A non-final static: its class (binary name, dots) and name. */
    public record Static(String owner, String name) {
        public String simple() {
            return owner.substring(owner.lastIndexOf('.') + 1).replace('$', '.') + "." + name;
        }
    }

    /** No class path: every class outside the sources is unknown. */
    public static final ClassPathStatics NONE = new ClassPathStatics(List.of());

    private static final int ACC_STATIC = 0x0008;
    private static final int ACC_FINAL = 0x0010;
    private static final int ACC_SYNTHETIC = 0x1000;

    /** Opens class files by resource name ({@code a/b/C.class}); null when there is none. */
    @FunctionalInterface
    public interface ClassFiles {
        InputStream open(String resource) throws IOException;
    }

    private final URLClassLoader files;
    private final ClassFiles more;
    private final Map<String, ClassInfo> read = new HashMap<>();

    private record ClassInfo(List<String> mutable, List<String> refs) {
    }

    public ClassPathStatics(List<Path> entries) {
        this(entries, null);
    }

    /**
     * Class files from {@code entries} and, for those not there, from {@code more} (a compiler's own class
     * path, e.g. what javac gives an annotation processor); {@code more} may be null.
     */
    public ClassPathStatics(List<Path> entries, ClassFiles more) {
        this.more = more;
        List<URL> urls = new ArrayList<>();
        for (Path p : entries) {
            try {
                urls.add(p.toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("not a class path entry: " + p, e);
            }
        }
        // No parent: only the user's entries are read, never the JDK's or the translator's own classes.
        this.files = urls.isEmpty() ? null : new URLClassLoader(urls.toArray(new URL[0]), null);
    }

    /** Whether {@code binaryName} (dots, {@code $} for nested classes) has a class file on the class path. */
    public boolean has(String binaryName) {
        return info(binaryName.replace('.', '/')) != null;
    }

    /**
     * The first non-final static that class {@code binaryName} or a class it refers to, transitively, declares;
     * classes {@code skip} accepts (the JDK, the runtime, the translated sources) are not followed.
     */
    public Optional<Static> firstMutable(String binaryName, Predicate<String> skip) {
        Deque<String> work = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        work.add(binaryName.replace('.', '/'));
        seen.add(work.peek());
        while (!work.isEmpty()) {
            String at = work.poll();
            ClassInfo c = info(at);
            if (c == null) {
                continue; // not on the class path: it cannot run translated either
            }
            if (!c.mutable().isEmpty()) {
                return Optional.of(new Static(at.replace('/', '.'), c.mutable().get(0)));
            }
            for (String r : c.refs()) {
                if (seen.add(r) && !skip.test(r.replace('/', '.'))) {
                    work.add(r);
                }
            }
        }
        return Optional.empty();
    }

    private ClassInfo info(String internal) {
        if (files == null && more == null) {
            return null;
        }
        if (read.containsKey(internal)) {
            return read.get(internal);
        }
        ClassInfo c = null;
        try (InputStream in = open(internal + ".class")) {
            if (in != null) {
                c = parse(new DataInputStream(in));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + internal + ".class from the class path", e);
        }
        read.put(internal, c);
        return c;
    }

    private InputStream open(String resource) throws IOException {
        InputStream in = files == null ? null : files.getResourceAsStream(resource);
        return in != null || more == null ? in : more.open(resource);
    }

    /** The non-final statics and the classes named in the constant pool of one class file (JVMS 4.1). */
    private static ClassInfo parse(DataInputStream in) throws IOException {
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.readUnsignedShort();
        in.readUnsignedShort();
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        int[] classNames = new int[count];
        int classes = 0;
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF(); // a u2 length and modified UTF-8, as DataInput reads it
                case 7 -> classNames[classes++] = in.readUnsignedShort();
                case 8, 16, 19, 20 -> in.readUnsignedShort();
                case 15 -> {
                    in.readUnsignedByte();
                    in.readUnsignedShort();
                }
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.readInt();
                case 5, 6 -> {
                    in.readLong();
                    i++; // eight-byte constants take two slots
                }
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        in.readUnsignedShort(); // access flags
        in.readUnsignedShort(); // this class
        in.readUnsignedShort(); // super class: also a Class constant, so among the refs
        int interfaces = in.readUnsignedShort();
        for (int i = 0; i < interfaces; i++) {
            in.readUnsignedShort();
        }
        List<String> mutable = new ArrayList<>();
        int fields = in.readUnsignedShort();
        for (int i = 0; i < fields; i++) {
            int access = in.readUnsignedShort();
            String name = utf8[in.readUnsignedShort()];
            in.readUnsignedShort();
            int attributes = in.readUnsignedShort();
            for (int a = 0; a < attributes; a++) {
                in.readUnsignedShort();
                in.skipNBytes(in.readInt() & 0xFFFFFFFFL);
            }
            if ((access & (ACC_STATIC | ACC_FINAL | ACC_SYNTHETIC)) == ACC_STATIC) {
                mutable.add(name);
            }
        }
        List<String> refs = new ArrayList<>();
        for (int i = 0; i < classes; i++) {
            String n = utf8[classNames[i]];
            if (n.startsWith("[")) { // an array class: the element type, if it is a class
                int l = n.indexOf('L');
                if (l < 0) {
                    continue;
                }
                n = n.substring(l + 1, n.length() - 1);
            }
            refs.add(n);
        }
        return new ClassInfo(mutable, refs);
    }

    @Override
    public void close() {
        if (files != null) {
            try {
                files.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
