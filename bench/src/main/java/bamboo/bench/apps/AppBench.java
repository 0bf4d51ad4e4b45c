package bamboo.bench.apps;

import bamboo.cli.launch.Units;
import bamboo.examples.common.Reference;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The application benchmark: every selected application in the variants {@code basic}
 * (one rank per core), {@code oversubscribed} and {@code virtual} (k ranks per node as platform or
 * virtual threads), {@code splitphase} (hand-written overlap), {@code bamboo} (translated, k tasks per
 * node; run by a {@link Runner} the command line supplies once the translator exists) and
 * {@code nocomm} (the same as basic with a free interconnect). Every variant solves the same global
 * problem on the same simulated nodes; each is repeated and its median reported.
 *
 * <p>Standard output gets the table and the verdicts on the targets ({@link TargetVerdicts});
 * standard error the progress. {@code results.csv}, {@code targets.csv}, {@code results.txt} and
 * {@code speedup.png} go to the {@code --out} folder.
 */
public final class AppBench {
    private final BenchOptions options;
    private final Runner shim;
    private final Runner translated;
    private final MpjPeer peer;
    private final PrintStream err;
    /** Runs between two runs, outside their timed windows ({@link BetweenRuns}); replaceable for tests. */
    private Runnable settle = BetweenRuns::settle;
    /** Every run with what else happened during it: runs.csv. */
    private final RunLog runLog = new RunLog();
    /** The longest wait for the JVM to go quiet before a run (JitQuiet): a large C2 compilation on a
     *  loaded machine takes about a second. */
    private static final long QUIET_MAX_NANOS = 2_000_000_000L;

    AppBench(BenchOptions options, Runner shim, Runner translated, PrintStream err) {
        this(options, shim, translated, null, err);
    }

    /** @param peer runs the {@code mpj-express} rows, or null to report them as skipped */
    AppBench(BenchOptions options, Runner shim, Runner translated, MpjPeer peer, PrintStream err) {
        this.options = options;
        this.shim = shim;
        this.translated = translated;
        this.peer = peer;
        this.err = err;
    }

    /** Uses {@code step} instead of {@link BetweenRuns#settle} between runs (tests). */
    AppBench settleWith(Runnable step) {
        this.settle = step;
        return this;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err, null));
    }

    /**
     * Runs the benchmark as the command line asks; returns the exit code (0 ok, 1 a run failed, 2 bad
     * usage or unwritable output).
     *
     * @param translated runs the {@code bamboo} variant (translated {@code Annotated} form), or null
     *                   to report that variant as skipped
     */
    public static int run(String[] args, PrintStream out, PrintStream err, Runner translated) {
        BenchOptions options;
        try {
            options = BenchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("bamboo: " + e.getMessage());
            return 2;
        }
        if (options.help) {
            out.println(BenchOptions.usage());
            return 0;
        }
        if (options.javaHome != null && bamboo.cli.launch.Relauncher.isOther(options.javaHome)) {
            List<String> again = new ArrayList<>(List.of("bench", "apps"));
            again.addAll(List.of(args));
            bamboo.cli.JavaHomeOption.dropJavaHome(again);
            return bamboo.cli.launch.Relauncher.relaunch(options.javaHome, "bamboo.cli.Main", again);
        }
        if (options.targetsFrom != null) {
            return judgeEarlier(options.targetsFrom, out, err);
        }
        String unwritable = checkOut(options.out);
        if (unwritable != null) {
            err.println("bamboo: " + unwritable);
            return 2;
        }
        if (options.jvms > 0) {
            return new JvmPasses(options, new JvmPasses.ChildProcesses(), out, err)
                    .run(JvmPasses.ownCommandLine(), List.of(args));
        }
        try {
            MpjPeer peer = options.variants.contains(MpjPeer.VARIANT) ? MpjPeer.forExamples() : null;
            AppBench bench = new AppBench(options, ShimRunner.forExamples(), translated, peer, err);
            ResultTable table = bench.measure();
            String header = header(options, peer);
            TargetTable targets = options.targets ? new TargetTable(TargetVerdicts.judge(table)) : null;
            String conditions = bench.runConditions();
            String text = table.format() + (targets == null ? "" : "\n" + targets.format())
                    + (conditions.isEmpty() ? "" : "\n" + conditions);
            out.print(header);
            out.print(text);
            boolean wrote = write(options, table, targets, header + text, bench.runLog(), out, err);
            if (anyFailed(table)) {
                return 1;
            }
            return wrote ? 0 : 2;
        } catch (IllegalArgumentException e) {
            err.println("bamboo: " + e.getMessage());
            return 2;
        }
    }

    /** {@code --targets-from}: the targets of earlier runs' results.csv, several pooled
     *  ({@link PooledPasses}); nothing runs, nothing is written. */
    private static int judgeEarlier(List<Path> given, PrintStream out, PrintStream err) {
        List<String> names = new ArrayList<>();
        List<ResultTable> passes = new ArrayList<>();
        for (Path g : given) {
            Path csv = Files.isDirectory(g) ? g.resolve("results.csv") : g; // the --output folder will do
            ResultTable table = readEarlier(csv, err);
            if (table == null) {
                return 2;
            }
            names.add(csv.toString());
            passes.add(table);
        }
        if (passes.size() == 1) {
            out.println("Judged from " + names.get(0) + " (" + passes.get(0).rows().size() + " rows; nothing was run)");
            out.print(new TargetTable(TargetVerdicts.judge(passes.get(0))).format());
            return 0;
        }
        ResultTable pooled;
        try {
            pooled = PooledPasses.pool(names, passes);
        } catch (IllegalArgumentException e) {
            err.println("bamboo: " + BenchOptions.TARGETS_FROM + " " + e.getMessage());
            return 2;
        }
        out.println("Judged from " + passes.size() + " passes pooled (" + String.join(", ", names) + "; "
                + pooled.rows().size() + " rows, each row's repeats in pass order; nothing was run)");
        out.print(new TargetTable(TargetVerdicts.judge(pooled)).format());
        return 0;
    }

    /** One earlier results.csv, or null after saying on {@code err} why it cannot be judged. */
    private static ResultTable readEarlier(Path csv, PrintStream err) {
        String text;
        try {
            text = Files.readString(csv, StandardCharsets.UTF_8);
        } catch (IOException | java.io.UncheckedIOException e) {
            String why = e instanceof java.nio.file.NoSuchFileException ? "no such file"
                    : e instanceof java.nio.file.AccessDeniedException ? "permission denied"
                    : e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
            err.println("bamboo: " + BenchOptions.TARGETS_FROM + " " + csv + ": cannot read it (" + why + ")");
            return null;
        }
        try {
            return ResultsCsv.read(csv.toString(), text);
        } catch (IllegalArgumentException e) {
            err.println("bamboo: " + BenchOptions.TARGETS_FROM + " " + e.getMessage());
            return null;
        }
    }

    /** Builds the plans, runs them interleaved (repeat by repeat) and returns the rows. */
    ResultTable measure() {
        List<List<Row>> perApp = new ArrayList<>();
        List<String[]> argvs = new ArrayList<>();
        int total = 0;
        for (AppSpec app : options.apps) {
            List<Row> rows = new ArrayList<>();
            for (RunPlan p : plans(app)) {
                rows.add(new Row(p));
                // + its warm-up run (the peer's is inside each of its runs)
                total += p.skipReason() == null ? options.repeat + (MpjPeer.isPeer(p) ? 0 : options.warmupRuns) : 0;
            }
            perApp.add(rows);
        }
        Progress progress = new Progress(err, total, options.progressBar);
        for (int a = 0; a < options.apps.size(); a++) {
            AppSpec app = options.apps.get(a);
            Map<String, String> problem = app.problem(options.quick, options.overrides);
            progress.note(app.name() + ": preparing " + problem);
            Reference ref = app.reference().apply(problem);
            argvs.add(AppSpec.argv(problem, ref));
        }
        for (int a = 0; a < options.apps.size(); a++) {
            runApp(perApp.get(a), argvs.get(a), progress);
        }
        List<Row> all = new ArrayList<>();
        perApp.forEach(all::addAll);
        return new ResultTable(all);
    }

    private void runApp(List<Row> rows, String[] argv, Progress progress) {
        for (Row r : rows) {
            if (!r.skipped()) {
                prepare(r, progress);
            }
        }
        List<Row> retained = new ArrayList<>();
        try {
            if (!options.freshClasses) {
                // Steady state: each row's runs share its program's classes, which its warm-up runs load and
                // the JIT compiles; the runners that start a child JVM per run ignore it.
                for (Row r : rows) {
                    if (!r.skipped() && !r.failed() && !r.plan().freshClasses()) {
                        runnerOf(r.plan()).retain(r.plan());
                        retained.add(r);
                    }
                }
            }
            // Uncounted runs of every variant first: they warm up what every run shares (the shim, the
            // runtime, the JDK) and, in steady state, the row's own program; with --fresh-classes each run
            // loads and JIT-compiles its own copy of the program (per-rank class loaders in the shim, a
            // loader per run for bamboo), alike for every variant.
            // Not the peer: it warms itself up in its own JVM before every timed run (MpjChild).
            for (int w = 1; w <= options.warmupRuns; w++) {
                String what = options.warmupRuns == 1 ? "warm-up " : "warm-up " + w + "/" + options.warmupRuns + " ";
                for (Row r : rows) {
                    if (!r.skipped() && !r.failed() && !MpjPeer.isPeer(r.plan())) {
                        runOnce(r, argv, progress, what, "w" + w);
                    }
                }
            }
            for (int rep = 1; rep <= options.repeat; rep++) {
                for (Row r : peerPairAlternating(rows, rep)) {
                    if (!r.skipped() && !r.failed()) {
                        runOnce(r, argv, progress, "run " + rep + "/" + options.repeat + " ", Integer.toString(rep));
                    }
                }
            }
        } finally {
            for (Row r : retained) {
                runnerOf(r.plan()).release(r.plan());
            }
        }
    }

    /** The rows in table order, but with our child-JVM row and MPJ Express's swapped in every second
     *  repeat, so that neither side always runs right after the other (a machine's load drifts). */
    static List<Row> peerPairAlternating(List<Row> rows, int rep) {
        List<Row> order = new ArrayList<>(rows);
        if (rep % 2 == 0) {
            for (int i = 0; i + 1 < order.size(); i++) {
                if (order.get(i).plan().variant().equals(MpjPeer.OURS_VARIANT)
                        && MpjPeer.isPeerVariant(order.get(i + 1).plan().variant())) {
                    java.util.Collections.swap(order, i, i + 1);
                }
            }
        }
        return order;
    }

    /** The runner's once-per-benchmark work (translation), announced so a long pause has a reason. */
    private void prepare(Row row, Progress progress) {
        RunPlan p = row.plan();
        Runner runner = runnerOf(p);
        String what = runner.preparing(p);
        if (what == null) {
            return;
        }
        progress.begin(p.app().name() + " " + p.label() + ": " + what);
        long start = System.nanoTime();
        try {
            runner.prepare(p);
            progress.ended(String.format(Locale.ROOT, "done (%.1f s)", (System.nanoTime() - start) / 1e9));
        } catch (Runner.RunFailure e) {
            row.fail(e.getMessage());
            progress.ended("FAILED: " + e.getMessage());
        }
    }

    /** The summary per row of the timed runs' conditions ({@link RunLog#summary}). */
    String runConditions() {
        return runLog.summary();
    }

    /** The runs.csv text of the runs so far ({@link RunLog}). */
    String runLog() {
        return runLog.csv();
    }

    private void runOnce(Row row, String[] argv, Progress progress, String what, String runId) {
        RunPlan p = row.plan();
        progress.starting(p.app().name() + " " + p.label() + " (np=" + p.np() + ") " + what.trim());
        // Outside the timed window, before every run alike: the previous run's garbage collected, then the
        // JVM quiet (the JIT, and what the collection left to its threads).
        settle.run();
        JitQuiet.await(QUIET_MAX_NANOS);
        try {
            Runner runner = runnerOf(p);
            boolean child = MpjPeer.isPeer(p);
            long jitBefore = JitQuiet.compileMillis();
            RunMeter.Snapshot before = RunMeter.now();
            double t;
            try {
                t = runner.run(p, argv);
            } catch (Runner.RunFailure e) {
                runLog.add(p, runId, Double.NaN, -1, RunMeter.between(before, RunMeter.now(), cpus(), !child));
                throw e;
            }
            RunMeter.Delta meter = RunMeter.between(before, RunMeter.now(), cpus(), !child);
            long jit = JitQuiet.compileMillis() - jitBefore;
            if (!what.startsWith("warm-up")) {
                row.add(t, runner.lastCpuSeconds());
            }
            // The JIT's time in this JVM during the run (setup and kernel warm-up included): near 0 once a
            // row in steady state is warm; a child JVM's (the peer's) is not seen. Then what else happened
            // during the run (RunMeter): the suspects when a row's repeats spread.
            runLog.add(p, runId, t, jitBefore < 0 || child ? -1 : jit, meter);
            String jitText = jitBefore < 0 || child ? "" : "JIT " + jit + " ms";
            String notes = jitText + (jitText.isEmpty() || meter.describe().isEmpty() ? "" : "; ") + meter.describe();
            progress.finished(String.format(Locale.ROOT, "%.4f s", t) + (notes.isEmpty() ? "" : " (" + notes + ")"));
        } catch (Runner.RunFailure e) {
            // A failed warm-up fails the row too: every run is verified, and repeating a broken variant
            // only costs time.
            row.fail(e.getMessage());
            progress.finished("FAILED: " + e.getMessage() + " (no further runs of this variant)");
        }
    }

    private Runner runnerOf(RunPlan p) {
        return p.variant().startsWith("bamboo") ? translated : MpjPeer.isPeer(p) ? peer : shim;
    }

    /** Creates {@code out} and checks that files can be written there: before a run of many minutes. */
    private static String checkOut(Path out) {
        if (Files.exists(out) && !Files.isDirectory(out)) {
            return "--output " + out + ": exists and is not a directory";
        }
        try {
            Files.createDirectories(out);
            Path probe = Files.createTempFile(out, ".bench-write-check", ".tmp");
            Files.delete(probe);
            return null;
        } catch (IOException | SecurityException e) {
            String why = e instanceof java.nio.file.AccessDeniedException ? "permission denied"
                    : e instanceof java.nio.file.NoSuchFileException ? "the folder cannot be created there"
                    : e instanceof java.nio.file.FileSystemException fse && fse.getReason() != null ? fse.getReason()
                    : e.getClass().getSimpleName();
            return "--output " + out + ": cannot write the results there (" + why + ")";
        }
    }

    /** The plans of one application, in table order. */
    List<RunPlan> plans(AppSpec app) {
        int nodes = options.nodes != null ? options.nodes : app.defaultNodes();
        int cpn = options.coresPerNode;
        long lat = options.latencyNanos != null ? options.latencyNanos : app.latencyNanos();
        double bw = options.bandwidth != null ? options.bandwidth : app.bandwidth();
        int base = nodes * cpn;
        List<RunPlan> plans = new ArrayList<>();
        for (String v : options.variants) {
            switch (v) {
                case "basic" -> plans.add(check(app, new RunPlan(app, v, 0, "Basic", base, nodes, cpn, lat, bw,
                        false, null)));
                case "splitphase" -> {
                    RunPlan p = check(app, new RunPlan(app, v, 0, "SplitPhase", base, nodes, cpn, lat, bw, false,
                            null));
                    plans.add(app.splitPhase() || p.skipReason() != null ? p
                            : p.skipped(app.name() + " has no SplitPhase form"));
                }
                case "nocomm" -> plans.add(check(app, new RunPlan(app, v, 0, "Basic", base, nodes, cpn, 0,
                        Double.POSITIVE_INFINITY, false, null)));
                case MpjPeer.VARIANT -> { // the nocomm plan in child JVMs: ours, then MPJ Express, run by the peer
                    for (String side : List.of(MpjPeer.OURS_VARIANT, v)) {
                        RunPlan p = check(app, new RunPlan(app, side, 0, "Basic", base, nodes, cpn, 0,
                                Double.POSITIVE_INFINITY, false, null));
                        plans.add(p.skipReason() != null ? p : p.skipped(variantUnavailable(side)));
                    }
                }
                case "oversubscribed", "virtual", "bamboo", "oversubscribed" + BenchOptions.UNGATED,
                        "virtual" + BenchOptions.UNGATED, "bamboo" + BenchOptions.UNGATED -> {
                    String kind = v.replace(BenchOptions.UNGATED, "");
                    for (int k : app.ks(options)) {
                        String form = kind.equals("bamboo") ? "Annotated" : "Basic";
                        RunPlan p = check(app, new RunPlan(app, v, k, form, nodes * k, nodes, cpn, lat, bw,
                                kind.equals("virtual"), null));
                        plans.add(p.skipReason() != null ? p : p.skipped(variantUnavailable(kind)));
                    }
                }
                default -> throw new IllegalStateException("unknown variant " + v);
            }
        }
        if (app.freshClasses()) {
            // its kernel's state is in mutable statics: every run loads its own copy, in every mode
            // (--compare-classes then has one row per variant, not two)
            List<RunPlan> out = new ArrayList<>();
            for (RunPlan p : plans) {
                out.add(MpjPeer.isPeer(p) ? p : p.fresh());
            }
            return out;
        }
        if (options.freshClasses || options.compareClasses) {
            List<RunPlan> out = new ArrayList<>();
            for (RunPlan p : plans) {
                boolean child = MpjPeer.isPeer(p); // a JVM per run either way
                if (options.compareClasses) {
                    out.add(p);
                }
                if (!child || !options.compareClasses) {
                    out.add(child ? p : p.fresh());
                }
            }
            return out;
        }
        return plans;
    }

    /** Why a variant cannot run here at all, or null. */
    private String variantUnavailable(String variant) {
        if (variant.equals("virtual") && Runtime.version().feature() < 21) {
            return Jdks.virtualSkipReason(Runtime.version().feature(), Jdks.withVirtualThreads());
        }
        if (variant.equals("bamboo") && translated == null) {
            return "translator not available yet";
        }
        if (MpjPeer.isPeerVariant(variant)) {
            return peer == null ? "MPJ Express peer not configured" : peer.skipReason();
        }
        if (variant.equals(MpjPeer.OURS_VARIANT)) {
            return peer == null ? "MPJ Express peer not configured" : peer.oursSkipReason();
        }
        return null;
    }

    private RunPlan check(AppSpec app, RunPlan p) {
        RunPlan placed = p.placed(app.placement(options));
        String why = app.unusable(p.np());
        if (why == null) {
            try {
                placed.placement().nodeOfEach(p.np(), p.nodes());
            } catch (IllegalArgumentException e) {
                why = e.getMessage();
            }
        }
        return why == null ? placed : placed.skipped(why);
    }

    static String header(BenchOptions o, MpjPeer peer) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Bamboo application benchmark, %s UTC%n",
                ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm"))));
        sb.append(String.format(Locale.ROOT, "machine: %d cores, %s %s, JDK %s%s; %d repeats (median)%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("os.name"),
                System.getProperty("os.arch"), Runtime.version(), o.quick ? ", --quick" : "", o.repeat));
        sb.append(mode(o)).append('\n');
        sb.append(gateMode()).append('\n');
        sb.append(BetweenRuns.mode()).append('\n');
        for (AppSpec app : o.apps) {
            int nodes = o.nodes != null ? o.nodes : app.defaultNodes();
            long lat = o.latencyNanos != null ? o.latencyNanos : app.latencyNanos();
            double bw = o.bandwidth != null ? o.bandwidth : app.bandwidth();
            sb.append(String.format(Locale.ROOT, "%s: %s; %d nodes x %d cores; placement %s; interconnect latency %s,"
                    + " bandwidth %s%s%n", app.name(), app.problem(o.quick, o.overrides), nodes, o.coresPerNode,
                    app.placement(o), Units.formatLatency(lat), Units.formatBandwidth(bw),
                    app.freshClasses() ? "; classes fresh every run (kernel state in mutable statics)" : ""));
        }
        if (peer != null) {
            sb.append(peer.status()).append('\n');
        }
        sb.append('\n');
        return sb.toString();
    }

    /** Whether each simulated node's threads were limited to the node's cores (the core gate). */
    static String gateMode() {
        if (!BenchConfiguration.coreGate()) {
            return "cores: not gated (-Dbamboo.gate=false): every row's threads run on any core of the machine";
        }
        boolean handlers = BenchConfiguration.handlersGated();
        return "cores: gated: each node's ranks (and bamboo's workers" + (handlers ? " and message handler" : "")
                + ") run on the node's own cores only" + (handlers ? ""
                : "; bamboo's handler not gated (-Dbamboo.gate.handlers=false)") + "; rows '..." + BenchOptions.UNGATED
                + "' not gated";
    }

    /** Which way the runs were taken: the same variant's times differ by tens of percent between them. */
    static String mode(BenchOptions o) {
        String warmups = o.warmupRuns == 1 ? "1 warm-up run" : o.warmupRuns + " warm-up runs";
        if (o.compareClasses) {
            return "classes: both ways (" + BenchOptions.COMPARE_CLASSES + "): each variant in steady state, and as"
                    + " its row '... fresh' loading and JIT-compiling its own copy every run; " + warmups + " each";
        }
        return o.freshClasses
                ? "classes: fresh (" + BenchOptions.FRESH_CLASSES + "): every run loads and JIT-compiles its own copy"
                        + " of the program; " + warmups + " per variant"
                : "classes: steady state: each variant keeps its program's classes (loaded and JIT-compiled) from"
                        + " its " + warmups + " to its timed runs";
    }

    private static int cpus() {
        return Runtime.getRuntime().availableProcessors();
    }

    static boolean write(BenchOptions o, ResultTable table, TargetTable targets, String text,
                                 String runLog, PrintStream out, PrintStream err) {
        try {
            Files.createDirectories(o.out);
            Path csv = o.out.resolve("results.csv");
            Files.writeString(csv, table.csv(), StandardCharsets.UTF_8);
            if (targets != null) {
                Files.writeString(o.out.resolve("targets.csv"), targets.csv(), StandardCharsets.UTF_8);
            }
            Files.writeString(o.out.resolve("results.txt"), text, StandardCharsets.UTF_8);
            Files.writeString(o.out.resolve("runs.csv"), runLog, StandardCharsets.UTF_8);
            Path png = o.out.resolve("speedup.png");
            boolean plotted = Plot.write(table, png, Runtime.getRuntime().availableProcessors() + " cores"
                    + (o.quick ? ", quick" : ""));
            out.println();
            out.println("wrote " + csv + (targets == null ? "" : ", targets.csv") + ", runs.csv" + (plotted ? " and " + png.getFileName()
                    : " (no plot: nothing was measured)"));
            return true;
        } catch (IOException e) {
            err.println("bamboo: cannot write the results to " + o.out + ": " + e.getMessage());
            return false;
        }
    }

    private static boolean anyFailed(ResultTable table) {
        return table.rows().stream().anyMatch(Row::failed);
    }
}
