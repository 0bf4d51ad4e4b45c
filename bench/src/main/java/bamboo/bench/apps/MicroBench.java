package bamboo.bench.apps;

import bamboo.bench.apps.Runner.RunFailure;
import bamboo.cli.launch.UserError;
import bamboo.shim.job.ThreadsJob;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Operation by operation, our shim against MPJ Express's multicore device: the same compiled
 * {@link MicroOps} class, 2 ranks, each library in a child JVM of its own ({@link MicroChild} for ours,
 * {@link MpjChild} via {@link MpjPeer} for MPJ Express), with the same JVM options and warm-up; the runs
 * are interleaved (repeat by repeat) and each figure is the median over the repeats of the program's own
 * median chunk. {@code --base-shim DIR} adds a third column: another build of the shim (its classes
 * folder or jar), for before/after figures within one run.
 *
 * <pre>
 * java -cp examples/target/classes:mpi-shim/target/classes bamboo.bench.apps.MicroBench [--quick]
 *     [--repeat N] [--ops latency,bw64k,...] [--scale X] [--base-shim DIR]
 * </pre>
 * Prints one row per operation: ns per operation (median, min, max over the repeats) for each column and
 * {@code ours/MPJ} (below 1: our shim is faster), plus the machine's load average before and after.
 *
 * <p>{@code --apps cg,halo26,...} times the applications' {@code Basic} classes instead ({@code --np N}
 * ranks instead of the application's default nodes, e.g. to oversubscribe the cores; the problem of
 * {@code ./bamboo bench apps}, quick with {@code --quick}; {@code np} = the application's default nodes,
 * no simulated interconnect on either side): the comparison of the bench's {@code nocomm-child} and
 * {@code mpj-express} rows, plus each child JVM's CPU time in its timed run (row {@code <app> cpu}): on
 * a shared machine the wall time measures the scheduler as much as the library, the CPU time what the
 * run cost. Columns alternate their order every second repeat.
 */
public final class MicroBench {

    private MicroBench() {
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new Cli()).execute(args));
    }

    /** The command line: {@code MicroBench [--quick] [--repeat N] [--ops LIST] ...}. */
    @Command(name = "MicroBench", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Operation by operation (or application by application with --apps), our shim against "
                    + "MPJ Express's multicore device, each in child JVMs of its own.")
    static final class Cli implements Callable<Integer> {
        @Option(names = "--quick", description = "3 repeats, problems scaled to 0.3.")
        boolean quick;
        @Option(names = "--repeat", paramLabel = "N", description = "Repeats (default: 5, quick 3).")
        Integer repeat;
        @Option(names = "--scale", paramLabel = "X", description = "Scale of the operations' counts (default: 1, quick 0.3).")
        Double scale;
        @Option(names = "--ops", paramLabel = "LIST", split = ",", description = "Operations (default: all).")
        List<String> ops = new ArrayList<>(List.of(MicroOps.ALL));
        @Option(names = "--apps", paramLabel = "LIST", split = ",", description = "Time these applications' Basic classes instead.")
        List<String> apps = new ArrayList<>();
        @Option(names = "--np", paramLabel = "N", description = "Ranks of the applications (default: each one's nodes).")
        int np;
        @Option(names = "--base-shim", paramLabel = "DIR", description = "Another build of the shim (classes folder or jar) as a third column.")
        Path base;

        @Override
        public Integer call() throws Exception {
            if (np < 0 || repeat != null && repeat < 1) {
                throw new UserError("--np and --repeat need a positive whole number");
            }
            run(repeat != null ? repeat : quick ? 3 : 5, np, scale != null ? scale : quick ? 0.3 : 1,
                    String.join(",", ops), base, apps, quick);
            return 0;
        }
    }

    static void run(int repeat, int np, double scale, String ops, Path base, List<String> apps, boolean quick)
            throws Exception {
        Path shim = MpjPeer.location(ThreadsJob.class);
        MpjPeer mpj = MpjPeer.forExamples();
        List<String> argv = List.of("ops=" + ops, "scale=" + scale);
        Map<String, Path> ourColumns = new LinkedHashMap<>();
        ourColumns.put("ours", shim);
        if (base != null) {
            ourColumns.put("base", base);
        }
        List<String> columns = new ArrayList<>(ourColumns.keySet());
        if (mpj.skipReason() == null) {
            columns.add("mpj");
        } else {
            System.out.println("MPJ Express skipped: " + mpj.skipReason());
        }
        List<Program> programs = new ArrayList<>();
        if (apps.isEmpty()) {
            programs.add(new Program(null, 2, MicroOps.class.getName(), argv));
        }
        for (String name : apps) {
            AppSpec app = Apps.byName(name);
            Map<String, String> problem = app.problem(quick, Map.of());
            int ranks = np > 0 ? np : app.defaultNodes();
            String unusable = app.unusable(ranks);
            if (unusable != null) {
                throw new UserError(app.name() + " cannot run on " + ranks + " ranks: " + unusable);
            }
            programs.add(new Program(app.name(), ranks, app.mainClass("Basic"),
                    List.of(AppSpec.argv(problem, app.reference().apply(problem)))));
        }
        Map<String, Map<String, List<Double>>> figures = new LinkedHashMap<>();
        String loadBefore = load();
        for (int rep = 1; rep <= repeat; rep++) {
            for (Program program : programs) {
                for (String column : alternating(columns, rep)) {
                    System.err.printf(Locale.ROOT, "[%d/%d] %s%s ...%n", rep, repeat,
                            program.app == null ? "" : program.app + " ", column);
                    String out = column.equals("mpj") ? mpj.output(program.np, program.mainClass, program.argv)
                            : mpj.oursOutput(ourColumns.get(column), program.np, program.mainClass, program.argv);
                    Map<String, Double> run = program.app == null ? parse(column, out)
                            : appTimes(program.app, column, out);
                    run.forEach((op, ns) -> figures.computeIfAbsent(op, k -> new LinkedHashMap<>())
                            .computeIfAbsent(column, k -> new ArrayList<>()).add(ns));
                }
            }
        }
        print(figures, columns, repeat, loadBefore, load(), apps.isEmpty() ? "op (ns)" : "app (ms)");
    }

    /** A program to time: MicroOps ({@code app} null) or an application's Basic form. */
    private static final class Program {
        final String app;
        final int np;
        final String mainClass;
        final List<String> argv;

        Program(String app, int np, String mainClass, List<String> argv) {
            this.app = app;
            this.np = np;
            this.mainClass = mainClass;
            this.argv = argv;
        }
    }

    /** The columns in their order, reversed every second repeat: no library always runs right after the
     *  other (the machine's load drifts, and a child JVM's exit can still be cleaning up). */
    static List<String> alternating(List<String> columns, int rep) {
        List<String> order = new ArrayList<>(columns);
        if (rep % 2 == 0) {
            java.util.Collections.reverse(order);
        }
        return order;
    }

    /** An application's own time of its timed run ({@code app}), and the child JVM's CPU time in that run
     *  ({@code app cpu}, when the child could read it), in ms. */
    static Map<String, Double> appTimes(String app, String column, String output) throws RunFailure {
        int at = output.indexOf(MpjChild.TIMED);
        if (at < 0) {
            throw new RunFailure(column + ": no timed run in the output:\n" + output);
        }
        Map<String, Double> out = new LinkedHashMap<>();
        out.put(app, 1000 * OutputParser.time(app, output.substring(at)));
        double cpu = MpjPeer.cpuOf(output);
        if (!Double.isNaN(cpu)) {
            out.put(app + " cpu", 1000 * cpu);
        }
        return out;
    }

    /** The {@code micro op ns} lines of the timed part of a child's output. */
    static Map<String, Double> parse(String column, String output) throws RunFailure {
        int at = output.indexOf(MpjChild.TIMED);
        if (at < 0) {
            throw new RunFailure(column + ": no timed run in the output:\n" + output);
        }
        Map<String, Double> out = new LinkedHashMap<>();
        for (String line : output.substring(at).split("\\R")) {
            if (line.startsWith(MicroOps.PREFIX)) {
                String[] f = line.substring(MicroOps.PREFIX.length()).trim().split(" ");
                out.put(f[0], Double.parseDouble(f[1]));
            }
        }
        if (out.isEmpty()) {
            throw new RunFailure(column + ": the timed run printed no figures:\n" + output);
        }
        return out;
    }

    private static void print(Map<String, Map<String, List<Double>>> figures, List<String> columns, int repeat,
                              String loadBefore, String loadAfter, String unit) {
        System.out.printf(Locale.ROOT, "machine: %d cores, JDK %s; %d interleaved repeats; load average %s "
                        + "before, %s after%n", Runtime.getRuntime().availableProcessors(), Runtime.version(), repeat,
                loadBefore, loadAfter);
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-10s", unit));
        for (String c : columns) {
            head.append(String.format(Locale.ROOT, " %28s", c + " median [min-max]"));
        }
        if (columns.contains("mpj")) {
            head.append(String.format(Locale.ROOT, " %9s %22s", "ours/mpj", "per pair [min-max]"));
            if (columns.contains("base")) {
                head.append(String.format(Locale.ROOT, " %9s %22s", "base/mpj", "per pair [min-max]"));
            }
        }
        System.out.println(head);
        for (Map.Entry<String, Map<String, List<Double>>> op : figures.entrySet()) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-10s", op.getKey()));
            for (String c : columns) {
                double[] v = sorted(op.getValue().get(c));
                row.append(v.length == 0 ? String.format(Locale.ROOT, " %28s", "-")
                        : String.format(Locale.ROOT, " %10.1f [%7.1f-%7.1f]", median(v), v[0], v[v.length - 1]));
            }
            if (columns.contains("mpj")) {
                row.append(ratios(op.getValue(), "ours"));
                if (columns.contains("base")) {
                    row.append(ratios(op.getValue(), "base"));
                }
            }
            System.out.println(row);
        }
    }

    /** {@code column}/mpj as the ratio of the medians, then the per-pair ratios (repeat i of the column
     *  over repeat i of MPJ Express, which ran right next to it): their median and min-max. */
    private static String ratios(Map<String, List<Double>> byColumn, String column) {
        List<Double> ours = byColumn.getOrDefault(column, List.of());
        List<Double> mpj = byColumn.getOrDefault("mpj", List.of());
        return String.format(Locale.ROOT, " %8.2fx %22s", median(sorted(ours)) / median(sorted(mpj)),
                PairRatios.of(ours, mpj).format());
    }

    private static double[] sorted(List<Double> values) {
        if (values == null) {
            return new double[0];
        }
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(v);
        return v;
    }

    private static double median(double[] v) {
        if (v.length == 0) {
            return Double.NaN;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static String load() {
        double l = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return l < 0 ? "n/a" : String.format(Locale.ROOT, "%.1f", l);
    }
}
