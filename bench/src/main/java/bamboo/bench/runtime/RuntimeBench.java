package bamboo.bench.runtime;

import bamboo.cli.launch.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Runs the runtime's benchmarks (JMH, through its Runner API) and ends with one line per headline figure:
 * {@code metric task-switch-ns <v> ns}, {@code metric task-latency-ns <v> ns},
 * {@code metric alloc-bytes-per-message <v> B} (within a process), {@code metric remote-alloc-bytes-per-message
 * <v> B} (between two processes, every thread counted).
 *
 * <p>The virtual-thread comparison needs JDK 21+: on an older JVM the ping-pong pair runs in forks of the JDK
 * given by {@code --java-home}, {@code BAMBOO_JDK21}, or the first JDK 21+ under /usr/lib/jvm; it is reported
 * as skipped when there is none.
 */
@Command(name = "runtime", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Task-graph runtime micro-benchmarks (JMH): task switch, inject-and-fire, task-to-task "
                + "latency, bandwidth, allocation per message, and the same ping-pong on virtual threads.",
                "",
                "Ends with 'metric NAME VALUE UNIT' lines, one per headline figure."})
public final class RuntimeBench implements Callable<Integer> {
    private static final String FLAGS = "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED";
    private static final String UNSAFE_ALLOWED = "--sun-misc-unsafe-memory-access=allow";
    private static final String RB = RuntimeBenchmarks.class.getName();
    private static final String VT = VirtualThreadPingPong.class.getName();

    @Option(names = "--quick", description = "Fewer benchmarks and shorter iterations (about a minute).")
    boolean quick;

    @Option(names = "--forks", paramLabel = "N", description = "JMH forks per benchmark; 0 runs in this JVM (default: ${DEFAULT-VALUE}).")
    int forks = 1;

    @Option(names = "--java-home", paramLabel = "DIR", description = "A JDK 21+ for the virtual-thread comparison when this JVM is older (default: BAMBOO_JDK21, else the first JDK 21+ under /usr/lib/jvm).")
    Path jdk21;

    @Option(names = {"-v", "--verbose"}, description = "JMH's own output.")
    boolean verbose;

    public static void main(String[] args) {
        System.exit(new CommandLine(new RuntimeBench()).execute(args));
    }

    @Override
    public Integer call() {
        if (forks < 0) {
            throw new UserError("--forks must be >= 0, got " + forks);
        }
        try {
            run();
            return 0;
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        } catch (RunnerException | RuntimeException e) {
            throw new UserError("benchmark failed: " + e, 1);
        }
    }

    /** The options of a JMH run whose forks run on a JDK of major version {@code forkFeature}. */
    private ChainedOptionsBuilder options(String include, int forkFeature) {
        ChainedOptionsBuilder o = new OptionsBuilder()
                .include(include)
                .forks(forks)
                // A whole graph JIT-compiles in one to two seconds: warm up longer than that.
                .warmupIterations(quick ? 5 : 8)
                .warmupTime(TimeValue.milliseconds(quick ? 500 : 1000))
                .measurementIterations(quick ? 5 : 8)
                .measurementTime(TimeValue.milliseconds(quick ? 500 : 1000))
                // JMH's harness calls sun.misc.Unsafe::objectFieldOffset, which JDK 23+ warns about in four lines on
                // every fork's stderr (JEP 471); the option, unknown before 23, allows it without the warning.
                .jvmArgsAppend(forkFeature >= 23 ? new String[] {FLAGS, "-Xss8m", UNSAFE_ALLOWED} : new String[] {FLAGS, "-Xss8m"})
                .shouldFailOnError(true)
                .verbosity(verbose ? VerboseMode.NORMAL : VerboseMode.SILENT);
        return o;
    }

    private void run() throws RunnerException {
        System.out.println("runtime benchmarks (" + (quick ? "quick" : "full") + ", JDK " + Runtime.version().feature()
                + ", " + Runtime.getRuntime().availableProcessors() + " cores)");
        // 1. Exact steady-state allocation per message, in this JVM.
        double alloc1 = AllocationProbe.bytesPerMessage(1, 200_000, 200_000);
        double alloc2 = AllocationProbe.bytesPerMessage(2, 100_000, 100_000);
        System.out.printf(Locale.ROOT, "steady-state allocation per message: %.3f B (1 worker), %.3f B (2 workers)%n",
                alloc1, alloc2);
        // Between processes: the shim's pooled payload arrays and recycled envelopes (docs/runtime.md, Memory).
        double remote8 = AllocationProbe.remoteBytesPerMessage(1, 20_000, 50_000);
        double remoteBig = AllocationProbe.remoteBytesPerMessage(196_608, 50, 200);
        System.out.printf(Locale.ROOT, "steady-state allocation per message between 2 processes (all threads):"
                + " %.3f B (8 B messages), %.1f B (1.5 MB messages)%n", remote8, remoteBig);

        // 2. JMH: the micro-benchmarks, with the GC profiler.
        String which = quick ? "(taskSwitch|injectAndFire|latency|bandwidth)" : "(taskSwitch|injectAndFire|latency|bandwidth|stencil|ring)";
        boolean vtHere = Runtime.version().feature() >= 21;
        String include = RB + "\\." + which + "$" + (vtHere ? "|" + VT + "\\.latency$" : "");
        ChainedOptionsBuilder o = options(include, Runtime.version().feature()).addProfiler(GCProfiler.class);
        if (quick) {
            o.param("scheduler", "SHARED_QUEUE");
        }
        System.out.println("running JMH (this takes " + (quick ? "about a minute" : "about ten minutes") + ")...");
        Map<String, RunResult> results = byName(new Runner(o.build()).run());
        printTable(results);

        // 3. Virtual threads: same run if this JVM has them, else forks on a JDK 21+.
        RunResult vt = results.get(VT + ".latency");
        RunResult rtForVt = results.get(RB + ".latency[SHARED_QUEUE]");
        String vtJdk = "this JVM";
        if (vt == null) {
            Path java = findJdk21();
            if (java == null) {
                System.out.println("virtual-thread comparison: skipped (no JDK 21+ found; pass --java-home DIR)");
            } else {
                vtJdk = java.toString();
                ChainedOptionsBuilder v = options(RB + "\\.latency$|" + VT + "\\.latency$", featureOf(java.getParent().getParent()))
                        .param("scheduler", "SHARED_QUEUE")
                        .jvm(java.toString());
                Map<String, RunResult> pair = byName(new Runner(v.build()).run());
                vt = pair.get(VT + ".latency");
                rtForVt = pair.get(RB + ".latency[SHARED_QUEUE]");
            }
        }
        if (vt != null && rtForVt != null) {
            double v = vt.getPrimaryResult().getScore();
            double r = rtForVt.getPrimaryResult().getScore();
            System.out.printf(Locale.ROOT, "8-byte ping-pong, one way (%s): runtime tasks %.0f ns, virtual threads %.0f ns,"
                    + " virtual/runtime = %.2f%n", vtJdk, r, v, v / r);
        }

        RunResult sw = results.get(RB + ".taskSwitch[SHARED_QUEUE]");
        RunResult lat = results.get(RB + ".latency[SHARED_QUEUE]");
        System.out.printf(Locale.ROOT, "metric task-switch-ns %.1f ns%n", sw.getPrimaryResult().getScore());
        System.out.printf(Locale.ROOT, "metric task-latency-ns %.1f ns%n", lat.getPrimaryResult().getScore());
        System.out.printf(Locale.ROOT, "metric alloc-bytes-per-message %.3f B%n", Math.max(alloc1, alloc2));
        System.out.printf(Locale.ROOT, "metric remote-alloc-bytes-per-message %.3f B%n", remote8);
    }

    private static Map<String, RunResult> byName(Collection<RunResult> results) {
        Map<String, RunResult> m = new LinkedHashMap<>();
        for (RunResult r : results) {
            String name = r.getParams().getBenchmark();
            String p = r.getParams().getParam("scheduler");
            m.put(p == null ? name : name + "[" + p + "]", r);
        }
        return m;
    }

    private static void printTable(Map<String, RunResult> results) {
        System.out.printf(Locale.ROOT, "%-44s %14s %10s %16s%n", "benchmark", "ns/op", "± error", "JMH alloc B/op");
        for (Map.Entry<String, RunResult> e : results.entrySet()) {
            Result<?> p = e.getValue().getPrimaryResult();
            Result<?> alloc = secondary(e.getValue(), "gc.alloc.rate.norm");
            String name = e.getKey().substring(e.getKey().lastIndexOf('.', e.getKey().indexOf('[') < 0
                    ? e.getKey().length() : e.getKey().indexOf('[')) + 1);
            System.out.printf(Locale.ROOT, "%-44s %14.1f %10.1f %16s%n", name, p.getScore(), p.getScoreError(),
                    alloc == null ? "-" : String.format(Locale.ROOT, "%.2f", alloc.getScore()));
            if (name.startsWith("bandwidth")) {
                System.out.printf(Locale.ROOT, "%-44s %14.2f GB/s%n", "  = bandwidth",
                        RuntimeBenchmarks.STREAM_BYTES / p.getScore());
            }
        }
    }

    private static Result<?> secondary(RunResult r, String label) {
        // JMH 1.37 names it "gc.alloc.rate.norm"; older versions put a middle dot in front.
        Result<?> found = r.getSecondaryResults().get(label);
        return found != null ? found : r.getSecondaryResults().get("\u00b7" + label);
    }

    private Path findJdk21() {
        List<Path> candidates = new ArrayList<>();
        if (jdk21 != null) {
            candidates.add(jdk21);
        }
        String env = System.getenv("BAMBOO_JDK21");
        if (env != null && !env.isEmpty()) {
            candidates.add(Paths.get(env));
        }
        try (Stream<Path> s = Files.list(Paths.get("/usr/lib/jvm"))) {
            s.sorted().forEach(candidates::add);
        } catch (IOException e) {
            // no system JDKs: only the explicit ones count
        }
        for (Path home : candidates) {
            Path java = home.resolve("bin").resolve("java");
            if (Files.isExecutable(java) && featureOf(home) >= 21) {
                return java;
            }
        }
        if (jdk21 != null) {
            throw new IllegalArgumentException("--java-home " + jdk21 + " is not a JDK 21+ home (no bin/java or release file)");
        }
        return null;
    }

    private static int featureOf(Path home) {
        try {
            for (String line : Files.readAllLines(home.resolve("release"))) {
                if (line.startsWith("JAVA_VERSION=")) {
                    String v = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                    return Integer.parseInt(v.split("[.+-]")[0]);
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
