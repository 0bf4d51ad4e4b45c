package bamboo.bench.apps;

import bamboo.shim.net.RankPlacement;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The command line of {@link AppBench}, parsed and checked. */
public final class BenchOptions {
    /** Every variant, in table order. */
    public static final List<String> VARIANTS =
            List.of("basic", "oversubscribed", "virtual", "splitphase", "bamboo", "nocomm", MpjPeer.VARIANT);
    /** The suffix of a row whose nodes' cores are not gated ({@link ShimRunner#coreGate}): an A/B of the core
     *  gate within one run, interleaved. */
    public static final String UNGATED = "-ungated";
    /** Variants run only when asked for: the k-rows without the core gate. */
    public static final List<String> EXTRA_VARIANTS =
            List.of("oversubscribed" + UNGATED, "virtual" + UNGATED, "bamboo" + UNGATED);

    /** The option that loads every run's program afresh (the way runs were taken before steady state). */
    public static final String FRESH_CLASSES = "--fresh-classes";
    /** The option that runs every variant both ways, interleaved: an A/B of steady state and fresh classes. */
    public static final String COMPARE_CLASSES = "--compare-classes";
    /** The option giving the uncounted runs per variant before its timed ones. */
    public static final String WARMUP_RUNS = "--warmup-runs";

    boolean quick;
    boolean help;
    /** False (the default): steady state, each variant keeps its program's classes across its runs. */
    boolean freshClasses;
    /** Every variant twice: in steady state and with fresh classes (rows "... fresh"), interleaved. */
    boolean compareClasses;
    /** Uncounted runs per variant before the timed repeats. */
    int warmupRuns;
    /** The default of {@link #warmupRuns} in steady state: the translated state machine and the runtime's
     *  hot paths reach C2 only after some hundred sweeps (a 120-sweep run at k=1 counts about a third of
     *  C2's threshold), and the JIT's time per run measured near zero only from the third run of a row on
     *  (docs/benchmarks.md, "Steady state: how many warm-up runs"); 5 since session 10: on the faster
     *  machine the translated execute() at k=1 still reached C2 in timed runs 1 and 2 after 3 warm-ups
     *  (100+ ms of JIT in each, runs 30% slower than the rest), so 3 left the steady state unreached.
     *  10 since session 11: after 5, C2 still compiled the largest translated methods inside a timed run in
     *  every JVM (CG's execute() at k=1 in the 9th run, 140-150 ms of JIT and +0.08 s; Cannon's at k=9 in
     *  the 7th, 250-270 ms), one timed run in four or five that was not yet the steady state. */
    static final int STEADY_WARMUPS = 10;
    List<AppSpec> apps = Apps.all();
    List<String> variants = VARIANTS;
    List<Integer> ks;
    /** True when {@code --k} was given: then it applies to every application, else an application may
     *  have its own list ({@link AppSpec#ks}). */
    boolean ksGiven;
    Long latencyNanos;
    Double bandwidth;
    int repeat;
    Integer nodes;
    int coresPerNode = 1;
    /** {@code --placement}, or null: each application's own ({@link AppSpec#placement}). */
    RankPlacement placement;
    Path out = Path.of("bench-results");
    /** The results.csv files (or --out folders) to judge the targets of, pooled, instead of running anything;
     *  null for a run. */
    List<Path> targetsFrom;
    /** {@code --jvms N}: the pass run N times, each application in a fresh JVM of its own every time, judged
     *  pooled ({@link JvmPasses}); 0 (no {@code --jvms}): every run in this JVM. */
    int jvms;
    /** False with {@code --no-targets}: no targets section, no targets.csv (the demo prints its own figure). */
    boolean targets = true;
    /** The option that judges an earlier run's results.csv. */
    public static final String TARGETS_FROM = "--targets-from";
    final Map<String, String> overrides = new LinkedHashMap<>();

    /** Parses {@code args}; a bad option is an {@link IllegalArgumentException} naming it. */
    public static BenchOptions parse(String[] args) {
        BenchOptions o = new BenchOptions();
        Integer repeat = null;
        Integer warmups = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--quick" -> o.quick = true;
                case "--help", "-h" -> o.help = true;
                case "--app" -> o.apps = apps(value(args, ++i, a));
                case "--variants" -> o.variants = variants(value(args, ++i, a));
                case "--k" -> {
                    o.ks = positives(a, value(args, ++i, a));
                    o.ksGiven = true;
                }
                case "--latency" -> o.latencyNanos = Units.parseLatencyNanos(a, value(args, ++i, a));
                case "--bandwidth" -> o.bandwidth = Units.parseBandwidth(a, value(args, ++i, a));
                case "--repeat" -> repeat = positive(a, value(args, ++i, a));
                case FRESH_CLASSES -> o.freshClasses = true;
                case COMPARE_CLASSES -> o.compareClasses = true;
                case WARMUP_RUNS -> warmups = positive(a, value(args, ++i, a));
                case "--nodes" -> o.nodes = positive(a, value(args, ++i, a));
                case "--cores-per-node" -> o.coresPerNode = positive(a, value(args, ++i, a));
                case "--placement" -> o.placement = placement(value(args, ++i, a));
                case "--out" -> o.out = Path.of(value(args, ++i, a));
                case TARGETS_FROM -> o.targetsFrom = paths(a, value(args, ++i, a));
                case "--no-targets" -> o.targets = false;
                case JvmPasses.OPTION -> o.jvms = positive(a, value(args, ++i, a));
                case "--set" -> {
                    String kv = value(args, ++i, a);
                    int eq = kv.indexOf('=');
                    if (eq <= 0) {
                        throw new IllegalArgumentException("--set " + kv + ": expected key=value");
                    }
                    o.overrides.put(kv.substring(0, eq), kv.substring(eq + 1));
                }
                default -> throw new IllegalArgumentException("unknown option '" + a + "' (see --help)");
            }
        }
        if (o.targetsFrom != null && !o.help) {
            for (String a : args) {
                if (a.startsWith("-") && !a.equals(TARGETS_FROM)) {
                    throw new IllegalArgumentException(TARGETS_FROM + " judges a results.csv written earlier and runs"
                            + " nothing: leave out " + a);
                }
            }
        }
        if (o.freshClasses && o.compareClasses) {
            throw new IllegalArgumentException(COMPARE_CLASSES + " runs every variant both ways: leave out "
                    + FRESH_CLASSES);
        }
        o.repeat = repeat != null ? repeat : o.quick ? 3 : 5;
        // With fresh classes nothing of the program carries over from a warm-up: one warms the shared parts.
        o.warmupRuns = warmups != null ? warmups : o.freshClasses ? 1 : STEADY_WARMUPS;
        if (o.ks == null) {
            o.ks = o.quick ? List.of(4) : List.of(2, 4, 8);
        }
        return o;
    }

    /** The help text (at most 80 columns). */
    public static String usage() {
        List<String> lines = new ArrayList<>(List.of(
                "Usage: bench apps [options]",
                "Runs each application in the variants of BRIEF section 5 on the shim's threads",
                "device (every rank in this JVM, placed block-wise on simulated nodes) under a",
                "simulated interconnect: a message between nodes arrives after latency +",
                "bytes / bandwidth, within a node at once. Every variant solves the same global",
                "problem on the same nodes and is checked against a sequential reference",
                "computed once; a run that fails or does not verify is reported FAILED.",
                "",
                "Options:",
                "  --quick             smaller problems, 3 repeats, k=4 only",
                "  --app LIST          applications (default: all):",
                Apps.names("                      ", 80),
                "  --variants LIST     variants (default: all, see below); also, only when",
                "                      asked: oversubscribed-ungated, virtual-ungated,",
                "                      bamboo-ungated (the row without the core gate, below)",
                "  --k LIST            ranks per node of oversubscribed and virtual, tasks per",
                "                      node of bamboo (default 2,4,8, cannon 4,9,16; quick 4)",
                "  --latency T         simulated latency between nodes: 50us, 0.2ms, 20000ns",
                "                      or 0; at most 1s (default: per application, below)",
                "  --bandwidth B       simulated bandwidth between nodes: 200MB/s, 1GB/s,",
                "                      100MiB/s, 10Gb/s (b: bits) or inf; at least 1MB/s",
                "                      (default: per application, below)",
                "  --repeat N          timed runs per variant after its warm-up runs; the",
                "                      median is reported (default 5, quick 3)",
                "  --warmup-runs N     uncounted runs per variant before its timed runs",
                "                      (default 10; 1 with --fresh-classes)",
                "  --fresh-classes     every run loads and JIT-compiles its own copy of the",
                "                      program (the JIT's work then falls inside the timed",
                "                      runs); default: steady state, see below",
                "  --compare-classes   every variant both ways, interleaved run by run: in",
                "                      steady state and as a row '... fresh' with fresh",
                "                      classes (an A/B of the two)",
                "  --nodes K           simulated nodes (default: per application, below)",
                "  --cores-per-node C  cores of a node: ranks per node of basic, splitphase",
                "                      and nocomm, workers per node of bamboo (default 1);",
                "                      every row's node runs on its C cores only: at most C",
                "                      of its ranks (bamboo: workers and handler) at once",
                "                      (-Dbamboo.gate=false in BAMBOO_JAVA_OPTS: not gated;",
                "                      -Dbamboo.gate.handlers=false: bamboo's handler not)",
                "  --placement P       which node each rank (bamboo: task) is on, alike for",
                "                      every variant: block (ranks k*N/K..(k+1)*N/K-1 on node",
                "                      k) or grid (ranks as a row-major PxQ grid, nodes as an",
                "                      RxC grid, most square shapes; each node holds a",
                "                      (P/R)x(Q/C) block), grid:PxQ, grid:PxQ/RxC (default:",
                "                      per application, below; a row whose grid does not",
                "                      split evenly is skipped, saying why)",
                "  --set KEY=VALUE     override a problem argument of the selected",
                "                      applications, e.g. --set n=64 (repeatable)",
                "  --out DIR           where results.csv, results.txt and speedup.png go",
                "                      (default bench-results; checked before anything runs)",
                "  --targets-from CSV  run nothing: judge the targets (below) of a results.csv",
                "                      written earlier (or of an --out folder's), on stdout;",
                "                      several, comma-separated (passes of the same rows):",
                "                      judged as one, each row's repeats pooled in pass order,",
                "                      so the interval sees how much one JVM differs from the",
                "                      next (a pass runs all its repeats in one JVM)",
                "  --jvms N            run the whole pass N times, each application in a fresh",
                "                      JVM of its own every time (this command again, with",
                "                      --app A --out DIR/jvm-I/A), then print and write to DIR",
                "                      the table and targets of the N passes pooled (as",
                "                      --targets-from does) and each row's median per JVM;",
                "                      --repeat is per JVM. A JVM can draw a fast or a slow",
                "                      state for its whole life, and what one application's",
                "                      runs leave in a JVM can change the next one's speed:",
                "                      judge targets with --jvms (default: every run in this",
                "                      JVM, one draw, the applications one after another)",
                "  --no-targets        leave out the targets section and targets.csv",
                "  -h, --help          this text",
                "",
                "Variants:",
                "  basic           Basic form (bulk synchronous), one rank per core",
                "  oversubscribed  Basic form, k ranks per node as platform threads",
                "  virtual         Basic form, k ranks per node as virtual threads; needs",
                "                  JDK 21+, else its rows are skipped: to measure it, run",
                "                  JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 ./bamboo bench ...",
                "  splitphase      SplitPhase form (hand-written overlap), one rank per core",
                "  bamboo          Annotated form, translated from the checkout's sources,",
                "                  k tasks per node on the task-graph runtime, one worker per",
                "                  core of a node",
                "  nocomm          Basic form, one rank per core, latency 0 and infinite",
                "                  bandwidth: the bound no overlap can beat",
                "  mpj-express     the peer: MPJ Express's multicore device runs the Basic",
                "                  classes in a child JVM per run (libmpj-java and",
                "                  liblog4j1.2-java, else skipped); it brings the row",
                "                  nocomm-child: the same on our shim in a child JVM per",
                "                  run alike, the side its ratio ours/MPJ Express uses",
                "A row that cannot run says why (skipped: ...), e.g. Cannon's rows need a",
                "square number of ranks.",
                "",
                "Output: progress on stderr; on stdout a table of the median, min and max of",
                "each program's own time of its main loop (max over ranks; setup and",
                "verification not timed), in seconds, and",
                "  speed-up     = T_basic / T",
                "  comm hidden  = (T_basic - T) / (T_basic - T_nocomm)",
                "                 ('-' when basic is not slower than nocomm).",
                "results.csv has every time of every repeat; speedup.png plots the speed-ups.",
                "",
                "Targets (issue 6): after the table, one line per target and application,",
                "judged from this run's own rows, also written to targets.csv (app, target,",
                "figure, low, high, bound, verdict, repeats, from):",
                "  hidden >= 80%     jacobi3d, cannon: comm hidden of bamboo at its best k",
                "  faster than X     jacobi3d, cannon: bamboo at its best k over X at its",
                "                    own best k <= 1 (X: splitphase, oversubscribed, virtual)",
                "  zero cost         every app, in a run at --latency 0 --bandwidth inf with",
                "                    basic and bamboo k=1 (k=C with --cores-per-node C):",
                "                    bamboo / basic <= 1.05",
                "  ours/MPJ Express  every app, with mpj-express: nocomm-child over",
                "                    mpj-express <= 1",
                "A ratio is the median of the per-pair ratios (repeat i of one row over",
                "repeat i of the other: they ran in the same round). Its interval, and the",
                "hidden share's, is a 90% bootstrap over the rounds (each round's times kept",
                "together; fixed seed: the same times give the same verdict). MET: the figure",
                "and its whole interval meet the bound; NOT MET: both miss it; UNDECIDED: the",
                "interval straddles it; NOT MEASURED: the rows are not in this run (not",
                "selected, skipped or failed). Best k: the smallest median among a variant's",
                "k, which flatters the variant chosen; the interval ignores that choice.",
                "",
                "Steady state (default): each variant (row) keeps its program's classes, loaded",
                "and JIT-compiled by its warm-up runs, for its timed runs (the shim's per-rank",
                "class loaders of the row, one loader per bamboo row); every run still starts",
                "main afresh. A program with a mutable static field is refused (its row FAILED)",
                "and needs --fresh-classes. mpj-express and nocomm-child start a child JVM per",
                "run and warm up inside it, in either mode. The header says which mode ran.",
                "",
                "Defaults per application (nodes, latency, bandwidth, placement; full and",
                "quick problem):"));
        for (AppSpec a : Apps.all()) {
            lines.add(String.format(java.util.Locale.ROOT, "  %-9s %d nodes, %s, %s, %s", a.name(), a.defaultNodes(),
                    Units.latency(a.latencyNanos()), Units.bandwidth(a.bandwidth()), a.placement()));
            lines.add("            full:  " + keyValues(a.fullArgs()));
            lines.add("            quick: " + keyValues(a.quickArgs()));
        }
        lines.addAll(List.of(
                "",
                "Every application also takes warmup=true: an untimed warm-up of its kernel",
                "before the timed loop; --set warmup=false leaves the JIT's work inside it.",
                "",
                "Exit code: 0 every run verified (whatever the targets' verdicts); 1 a run",
                "failed or did not verify; 2 bad usage, an unwritable --out or an unreadable",
                "--targets-from file.",
                "",
                "Examples:",
                "  bench apps --quick",
                "  bench apps --app jacobi3d,cannon --variants basic,bamboo,nocomm --k 2,4",
                "  bench apps --app jacobi3d --latency 0 --bandwidth inf   (the task machinery's",
                "                                                          own cost)"));
        return String.join("\n", lines);
    }

    private static String keyValues(Map<String, String> args) {
        StringBuilder sb = new StringBuilder();
        args.forEach((k, v) -> {
            if (!k.equals("warmup")) { // the same for every application: said once, below the list
                sb.append(sb.length() == 0 ? "" : " ").append(k).append('=').append(v);
            }
        });
        return sb.toString();
    }

    private static String value(String[] args, int i, String option) {
        // "--repeat --quick" forgot the value: say so rather than "--repeat --quick: expected a number".
        if (i >= args.length || args[i].startsWith("--")) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    /** {@code --targets-from A,B}: one path per comma; an empty one ({@code A,,B}) is a mistake to report. */
    private static List<Path> paths(String option, String list) {
        List<Path> out = new ArrayList<>();
        for (String p : list.split(",", -1)) {
            if (p.isBlank()) {
                throw new IllegalArgumentException(option + " '" + list + "': an empty path in the list");
            }
            out.add(Path.of(p.strip()));
        }
        return out;
    }

    private static RankPlacement placement(String spec) {
        try {
            return RankPlacement.parse(spec);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--" + e.getMessage());
        }
    }

    private static List<AppSpec> apps(String list) {
        List<AppSpec> out = new ArrayList<>();
        for (String name : list.split(",")) {
            if (!name.isBlank()) {
                out.add(Apps.byName(name.trim()));
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("--app: no application given");
        }
        return out;
    }

    private static List<String> variants(String list) {
        List<String> out = new ArrayList<>();
        for (String v : list.split(",")) {
            String name = switch (v.trim()) {
                case "split-phase" -> "splitphase";
                case "mpj", "mpjexpress" -> MpjPeer.VARIANT;
                default -> v.trim();
            };
            if (name.isEmpty()) {
                continue;
            }
            if (!VARIANTS.contains(name) && !EXTRA_VARIANTS.contains(name)) {
                throw new IllegalArgumentException("--variants " + list + ": unknown variant '" + name
                        + "' (known: " + String.join(",", VARIANTS) + ", " + String.join(",", EXTRA_VARIANTS) + ")");
            }
            out.add(name);
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("--variants: no variant given");
        }
        // Table order, whatever the order given.
        List<String> ordered = new ArrayList<>(VARIANTS);
        ordered.addAll(EXTRA_VARIANTS);
        ordered.retainAll(out);
        return ordered;
    }

    private static List<Integer> positives(String option, String list) {
        List<Integer> out = new ArrayList<>();
        for (String v : list.split(",", -1)) {
            try {
                out.add(positive(option, v.trim()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(option + " " + list + ": '" + v.trim()
                        + "' is not a positive integer");
            }
        }
        return out;
    }

    private static int positive(String option, String text) {
        try {
            int v = Integer.parseInt(text);
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + " " + text + ": expected a positive integer");
    }
}
