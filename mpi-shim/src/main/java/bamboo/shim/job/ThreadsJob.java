package bamboo.shim.job;

import bamboo.shim.engine.AbortCalledError;
import bamboo.shim.engine.Binding;
import bamboo.shim.engine.DeadlockWatch;
import bamboo.shim.engine.Endpoint;
import bamboo.shim.engine.JobAbortedError;
import bamboo.shim.engine.Network;
import bamboo.shim.engine.World;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.util.concurrent.TimeUnit;

/**
 * Runs N ranks as threads of this JVM (the threads device). Prints nothing, never calls
 * {@code System.exit} and never hangs: a failing rank aborts the others, a deadlock is reported, and a rank that ignores the abort is
 * abandoned (rank threads are daemons) after a grace period.
 *
 * <pre>{@code
 * JobResult r = ThreadsJob.run(JobConfig.of(4), (rank, size) -> { ... MPI.COMM_WORLD.Send(...) ... });
 * JobResult r = ThreadsJob.runMain(JobConfig.of(4).withNodes(2).withLatencyNanos(20_000),
 *                                  new URL[] {classesDir.toUri().toURL()}, "demo.Ring", args);
 * }</pre>
 */
public final class ThreadsJob {
    /** How long ranks get to unwind after an abort before the job is given up on. */
    private static final long GRACE_MILLIS = 3000;

    private ThreadsJob() {
    }

    /** Runs {@code body} once per rank, in the caller's class loader, with MPI already initialised. */
    public static JobResult run(JobConfig config, RankBody body) {
        if (config == null || body == null) {
            return JobResult.setup("ThreadsJob.run: " + (config == null ? "config" : "body") + " is null");
        }
        final String unsupported = RankThreads.unsupported(config.ranksAs());
        if (unsupported != null) {
            return JobResult.setup(unsupported);
        }
        return execute(config, (endpoint, size) -> {
            endpoint.initImplicitly();
            body.run(endpoint.rank(), size);
        });
    }

    /**
     * Runs {@code mainClass.main(args)} once per rank; each rank loads the program from {@code classpath}
     * in its own class loader, so mutable statics are per rank. The program calls {@code MPI.Init} itself.
     */
    public static JobResult runMain(JobConfig config, URL[] classpath, String mainClass, String[] args) {
        if (config == null || classpath == null) {
            return JobResult.setup("ThreadsJob.runMain: " + (config == null ? "config" : "classpath") + " is null");
        }
        try (RankLoaders loaders = RankLoaders.open(classpath, config.np())) {
            return runMain(config, loaders, mainClass, args);
        }
    }

    /**
     * Runs {@code mainClass.main(args)} once per rank, rank r in {@code loaders}' loader r: the program's
     * classes stay loaded (and JIT-compiled) from one such run to the next. A program with a mutable static
     * field is refused from the second run on (it would start with the previous run's value; see
     * {@link RankLoaders}). The caller closes {@code loaders}.
     */
    public static JobResult runMain(JobConfig config, RankLoaders loaders, String mainClass, String[] args) {
        if (config == null || loaders == null) {
            return JobResult.setup("ThreadsJob.runMain: " + (config == null ? "config" : "loaders") + " is null");
        }
        if (loaders.closed()) {
            return JobResult.setup("ThreadsJob.runMain: the rank loaders are closed");
        }
        if (loaders.np() != config.np()) {
            return JobResult.setup("ThreadsJob.runMain: loaders for " + loaders.np() + " ranks given to a job of "
                    + config.np() + " ranks");
        }
        final String[] arguments = args == null ? new String[0] : args;
        final String unsupported = RankThreads.unsupported(config.ranksAs());
        if (unsupported != null) {
            return JobResult.setup(unsupported);
        }
        final String problem = checkMain(loaders.loader(0), mainClass);
        if (problem != null) {
            return JobResult.setup(problem);
        }
        if (loaders.runs() > 0) {
            final String stateful = loaders.mutableStatic();
            if (stateful != null) {
                return JobResult.setup(stateful + ": a run in class loaders kept from an earlier run would start"
                        + " with the value that run left; run it in new loaders");
            }
        }
        loaders.started();
        return execute(config, (endpoint, size) -> {
            final ClassLoader loader = loaders.loader(endpoint.rank());
            endpoint.setLoader(loader);
            Thread.currentThread().setContextClassLoader(loader);
            final Method main = Class.forName(mainClass, true, loader).getMethod("main", String[].class);
            try {
                main.invoke(null, (Object) arguments.clone());
            } catch (InvocationTargetException e) {
                throw rethrow(e.getCause());
            }
        });
    }

    /** One rank's work, given its endpoint. */
    private interface Work {
        void run(Endpoint endpoint, int size) throws Exception;
    }

    private static JobResult execute(JobConfig config, Work work) {
        final int np = config.np();
        final boolean spin = config.ranksAs() == JobConfig.RanksAs.PLATFORM
                && np <= Runtime.getRuntime().availableProcessors();
        final World world = new World(np, new Network(np, config.nodes(), config.placement(), config.latencyNanos(),
                config.bandwidthBytesPerSec()), config.eagerLimitBytes(), config.eagerBudgetBytes(), spin);
        if (config.coresPerNode() > 0) {
            world.gateCores(config.coresPerNode());
        }
        final Outcome outcome = new Outcome(world);
        DeadlockWatch.start(world, "bamboo-deadlock-watch", outcome::deadlock);
        final Thread[] threads = new Thread[np];
        for (int r = 0; r < np; r++) {
            final Endpoint endpoint = world.endpoint(r);
            threads[r] = RankThreads.create(config.ranksAs(), "rank-" + r, () -> runRank(endpoint, np, work, outcome));
        }
        for (Thread t : threads) {
            t.start();
        }
        try {
            join(threads, world);
        } finally {
            world.close();
        }
        return outcome.result();
    }

    private static void runRank(Endpoint endpoint, int size, Work work, Outcome outcome) {
        Binding.bind(endpoint);
        try {
            endpoint.enterCore(); // with a core gate: wait for a core of the node before running the program
            work.run(endpoint, size);
        } catch (JobAbortedError e) {
            // another rank failed first, or the watch found a deadlock: already recorded
        } catch (Throwable t) {
            outcome.failed(endpoint.rank(), t);
        } finally {
            endpoint.leaveCore();
            endpoint.markFinished();
            Binding.unbind();
        }
    }

    /** Waits for every rank; after an abort gives them a grace period, then interrupts and abandons them. */
    private static void join(Thread[] threads, World world) {
        long abortedAt = 0;
        for (Thread t : threads) {
            while (t.isAlive()) {
                try {
                    t.join(50);
                } catch (InterruptedException e) {
                    world.abort("the job was interrupted");
                    Thread.currentThread().interrupt();
                    return;
                }
                if (world.aborted()) {
                    if (abortedAt == 0) {
                        abortedAt = System.nanoTime();
                    } else if (System.nanoTime() - abortedAt > TimeUnit.MILLISECONDS.toNanos(GRACE_MILLIS)) {
                        for (Thread s : threads) {
                            s.interrupt();
                        }
                        return;
                    }
                }
            }
        }
    }

    /** Loads {@code mainClass} in {@code loader} without initialising it, to report a bad name at once. */
    private static String checkMain(ClassLoader loader, String mainClass) {
        if (mainClass == null || mainClass.isEmpty()) {
            return "no main class given";
        }
        try {
            final Class<?> c = Class.forName(mainClass, false, loader);
            final Method main;
            try {
                main = c.getMethod("main", String[].class);
            } catch (NoSuchMethodException e) {
                return "class " + mainClass + " has no public static void main(String[])";
            }
            if (!Modifier.isStatic(main.getModifiers())) {
                return "class " + mainClass + " has no public static void main(String[]) (main is not static)";
            }
            return null;
        } catch (ClassNotFoundException | NoClassDefFoundError e) {
            return "main class " + mainClass + " not found on the class path";
        }
    }

    private static Exception rethrow(Throwable t) throws Exception {
        if (t instanceof Exception) {
            throw (Exception) t;
        }
        if (t instanceof Error) {
            throw (Error) t;
        }
        throw new IllegalStateException(t);
    }

    /** The first failure of the job (a rank's exception or a deadlock); the rest are consequences. */
    private static final class Outcome {
        private final World world;
        private JobResult result;

        Outcome(World world) {
            this.world = world;
        }

        synchronized void failed(int rank, Throwable t) {
            if (result == null) {
                final String line = t instanceof AbortCalledError ? t.getMessage() : "rank " + rank + " failed: "
                        + oneLine(t);
                // Abort(code) ends the job with that code, as mpirun's exit status (0 would read as success)
                final int code = t instanceof AbortCalledError ? abortExitCode(((AbortCalledError) t).errorCode())
                        : JobResult.FAILED;
                result = new JobResult(code, line, null, rank, t instanceof AbortCalledError ? null : t);
            }
            world.abort("job aborted: rank " + rank + " failed");
        }

        synchronized void deadlock(String summary, String report) {
            if (result == null) {
                result = new JobResult(JobResult.DEADLOCK, summary, report, -1, null);
            }
            world.abort("job aborted: " + summary);
        }

        synchronized JobResult result() {
            if (result == null && world.aborted()) {
                // a rank swallowed the error that reported its failure
                return new JobResult(JobResult.FAILED, world.abortMessage(), null, -1, null);
            }
            return result != null ? result : JobResult.ok();
        }

        /** A process exit status for {@code Abort(code)}: the code's low byte, or FAILED when that is 0. */
        static int abortExitCode(int code) {
            final int status = code & 0xFF;
            return status == 0 ? JobResult.FAILED : status;
        }

        private static String oneLine(Throwable t) {
            if (t instanceof ExceptionInInitializerError && t.getCause() != null) {
                return "static initialiser failed: " + oneLine(t.getCause());
            }
            final String m = t.getMessage();
            final String s = m == null ? t.getClass().getName() : t.getClass().getName() + ": " + m;
            final int nl = s.indexOf('\n');
            return nl < 0 ? s : s.substring(0, nl);
        }
    }
}
