package bamboo.bench.cli;

import bamboo.bench.apps.AppBench;
import bamboo.bench.apps.TranslatedAppRunner;
import bamboo.cli.JavaHomeOption;
import bamboo.cli.Main;
import bamboo.cli.launch.Units;
import bamboo.cli.launch.UserError;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bamboo demo}: 3-D Jacobi on two simulated nodes, the plain program against its annotated form
 * translated to tasks, both verified, ending with the speed-up and the share of communication hidden.
 *
 * <p>The interconnect is set from this machine's own speed: a short calibration times the program with
 * free communication, and latency and bandwidth are scaled so that communication takes about
 * {@code --comm-share} of the plain program's time. A machine slowed by other work slows the computation
 * but not a simulated interconnect, so fixed settings leave communication a sliver of the time whose
 * effect drowns in the noise; scaled, the effect stays large and its sign clear on any machine.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Shows Bamboo hiding communication: 3-D Jacobi, plain and translated.",
                "",
                "Runs the 3-D Jacobi example (a 128^3 grid, 120 sweeps) on 2 simulated nodes of one core "
                + "each, three ways, each verified against a sequential computation: 'basic', the plain "
                + "program, which computes and then waits for its halo exchange; 'translated', the same "
                + "program with the exchange marked by @Bamboo annotations, translated into --k tasks per "
                + "node; and 'bound', basic with communication free, which no overlap can beat.",
                "",
                "The interconnect is first set so that communication takes about --comm-share of basic's "
                + "time on this machine (unless --latency and --bandwidth fix it). Then the three run "
                + "interleaved, --repeat times each after warm-up runs. The result: the median times, the "
                + "speed-up of translated over basic and 'communication hidden' = (basic - translated) / "
                + "(basic - bound), with an 80%% interval over the repeats.",
                "",
                "Takes about a minute on an idle 2-core machine. The plot and the CSV go to --output."})
public final class DemoCommand implements Callable<Integer> {
    /** The problem: 3-D Jacobi as the benchmark runs it. */
    static final String APP = "jacobi3d";
    static final int GRID = 128;
    /** Sweeps of the timed loop, the benchmark's default for jacobi3d: at 120 the translated state machine
     *  stays below C2's compile threshold for the whole timed loop (docs/benchmarks.md). */
    static final int SWEEPS = 120;
    /** The benchmark's interconnect for jacobi3d, the shape the calibration scales. */
    static final long BASE_LATENCY_NANOS = 250_000;
    static final double BASE_BANDWIDTH = 200e6;

    /** Uncounted runs of each variant first: enough for the JIT to have compiled the timed loop's code
     *  (the benchmark's 10 aim at its largest programs; 3-D Jacobi's methods are small). */
    static final int WARMUP_RUNS = 5;

    @Option(names = "--repeat", paramLabel = "N", description = "Timed runs of each variant; medians are shown (default: ${DEFAULT-VALUE}).")
    int repeat = 9;

    @Option(names = "--k", paramLabel = "K", description = "Tasks per node of the translated program (default: ${DEFAULT-VALUE}).")
    int tasksPerNode = 2;

    // 40%: at k=2 a boundary task's next step waits for its neighbour's halo (communication plus half a
    // node's compute per step), so past about 40% the overlap can no longer hide it all; at 38% the
    // benchmark measured 93% hidden and 1.57x on an idle machine (docs/benchmarks.md).
    @Option(names = "--comm-share", paramLabel = "PERCENT", description = "The share of basic's time the calibrated interconnect aims communication at (default: ${DEFAULT-VALUE}).")
    int commShare = 40;

    @Option(names = "--latency", paramLabel = "TIME", description = "Fix the latency between the nodes, e.g. 1ms (with --bandwidth: no calibration).")
    String latency;

    @Option(names = "--bandwidth", paramLabel = "RATE", description = "Fix the bandwidth between the nodes, e.g. 50MB/s (with --latency: no calibration).")
    String bandwidth;

    @Option(names = {"-d", "--output"}, paramLabel = "DIR", description = "Where the plot (demo.png) and the CSV go (default: results/demo).")
    Path output;

    @Option(names = {"-v", "--verbose"}, description = "A line per run (with the JIT's and the machine's activity during it) and the benchmark's full table.")
    boolean verbose;

    @Mixin
    JavaHomeOption javaHome = new JavaHomeOption();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Integer relaunched = javaHome.relaunchIfOther(spec);
        if (relaunched != null) {
            return relaunched;
        }
        validate();
        Path out = output != null ? output
                : Path.of(System.getProperty("bamboo.home", ".")).resolve("results").resolve("demo");
        Files.createDirectories(out);
        PrintStream stdout = System.out;
        stdout.printf(Locale.ROOT, "Bamboo demo: 3-D Jacobi (%d^3 grid, %d sweeps) on 2 simulated nodes of 1 core each.%n",
                GRID, SWEEPS);
        stdout.flush();
        double[] load = new double[] {loadAverage(), 0};
        long latencyNanos;
        double bytesPerSecond;
        String how;
        if (latency != null && bandwidth != null) {
            latencyNanos = Units.parseDurationNanos(latency);
            bytesPerSecond = Units.parseBandwidth(bandwidth);
            how = "as given";
        } else {
            double bound = calibrate(out);
            if (Double.isNaN(bound)) {
                return Main.FAILED;
            }
            double scale = Calibration.scale(bound / SWEEPS, commShare / 100.0, GRID, BASE_LATENCY_NANOS, BASE_BANDWIDTH);
            // Rounded to what the line below prints, so that the figures given reproduce the run.
            latencyNanos = latency != null ? Units.parseDurationNanos(latency)
                    : 1000 * Math.max(1, Math.round(BASE_LATENCY_NANOS * scale / 1000));
            bytesPerSecond = bandwidth != null ? Units.parseBandwidth(bandwidth)
                    : Units.parseBandwidth(Units.formatBandwidth(BASE_BANDWIDTH / scale));
            how = String.format(Locale.ROOT, "set so that communication is about %d%% of basic's time here", commShare);
        }
        stdout.printf(Locale.ROOT, "Interconnect: latency %s, bandwidth %s (%s).%n", Units.formatLatency(latencyNanos),
                Units.formatBandwidth(bytesPerSecond), how);
        stdout.flush();
        List<String> args = new ArrayList<>(List.of("--app", APP, "--set", "iters=" + SWEEPS, "--variants",
                "basic,bamboo,nocomm", "--k", Integer.toString(tasksPerNode), "--repeat", Integer.toString(repeat),
                "--latency", Long.toString(latencyNanos) + "ns", "--bandwidth", Math.round(bytesPerSecond) + "B/s",
                "--output", out.toString(), "--no-targets", "--warmup-runs", Integer.toString(WARMUP_RUNS)));
        if (!verbose) {
            args.add("--progress-bar");
        }
        ByteArrayOutputStream table = new ByteArrayOutputStream();
        int code = AppBench.run(args.toArray(String[]::new), verbose ? stdout : quiet(table), System.err,
                TranslatedAppRunner.forCheckout());
        load[1] = loadAverage();
        if (code != 0) {
            if (!verbose) {
                stdout.print(table.toString(StandardCharsets.UTF_8));
            }
            return code;
        }
        Map<String, List<Double>> times = times(out.resolve("results.csv"));
        if (times == null) {
            return Main.FAILED;
        }
        DemoSummary summary = new DemoSummary(times.get("basic"), times.get("bamboo"), times.get("nocomm"),
                tasksPerNode);
        Path png = out.resolve("demo.png");
        boolean plotted = DemoPlot.write(summary, png);
        if (verbose) {
            stdout.println();
        }
        summary.lines(Runtime.getRuntime().availableProcessors(), Math.max(load[0], load[1])).forEach(stdout::println);
        stdout.println((plotted ? "Plot: " + png + "; t" : "T") + "imes of every run: " + out.resolve("results.csv"));
        return 0;
    }

    private void validate() {
        if (repeat < 1) {
            throw new UserError("--repeat must be at least 1 (got " + repeat + ")");
        }
        if (tasksPerNode < 1) {
            throw new UserError("--k must be at least 1 (got " + tasksPerNode + ")");
        }
        if (commShare < 5 || commShare > 90) {
            throw new UserError("--comm-share must be between 5 and 90 (got " + commShare + ")");
        }
        try {
            if (latency != null) {
                Units.parseDurationNanos(latency);
            }
            if (bandwidth != null) {
                Units.parseBandwidth(bandwidth);
            }
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        if ((latency != null || bandwidth != null) && spec.commandLine().getParseResult().hasMatchedOption("--comm-share")) {
            throw new UserError("--comm-share sets the interconnect from this machine's speed; with --latency or "
                    + "--bandwidth given, leave it out");
        }
    }

    /** The median time of the program with free communication, from a few short runs; NaN when they failed. */
    private double calibrate(Path out) throws IOException {
        Path dir = out.resolve("calibration");
        List<String> args = new ArrayList<>(List.of("--app", APP, "--set", "iters=" + SWEEPS, "--variants", "nocomm",
                "--repeat", "3", "--warmup-runs", "2", "--output", dir.toString(), "--no-targets"));
        if (!verbose) {
            args.add("--progress-bar");
        }
        ByteArrayOutputStream table = new ByteArrayOutputStream();
        int code = AppBench.run(args.toArray(String[]::new), verbose ? System.out : quiet(table), System.err, null);
        Map<String, List<Double>> times = code == 0 ? times(dir.resolve("results.csv")) : null;
        if (times == null || !times.containsKey("nocomm")) {
            System.out.print(table.toString(StandardCharsets.UTF_8));
            System.out.println("The calibration runs failed (above); nothing was measured.");
            return Double.NaN;
        }
        return bamboo.bench.apps.Row.median(times.get("nocomm"));
    }

    private static PrintStream quiet(ByteArrayOutputStream sink) {
        return new PrintStream(sink, true, StandardCharsets.UTF_8);
    }

    /** The system's load average over the last minute, or NaN where the platform has none. */
    private static double loadAverage() {
        double l = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return l < 0 ? Double.NaN : l;
    }

    /** Every variant's times in run order from the benchmark's results.csv; null (said why) when one did not run. */
    private static Map<String, List<Double>> times(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        String[] header = lines.get(0).split(",", -1);
        int variant = column(header, "variant");
        int times = column(header, "times_s");
        Map<String, List<Double>> byVariant = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            if (cells[times].isEmpty()) {
                System.out.println(cells[variant] + ": did not run (rerun with --verbose to see why)");
                return null;
            }
            List<Double> values = new ArrayList<>();
            for (String t : cells[times].split(";")) {
                values.add(Double.parseDouble(t));
            }
            byVariant.put(cells[variant], values);
        }
        return byVariant;
    }

    private static int column(String[] header, String name) {
        for (int i = 0; i < header.length; i++) {
            if (header[i].equals(name)) {
                return i;
            }
        }
        throw new IllegalStateException("results.csv has no column " + name);
    }
}
