package bamboo.bench.apps;

import bamboo.shim.job.ChildFirstClassLoader;
import java.net.URL;

/**
 * The classes of one benchmark run of a translated application: the generated companions and the
 * examples' own classes (the kernel, {@code Params}, {@code Report}) are loaded afresh, child first, and
 * everything else (the JDK, the runtime, the shim) comes from the parent.
 *
 * <p>Why: the shim loads every untranslated run's program in class loaders of its own (one per rank), so
 * a translated run must not reuse code another run compiled, nor the copy the driver's sequential reference
 * warmed up, or it would measure JIT warm-up instead of overlap. In steady state one such loader serves all
 * the runs of a row, as the shim's per-rank loaders of an untranslated row do. The classes it defined are
 * kept for {@link bamboo.shim.job.StaticState}, which refuses to reuse a program with mutable statics.
 */
final class RunClassLoader extends ChildFirstClassLoader {
    static {
        registerAsParallelCapable();
    }

    /** The applications' packages (their generated companions included); everything else is shared. */
    private static final String PROGRAM = "bamboo.examples.";

    RunClassLoader(URL[] classpath, ClassLoader parent) {
        super("bamboo-run", classpath, parent, name -> !name.startsWith(PROGRAM));
    }
}
