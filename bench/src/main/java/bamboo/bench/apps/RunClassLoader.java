package bamboo.bench.apps;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

/**
 * The classes of one benchmark run of a translated application: the generated companions and the
 * examples' own classes (the kernel, {@code Params}, {@code Report}) are loaded afresh, child first, and
 * everything else (the JDK, the runtime, the shim) comes from the parent.
 *
 * <p>Why: the shim's threads device loads every untranslated run's program in new class loaders (one
 * per rank), so the JIT compiles the kernel again in every run. A translated run that reused one loader
 * for all its repeats ran JIT-compiled code from the second run on, and a kernel loaded from the
 * parent was even compiled before the first run (by the driver's sequential reference): short runs
 * then showed speed-ups of 5-7x over {@code basic} that were JIT warm-up, not overlap. A fresh copy per
 * run puts both sides on the same footing: each run compiles its own program once.
 *
 * <p>In steady state (the benchmark's default since session 6) one such loader serves all the runs of a
 * row, as the shim's per-rank loaders of an untranslated row do: then every side runs code its warm-up
 * compiled, and still none runs the driver's copy. The classes it defined are kept for
 * {@link bamboo.shim.job.StaticState}, which refuses to reuse a program with mutable statics.
 */
final class RunClassLoader extends URLClassLoader {
    static {
        registerAsParallelCapable();
    }

    /** The applications' packages; the benchmark driver's own package stays shared. */
    private static final String PROGRAM = "bamboo.examples.";
    private static final String DRIVER = "bamboo.bench.apps.";

    private final List<Class<?>> defined = new ArrayList<>();

    RunClassLoader(URL[] classpath, ClassLoader parent) {
        super("bamboo-run", classpath, parent);
    }

    /** A copy of the classes this loader defined (the program's: generated and examples' classes). */
    List<Class<?>> defined() {
        synchronized (defined) {
            return new ArrayList<>(defined);
        }
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        Class<?> c = super.findClass(name);
        synchronized (defined) {
            defined.add(c);
        }
        return c;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!name.startsWith(PROGRAM) || name.startsWith(DRIVER)) {
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
