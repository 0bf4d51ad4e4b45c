package bamboo.shim.job;

import java.io.IOException;
import java.net.URL;

/**
 * The class loaders of a job's ranks (one per rank, each loading the program from the same class path), kept
 * so that several runs of the same program can share them: {@link ThreadsJob#runMain(JobConfig, RankLoaders,
 * String, String[])}. Rank r of every run gets loader r, so from the second run on each rank runs classes
 * that are loaded, initialised and JIT-compiled already: the steady state a long-running program (or a JMH
 * benchmark after its warm-up) measures, where new loaders per run make each run compile its program again.
 *
 * <p>What a run still gets afresh: everything {@code main} creates (its objects, its threads' locals), the
 * MPI world and its communicators. What it does not: static fields, and static initialisers run once per
 * rank for all the runs. A program with a mutable static field is therefore refused from its second run on
 * ({@link #mutableStatic()}); {@link StaticState} says what that check cannot see.
 *
 * <pre>{@code
 * try (RankLoaders loaders = RankLoaders.open(classpath, 4)) {
 *     for (int i = 0; i < 5; i++) {
 *         JobResult r = ThreadsJob.runMain(JobConfig.of(4), loaders, "demo.Ring", args);
 *     }
 * }
 * }</pre>
 */
public final class RankLoaders implements AutoCloseable {
    private final RankClassLoader[] loaders;
    private int runs;
    private boolean closed;

    private RankLoaders(RankClassLoader[] loaders) {
        this.loaders = loaders;
    }

    /**
     * Loaders for {@code np} ranks loading from {@code classpath} (child first; the JDK, the MPI API and the
     * shim shared from this class's loader).
     *
     * @throws IllegalArgumentException when {@code classpath} is null or {@code np} is below 1
     */
    public static RankLoaders open(URL[] classpath, int np) {
        if (classpath == null) {
            throw new IllegalArgumentException("RankLoaders.open: classpath is null");
        }
        if (np < 1) {
            throw new IllegalArgumentException("RankLoaders.open: np must be at least 1 (got " + np + ")");
        }
        final ClassLoader parent = RankLoaders.class.getClassLoader();
        final RankClassLoader[] loaders = new RankClassLoader[np];
        for (int r = 0; r < np; r++) {
            loaders[r] = new RankClassLoader(r, classpath.clone(), parent);
        }
        return new RankLoaders(loaders);
    }

    /** The number of ranks these loaders are for. */
    public int np() {
        return loaders.length;
    }

    /** How many jobs have started with these loaders. */
    public synchronized int runs() {
        return runs;
    }

    /** True once {@link #close()} was called. */
    public synchronized boolean closed() {
        return closed;
    }

    /** Rank {@code rank}'s loader. */
    ClassLoader loader(int rank) {
        return loaders[rank];
    }

    synchronized void started() {
        runs++;
    }

    /**
     * The first class the ranks loaded from the class path that has a mutable static field (which a later
     * run would see as the previous run left it), described in one line; null when there is none.
     */
    public String mutableStatic() {
        for (RankClassLoader l : loaders) {
            final String found = StaticState.mutableStatic(l.defined());
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    /** Closes every rank's loader (its open jar files); the classes go when nothing refers to them. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (RankClassLoader l : loaders) {
            try {
                l.close();
            } catch (IOException ignored) {
                // nothing to do: the runs are over
            }
        }
    }
}
