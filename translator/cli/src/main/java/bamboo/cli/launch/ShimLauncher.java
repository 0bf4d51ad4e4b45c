package bamboo.cli.launch;

import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.ThreadsJob;
import bamboo.shim.launch.ProcessConfig;
import bamboo.shim.launch.ProcessJob;
import bamboo.shim.net.RankPlacement;
import java.io.File;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs a program untranslated on the mpi-shim's threads device and reports how it ended. */
public final class ShimLauncher {

    /** What to run and how; {@code hostfile} non-null or {@code processes} true selects the aeron device. */
    public record Request(int np, int nodes, long latencyNanos, double bandwidth, boolean virtualThreads,
                          boolean verbose, String classPath, String target, List<String> args,
                          boolean processes, Path hostfile) {
    }

    private ShimLauncher() {
    }

    /** Runs the request with the default eager budget and returns the exit code. */
    public static int run(Request r) {
        return run(r, bamboo.shim.engine.World.DEFAULT_EAGER_BUDGET);
    }

    /** Runs the request and returns the exit code; one-line messages go to stderr. {@code eagerBudget}:
     *  flow control, the unexpected eager bytes one rank may hold (threads device). */
    public static int run(Request r, long eagerBudget) {
        return run(r, eagerBudget, 0);
    }

    /** {@link #run(Request, long)} with each simulated node limited to {@code coresPerNode} cores (0: no limit;
     *  {@link JobConfig#coresPerNode()}). */
    public static int run(Request r, long eagerBudget, int coresPerNode) {
        return run(r, eagerBudget, coresPerNode, RankPlacement.BLOCK);
    }

    /** {@link #run(Request, long, int)} with the ranks placed on the simulated nodes as {@code placement} says. */
    public static int run(Request r, long eagerBudget, int coresPerNode, RankPlacement placement) {
        List<Path> userPath = classPathEntries(r.classPath());
        String mainClass = r.target();
        List<Path> runPath = new ArrayList<>(userPath);
        if (r.target().endsWith(".java")) {
            ProgramChecks.requireUtf8(List.of(Path.of(r.target())));
            List<Path> compilePath = new ArrayList<>(userPath);
            compilePath.addAll(apiJars());
            SourceCompiler.Output out = SourceCompiler.compile(Path.of(r.target()), compilePath);
            runPath.add(0, out.classesDir());
            mainClass = out.mainClass();
        }
        if (r.processes()) {
            // One JVM per rank over Aeron: the launcher adds the shim and Aeron to the children's class path.
            ProcessConfig processes = ProcessConfig.of(r.np()).withHostfile(r.hostfile());
            return ProcessJob.run(processes, runPath, mainClass, r.args());
        }
        JobConfig config = JobConfig.of(r.np()).withNodes(r.nodes()).withLatencyNanos(r.latencyNanos())
                .withBandwidth(r.bandwidth()).withVerbose(r.verbose()).withEagerBudget(eagerBudget)
                .withCoresPerNode(coresPerNode).withPlacement(placement)
                .withRanksAs(r.virtualThreads() ? JobConfig.RanksAs.VIRTUAL : JobConfig.RanksAs.PLATFORM);
        Thread exitWatch = new Thread(ShimLauncher::nameTheRankThatExits, "bamboo-exit-watch");
        Runtime.getRuntime().addShutdownHook(exitWatch);
        JobResult result;
        try {
            result = ThreadsJob.runMain(config, urls(runPath), mainClass, r.args().toArray(new String[0]));
        } finally {
            Runtime.getRuntime().removeShutdownHook(exitWatch);
        }
        report(result, r.verbose());
        return result.exitCode();
    }

    /**
     * Run as the JVM shuts down during a job: a rank that called {@code System.exit} ends every rank (they
     * share the JVM), so say which one did and where; the exiting thread is still inside {@code exit}.
     */
    private static void nameTheRankThatExits() {
        for (var e : Thread.getAllStackTraces().entrySet()) {
            String where = exitCaller(e.getKey().getName(), e.getValue());
            if (where != null) {
                System.out.flush();
                System.err.println("bamboo: " + where);
                System.err.flush();
                return;
            }
        }
    }

    /** "rank 1 called System.exit at P.main(P.java:9), which ends every rank of the job", or null when
     *  {@code thread} is no rank inside {@code System.exit}. */
    public static String exitCaller(String thread, StackTraceElement[] stack) {
        if (!thread.startsWith("rank-")) {
            return null;
        }
        for (int i = 0; i + 1 < stack.length; i++) {
            StackTraceElement f = stack[i];
            if ((f.getClassName().equals("java.lang.System") || f.getClassName().equals("java.lang.Runtime"))
                    && (f.getMethodName().equals("exit") || f.getMethodName().equals("halt"))) {
                StackTraceElement caller = stack[i + 1];
                for (int j = i + 1; j < stack.length && caller.getClassName().startsWith("java."); j++) {
                    caller = stack[j];
                }
                return "rank " + thread.substring("rank-".length()) + " called System.exit at " + caller.getClassName()
                        + "." + caller.getMethodName() + "(" + caller.getFileName() + ":" + caller.getLineNumber() + ")"
                        + ", which ends every rank of the job (the ranks share one JVM); end the rank by returning "
                        + "from main, or call MPI.COMM_WORLD.Abort to end the job";
            }
        }
        return null;
    }

    private static void report(JobResult result, boolean verbose) {
        System.out.flush();
        if (result.succeeded()) {
            return;
        }
        if (result.deadlockReport() != null) {
            // The report's lines say all the one-line summary does: print them once, under our prefix.
            List<String> lines = result.deadlockReport().strip().lines().toList();
            System.err.println("bamboo: " + lines.get(0));
            lines.subList(1, lines.size()).forEach(System.err::println);
        } else if (result.message() != null) {
            System.err.println("bamboo: " + result.message());
        }
        if (verbose && result.cause() != null) {
            result.cause().printStackTrace();
        }
    }

    /** The -cp entries; like {@code java}, the current directory when none are given. */
    public static List<Path> classPathEntries(String classPath) {
        List<Path> entries = new ArrayList<>();
        String cp = classPath == null ? "." : classPath;
        for (String e : cp.split(File.pathSeparator)) {
            if (e.isEmpty()) {
                continue;
            }
            Path p = Path.of(e);
            if (!Files.exists(p)) {
                throw new UserError("class path entry not found: " + e);
            }
            entries.add(p);
        }
        return entries;
    }

    /** The jars a program compiles against: the mpi-shim and the annotations. */
    static List<Path> apiJars() {
        return List.of(locationOf(mpi.MPI.class), locationOf(bamboo.Bamboo.class));
    }

    public static Path locationOf(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate " + c.getName(), e);
        }
    }

    public static URL[] urls(List<Path> paths) {
        URL[] urls = new URL[paths.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = paths.get(i).toAbsolutePath().toUri().toURL();
            } catch (MalformedURLException e) {
                throw new UserError("bad class path entry: " + paths.get(i));
            }
        }
        return urls;
    }
}
