package bamboo.shim.engine;

import bamboo.shim.ShimConfiguration;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.util.List;
import java.util.Set;
import mpi.MPIException;

/**
 * {@code MPI.OBJECT} elements travel by Java serialisation, as over a real transport: the receiver gets a
 * deep copy, and classes resolve in the receiving rank's class loader (each rank has its own).
 *
 * <p>Reading is filtered ({@link #filter}): bytes from another process must not instantiate whatever
 * Serializable class happens to be on the class path. Allowed are the program's own classes, the JDK's
 * value types, collections and enums, and arrays of those; the system property
 * {@value ShimConfiguration#SERIAL_FILTER_PROP_NAME} adds a pattern in the syntax of {@code jdk.serialFilter} that is consulted first (so it can allow more,
 * {@code com.acme.**}, or refuse some of the program's libraries, {@code !org.apache.commons.**}).
 */
public final class ObjectCodec {
    private static final String FILTER_PROPERTY = ShimConfiguration.SERIAL_FILTER_PROP_NAME;

    /** Classes of the JDK that carry values and no behaviour on reading beyond rebuilding themselves. */
    private static final Set<String> JDK_ALLOWED = Set.of(
            "java.lang.Object", "java.lang.Boolean", "java.lang.Byte", "java.lang.Character", "java.lang.Short", "java.lang.Integer",
            "java.lang.Long", "java.lang.Float", "java.lang.Double", "java.lang.Number", "java.lang.String",
            "java.lang.StringBuilder", "java.lang.StringBuffer", "java.lang.AbstractStringBuilder",
            "java.lang.String$CaseInsensitiveComparator",
            "java.math.BigInteger", "java.math.BigDecimal",
            "java.util.ArrayList", "java.util.LinkedList", "java.util.Vector", "java.util.Stack", "java.util.ArrayDeque",
            "java.util.PriorityQueue", "java.util.HashMap", "java.util.LinkedHashMap", "java.util.TreeMap",
            "java.util.Hashtable", "java.util.IdentityHashMap", "java.util.EnumMap", "java.util.HashSet",
            "java.util.LinkedHashSet", "java.util.TreeSet", "java.util.BitSet", "java.util.UUID", "java.util.Date",
            "java.util.Map$Entry", "java.util.AbstractMap$SimpleEntry", "java.util.AbstractMap$SimpleImmutableEntry",
            "java.util.Arrays$ArrayList", "java.util.CollSer", "java.util.RegularEnumSet", "java.util.JumboEnumSet",
            "java.util.EnumSet", "java.util.EnumSet$SerializationProxy", "java.util.Comparators$NaturalOrderComparator",
            "java.util.concurrent.ConcurrentHashMap", "java.util.concurrent.ConcurrentHashMap$Segment",
            "java.util.concurrent.CopyOnWriteArrayList", "java.util.concurrent.CopyOnWriteArraySet",
            "java.util.concurrent.ConcurrentLinkedQueue", "java.util.concurrent.ConcurrentLinkedDeque",
            "java.util.concurrent.ConcurrentSkipListMap", "java.util.concurrent.ConcurrentSkipListSet");
    /** Whole families: unmodifiable/synchronized/empty/singleton wrappers, List.of and kin, atomics, java.time. */
    private static final List<String> JDK_ALLOWED_PREFIXES = List.of("java.util.Collections$",
            "java.util.ImmutableCollections$", "java.util.concurrent.atomic.Atomic", "java.time.");
    /** Libraries on the class path of every job that are not the program's. */
    private static final List<String> NOT_THE_PROGRAM = List.of("io.aeron.", "org.agrona.", "picocli.",
            "com.github.javaparser.");

    private ObjectCodec() {
    }

    /** The serialised form of {@code count} objects of {@code buf} from {@code offset} (for a message, or
     *  {@code Comm.Pack}'s block). */
    public static byte[] serialize(Object[] buf, int offset, int count, String call) throws MPIException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + 32 * count);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            for (int i = 0; i < count; i++) {
                out.writeObject(buf[offset + i]);
            }
        } catch (IOException e) {
            throw new MPIException(call + ": cannot serialise element " + describe(buf, offset, count, e)
                    + " of the MPI.OBJECT buffer: " + e, e);
        }
        return bytes.toByteArray();
    }

    static Object[] deserialize(byte[] data, int count, ClassLoader loader, String call) throws MPIException {
        return deserialize(data, 0, data.length, count, loader, call);
    }

    /** Reads {@code count} objects from the {@code length} bytes of {@code data} at {@code from}, their
     *  classes resolved in {@code loader} and checked by the {@link #filter}. */
    public static Object[] deserialize(byte[] data, int from, int length, int count, ClassLoader loader, String call)
            throws MPIException {
        final Object[] objects = new Object[count];
        final Filter filter = new Filter(loader, length);
        try (ObjectInputStream in = new LoaderInputStream(new ByteArrayInputStream(data, from, length), loader)) {
            in.setObjectInputFilter(filter);
            for (int i = 0; i < count; i++) {
                objects[i] = in.readObject();
            }
        } catch (IOException | ClassNotFoundException e) {
            throw new MPIException(call + ": cannot deserialise the received MPI.OBJECT data: "
                    + (filter.refused != null ? filter.refused : e.toString()), e);
        }
        return objects;
    }

    /**
     * The filter for reading {@code streamBytes} serialised bytes into classes of {@code loader} (the
     * program's): see the class comment. An array longer than the stream is refused before it is
     * allocated (each element takes at least a byte of the stream).
     */
    public static ObjectInputFilter filter(ClassLoader loader, long streamBytes) {
        return new Filter(loader, streamBytes);
    }

    /** Why the last read was refused, for a one-line error ({@code null} when it was not). */
    public static String refusal(ObjectInputFilter filter) {
        return filter instanceof Filter f ? f.refused : null;
    }

    private static final class Filter implements ObjectInputFilter {
        private final ClassLoader loader;
        private final long streamBytes;
        private final ObjectInputFilter configured;
        String refused;

        Filter(ClassLoader loader, long streamBytes) {
            this.loader = loader;
            this.streamBytes = streamBytes;
            final String pattern = ShimConfiguration.serialFilter();
            this.configured = pattern == null ? null : Config.createFilter(pattern);
        }

        @Override
        public Status checkInput(FilterInfo info) {
            if (info.arrayLength() > streamBytes) {
                return refuse("an array of " + info.arrayLength() + " elements in " + streamBytes + " bytes");
            }
            final ObjectInputFilter global = Config.getSerialFilter();
            if (global != null && global.checkInput(info) == Status.REJECTED) {
                return refuse("class " + name(info.serialClass()) + " (refused by jdk.serialFilter)");
            }
            Class<?> c = info.serialClass();
            if (c == null) {
                return Status.UNDECIDED;
            }
            if (configured != null) {
                final Status s = configured.checkInput(info);
                if (s == Status.ALLOWED) {
                    return s;
                }
                if (s == Status.REJECTED) {
                    return refuse("class " + name(c) + " (refused by -D" + FILTER_PROPERTY + ")");
                }
            }
            while (c.isArray()) {
                c = c.getComponentType();
            }
            // an array of an interface type (Serializable[], Comparable[]) holds no state of its own: its
            // elements are checked one by one
            if (c.isPrimitive() || c.isEnum() || c == Enum.class || allowedJdk(c.getName()) || program(c)
                    || c.isInterface() && info.serialClass().isArray()) {
                return Status.ALLOWED;
            }
            return refuse("class " + name(info.serialClass()) + " is not allowed in MPI.OBJECT data (allowed: the"
                    + " program's classes and the JDK's value types, collections and arrays; allow more with -D"
                    + FILTER_PROPERTY + "=PATTERN)");
        }

        private Status refuse(String why) {
            if (refused == null) {
                refused = "refused " + why;
            }
            return Status.REJECTED;
        }

        private static boolean allowedJdk(String name) {
            if (JDK_ALLOWED.contains(name)) {
                return true;
            }
            for (String p : JDK_ALLOWED_PREFIXES) {
                if (name.startsWith(p)) {
                    return true;
                }
            }
            return false;
        }

        /** A class from the program's class path: loaded by an application loader (not the JDK's), and
         *  not from the libraries every job carries. */
        private boolean program(Class<?> c) {
            final ClassLoader l = c.getClassLoader();
            if (l == null || l == ClassLoader.getPlatformClassLoader()) {
                return false;
            }
            final String name = c.getName();
            for (String p : NOT_THE_PROGRAM) {
                if (name.startsWith(p)) {
                    return false;
                }
            }
            return loader == null || l == loader || visibleFrom(c);
        }

        /** The class is the one the program's loader resolves (a parent of it loaded it). */
        private boolean visibleFrom(Class<?> c) {
            try {
                return Class.forName(c.getName(), false, loader) == c;
            } catch (ClassNotFoundException | LinkageError e) {
                return false;
            }
        }

        private static String name(Class<?> c) {
            return c == null ? "?" : c.getName();
        }
    }

    private static String describe(Object[] buf, int offset, int count, IOException e) {
        for (int i = 0; i < count; i++) {
            final Object o = buf[offset + i];
            if (o != null && e.getMessage() != null && e.getMessage().contains(o.getClass().getName())) {
                return (offset + i) + " (" + o.getClass().getName() + ")";
            }
        }
        return "(" + count + " from offset " + offset + ")";
    }

    /** Resolves classes in the receiving rank's loader first. */
    private static final class LoaderInputStream extends ObjectInputStream {
        private final ClassLoader loader;

        LoaderInputStream(InputStream in, ClassLoader loader) throws IOException {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            if (loader != null) {
                try {
                    return Class.forName(desc.getName(), false, loader);
                } catch (ClassNotFoundException e) {
                    return super.resolveClass(desc);
                }
            }
            return super.resolveClass(desc);
        }
    }
}
