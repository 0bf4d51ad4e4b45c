package bamboo.bench.apps;

import bamboo.cli.launch.Units;
import bamboo.shim.net.RankPlacement;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The command line of {@link AppBench} ({@code bamboo bench apps}), parsed by picocli and checked. */
@Command(name = "apps", sortOptions = false, usageHelpWidth = 80, separator = " ",
        description = {"Runs each application in every variant on the shim's threads device (every rank in this "
                + "JVM, placed block-wise on simulated nodes) under a simulated interconnect: a message between "
                + "nodes arrives after latency + bytes / bandwidth, within a node at once. Every variant solves the "
                + "same global problem on the same nodes and is checked against a sequential reference computed "
                + "once; a run that fails or does not verify is reported FAILED."})
public final class BenchOptions {
    /** Every variant, in table order. */
    public static final List<String> VARIANTS =
            List.of("basic", "oversubscribed", "virtual", "splitphase", "bamboo", "nocomm", MpjPeer.VARIANT);
    /** The suffix of a row whose nodes' cores are not gated ({@link BenchConfiguration#coreGate}): an A/B of the core
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

    /** The longest simulated latency the benchmark accepts: beyond it every run takes minutes to hours. */
    public static final long MAX_LATENCY_NANOS = 1_000_000_000L;
    /** The lowest simulated bandwidth the benchmark accepts, bytes per second (for the same reason). */
    public static final double MIN_BANDWIDTH = 1e6;

    @Option(names = "--quick", description = "Smaller problems, 3 repeats, k=4 only.")
    boolean quick;
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "This text.")
    boolean help;
    /** False (the default): steady state, each variant keeps its program's classes across its runs. */
    @Option(names = FRESH_CLASSES, description = "Every run loads and JIT-compiles its own copy of the program (the JIT's work then falls inside the timed runs); default: steady state, see below.")
    boolean freshClasses;
    /** Every variant twice: in steady state and with fresh classes (rows "... fresh"), interleaved. */
    @Option(names = COMPARE_CLASSES, description = "Every variant both ways, interleaved run by run: in steady state and as a row '... fresh' with fresh classes (an A/B of the two).")
    boolean compareClasses;
    /** Uncounted runs per variant before the timed repeats. */
    int warmupRuns;
    /** The default of {@link #warmupRuns} in steady state: the translated state machine and the runtime's
     *  hot paths reach C2 only after some hundred sweeps, and C2 still compiled the largest translated
     *  methods inside a timed run after 5 warm-ups (docs/benchmarks.md, "Steady state: how many warm-up
     *  runs"). */
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
    @Option(names = "--nodes", paramLabel = "K", description = "Simulated nodes (default: per application, below).")
    Integer nodes;
    @Option(names = "--cores-per-node", paramLabel = "C", description = "Cores of a node: ranks per node of basic, splitphase and nocomm, workers per node of bamboo (default: ${DEFAULT-VALUE}); every row's node runs on its C cores only: at most C of its ranks (bamboo: workers and handler) at once (-Dbamboo.gate=false in BAMBOO_JAVA_OPTS: not gated; -Dbamboo.gate.handlers=false: bamboo's handler not).")
    int coresPerNode = 1;
    /** {@code --placement}, or null: each application's own ({@link AppSpec#placement}). */
    RankPlacement placement;
    @Option(names = {"-d", "--output"}, paramLabel = "DIR", description = "Where results.csv, results.txt and speedup.png go (default: ${DEFAULT-VALUE}; checked before anything runs).")
    Path out = Path.of("bench-results");
    /** The results.csv files (or --output folders) to judge the targets of, pooled, instead of running anything;
     *  null for a run. */
    List<Path> targetsFrom;
    /** {@code --jvms N}: the pass run N times, each application in a fresh JVM of its own every time, judged
     *  pooled ({@link JvmPasses}); 0 (no {@code --jvms}): every run in this JVM. */
    int jvms;
    /** False with {@code --no-targets}: no targets section, no targets.csv (the demo prints its own figure). */
    @Option(names = "--no-targets", negatable = false, description = "Leave out the targets section and targets.csv.")
    void noTargets(boolean given) {
        targets = !given;
    }
    boolean targets = true;
    /** True with {@code --progress-bar}: one bar on standard error instead of a line per run. */
    @Option(names = "--progress-bar", description = "One progress bar on stderr instead of a line per run.")
    boolean progressBar;
    /** {@code --java-home}: this command line again under that JDK; null to run here. */
    @Option(names = "--java-home", paramLabel = "DIR", description = "Run under this JDK instead (e.g. a JDK 21+ for the virtual rows).")
    Path javaHome;
    /** The option that judges an earlier run's results.csv. */
    public static final String TARGETS_FROM = "--targets-from";
    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override a problem argument of the selected applications, e.g. --set n=64 (repeatable).")
    final Map<String, String> overrides = new LinkedHashMap<>();

    // The options whose text needs reading beyond picocli's types: read by finish().
    @Option(names = "--app", paramLabel = "LIST", description = "Applications (default: all): ${COMPLETION-CANDIDATES}.", completionCandidates = AppNames.class)
    private String appText;
    @Option(names = "--variants", paramLabel = "LIST", description = "Variants (default: all, see below); also, only when asked: oversubscribed-ungated, virtual-ungated, bamboo-ungated (the rows without the core gate).")
    private String variantsText;
    @Option(names = "--k", paramLabel = "LIST", description = "Ranks per node of oversubscribed and virtual, tasks per node of bamboo (default 2,4,8, cannon 4,9,16; quick 4).")
    private String ksText;
    @Option(names = "--latency", paramLabel = "TIME", description = "Simulated latency between nodes: 50us, 0.2ms, 20000ns or 0; at most 1s (default: per application, below).")
    private String latencyText;
    @Option(names = "--bandwidth", paramLabel = "RATE", description = "Simulated bandwidth between nodes: 200MB/s, 1GB/s, 100MiB/s, 10Gb/s (b: bits) or inf; at least 1MB/s (default: per application, below).")
    private String bandwidthText;
    @Option(names = "--repeat", paramLabel = "N", description = "Timed runs per variant after its warm-up runs; the median is reported (default 5, quick 3).")
    private Integer repeatGiven;
    @Option(names = WARMUP_RUNS, paramLabel = "N", description = "Uncounted runs per variant before its timed runs (default 10; 1 with --fresh-classes).")
    private Integer warmupsGiven;
    @Option(names = "--placement", paramLabel = "P", description = "Which node each rank (bamboo: task) is on, alike for every variant: block (ranks k*N/K..(k+1)*N/K-1 on node k) or grid (ranks as a row-major PxQ grid, nodes as an RxC grid, most square shapes; each node holds a (P/R)x(Q/C) block), grid:PxQ, grid:PxQ/RxC (default: per application, below; a row whose grid does not split evenly is skipped, saying why).")
    private String placementText;
    @Option(names = TARGETS_FROM, paramLabel = "CSV", description = "Run nothing: judge the targets (below) of a results.csv written earlier (or of an --output folder's), on stdout; several, comma-separated (passes of the same rows): judged as one, each row's repeats pooled in pass order.")
    private String targetsFromText;
    @Option(names = JvmPasses.OPTION, paramLabel = "N", description = "Run the whole pass N times, each application in a fresh JVM of its own every time (this command again, with --app A --output DIR/jvm-I/A), then print and write to DIR the table and targets of the N passes pooled and each row's median per JVM; --repeat is per JVM (default: every run in this JVM).")
    private Integer jvmsGiven;

    /** The names of the applications, for the help text. */
    static final class AppNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Apps.all().stream().map(AppSpec::name).iterator();
        }
    }

    /** Parses {@code args}; a bad option is an {@link IllegalArgumentException} naming it. */
    public static BenchOptions parse(String[] args) {
        BenchOptions o = new BenchOptions();
        CommandLine cl = new CommandLine(o);
        try {
            cl.parseArgs(args);
        } catch (CommandLine.UnmatchedArgumentException e) {
            List<String> near = e.getSuggestions();
            throw new IllegalArgumentException(lowerFirst(e.getMessage())
                    + (near.isEmpty() ? "" : " (did you mean " + String.join(" or ", near) + "?)") + " (see --help)");
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException(plain(e.getMessage()));
        }
        o.help = cl.isUsageHelpRequested();
        o.finish(args);
        return o;
    }

    private static final java.util.regex.Pattern NO_VALUE = java.util.regex.Pattern.compile(
            "(?i)(?:expected parameter for option '(\\S+)' but found .*|missing required parameter for option '(\\S+)'.*)");
    private static final java.util.regex.Pattern NOT_A_NUMBER = java.util.regex.Pattern.compile(
            "(?i)invalid value for option '(\\S+)': '(.*)' is not an int");

    /** Picocli's message in the words the rest of the benchmark's messages use. */
    private static String plain(String message) {
        java.util.regex.Matcher m = NO_VALUE.matcher(message);
        if (m.matches()) {
            // "--repeat --quick" forgot the value: say so rather than that "--quick" is no number
            return (m.group(1) != null ? m.group(1) : m.group(2)) + " needs a value";
        }
        m = NOT_A_NUMBER.matcher(message);
        if (m.matches()) {
            return m.group(1) + " " + m.group(2) + ": expected a positive integer";
        }
        return lowerFirst(message);
    }

    private static String lowerFirst(String m) {
        return m.isEmpty() ? m : Character.toLowerCase(m.charAt(0)) + m.substring(1);
    }

    /** Reads the options picocli left as text and checks them against each other. */
    private void finish(String[] args) {
        if (appText != null) {
            apps = apps(appText);
        }
        if (variantsText != null) {
            variants = variants(variantsText);
        }
        if (ksText != null) {
            ks = positives("--k", ksText);
            ksGiven = true;
        }
        if (latencyText != null) {
            latencyNanos = Units.parseLatencyNanos("--latency", latencyText, MAX_LATENCY_NANOS);
        }
        if (bandwidthText != null) {
            bandwidth = Units.parseBandwidth("--bandwidth", bandwidthText, MIN_BANDWIDTH);
        }
        positive("--repeat", repeatGiven);
        positive(WARMUP_RUNS, warmupsGiven);
        positive("--nodes", nodes);
        positive("--cores-per-node", coresPerNode);
        positive(JvmPasses.OPTION, jvmsGiven);
        jvms = jvmsGiven == null ? 0 : jvmsGiven;
        if (placementText != null) {
            placement = placement(placementText);
        }
        if (targetsFromText != null) {
            targetsFrom = paths(TARGETS_FROM, targetsFromText);
        }
        if (targetsFrom != null && !help) {
            for (String a : args) {
                if (a.startsWith("-") && !a.equals(TARGETS_FROM) && !a.startsWith(TARGETS_FROM + "=")) {
                    throw new IllegalArgumentException(TARGETS_FROM + " judges a results.csv written earlier and runs"
                            + " nothing: leave out " + a);
                }
            }
        }
        if (freshClasses && compareClasses) {
            throw new IllegalArgumentException(COMPARE_CLASSES + " runs every variant both ways: leave out "
                    + FRESH_CLASSES);
        }
        repeat = repeatGiven != null ? repeatGiven : quick ? 3 : 5;
        // With fresh classes nothing of the program carries over from a warm-up: one warms the shared parts.
        warmupRuns = warmupsGiven != null ? warmupsGiven : freshClasses ? 1 : STEADY_WARMUPS;
        if (ks == null) {
            ks = quick ? List.of(4) : List.of(2, 4, 8);
        }
    }

    /** The help text: the options, then what the variants, the output and the targets are. */
    public static String usage() {
        CommandLine cl = new CommandLine(new BenchOptions());
        cl.getCommandSpec().usageMessage().width(80).footer(footer().toArray(String[]::new));
        return cl.getUsageMessage().stripTrailing();
    }

    /** The lines after the options, each at most 80 columns. */
    private static List<String> footer() {
        List<String> lines = new ArrayList<>(List.of(
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
                "Targets: after the table, one line per target and application,",
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
                    Units.formatLatency(a.latencyNanos()), Units.formatBandwidth(a.bandwidth()), a.placement()));
            lines.add("            full:  " + keyValues(a.fullArgs()));
            lines.add("            quick: " + keyValues(a.quickArgs()));
        }
        lines.addAll(List.of(
                "",
                "Every application also takes warmup=true: an untimed warm-up of its kernel",
                "before the timed loop; --set warmup=false leaves the JIT's work inside it.",
                "",
                "Exit code: 0 every run verified (whatever the targets' verdicts); 1 a run",
                "failed or did not verify; 2 bad usage, an unwritable --output or an unreadable",
                "--targets-from file.",
                "",
                "Examples:",
                "  bench apps --quick",
                "  bench apps --app jacobi3d,cannon --variants basic,bamboo,nocomm --k 2,4",
                "  bench apps --app jacobi3d --latency 0 --bandwidth inf   (the task machinery's",
                "                                                          own cost)"));
        // Picocli reads %n and friends in help text: a literal percent sign is doubled.
        return lines.stream().map(l -> l.replace("%", "%%")).toList();
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

    private static void positive(String option, Integer given) {
        if (given != null && given < 1) {
            throw new IllegalArgumentException(option + " " + given + ": expected a positive integer");
        }
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
