package bamboo.shim.job;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Loads a program's classes from its own class path before asking the parent, so that each loader holds its
 * own copy of the program (its statics included), while the classes the copies talk through (the JDK, the
 * MPI API, the runtime) stay shared from the parent. Keeps the classes it defined, for {@link StaticState}.
 */
public class ChildFirstClassLoader extends URLClassLoader {
    static {
        registerAsParallelCapable();
    }

    private final Predicate<String> parentFirst;
    private final List<Class<?>> defined = new ArrayList<>();

    /**
     * @param parentFirst the binary names the parent loads (shared by every copy); every other class is
     *                    looked up in {@code classpath} first
     */
    public ChildFirstClassLoader(String name, URL[] classpath, ClassLoader parent, Predicate<String> parentFirst) {
        super(name, classpath, parent);
        this.parentFirst = parentFirst;
    }

    /** A copy of the classes this loader defined from its class path. */
    public List<Class<?>> defined() {
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

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (parentFirst.test(name)) {
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
