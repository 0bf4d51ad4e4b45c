package bamboo.shim.job;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

/**
 * Each rank loads the program's classes in its own loader (child first), so mutable statics are per rank
 * as in separate processes. The JDK, the MPI API (package {@code mpi}) and the shim stay shared from the parent,
 * because the ranks talk through them.
 */
final class RankClassLoader extends URLClassLoader {
    static {
        registerAsParallelCapable();
    }

    private static final String[] SHARED = {
        "java.", "javax.", "jdk.", "sun.", "com.sun.", "org.w3c.", "org.xml.", "bamboo.shim.",
        "bamboo.runtime.", "org.junit.", "org.opentest4j.",
    };
    private static final String[] SHARED_CLASSES = {"bamboo.Bamboo", "bamboo.TaskHints"};

    /** The classes this loader defined from the class path (the program's), for {@link StaticState}. */
    private final List<Class<?>> defined = new ArrayList<>();

    RankClassLoader(int rank, URL[] classpath, ClassLoader parent) {
        super("rank-" + rank, classpath, parent);
    }

    /** A copy of the classes defined so far. */
    List<Class<?>> defined() {
        synchronized (defined) {
            return new ArrayList<>(defined);
        }
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        final Class<?> c = super.findClass(name);
        synchronized (defined) {
            defined.add(c);
        }
        return c;
    }

    static boolean shared(String name) {
        // The package mpi itself, not its subpackages: programs may live in those (mpi.pt2pt, ...).
        if (name.startsWith("mpi.") && name.indexOf('.', 4) < 0) {
            return true;
        }
        for (String p : SHARED) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        for (String c : SHARED_CLASSES) {
            if (name.equals(c)) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (shared(name)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                try {
                    c = findClass(name);
                } catch (ClassNotFoundException e) {
                    c = getParent().loadClass(name);
                }
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }
}
