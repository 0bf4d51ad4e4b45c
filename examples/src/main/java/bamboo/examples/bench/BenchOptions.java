package bamboo.examples.bench;

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

    boolean quick;
    boolean help;
    List<AppSpec> apps = Apps.all();
    List<String> variants = VARIANTS;
    List<Integer> ks;
    Long latencyNanos;
    Double bandwidth;
    int repeat;
    Integer nodes;
    int coresPerNode = 1;
    Path out = Path.of("bench-results");
    final Map<String, String> overrides = new LinkedHashMap<>();

    /** Parses {@code args}; a bad option is an {@link IllegalArgumentException} naming it. */
    public static BenchOptions parse(String[] args) {
        BenchOptions o = new BenchOptions();
        Integer repeat = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--quick" -> o.quick = true;
                case "--help", "-h" -> o.help = true;
                case "--app" -> o.apps = apps(value(args, ++i, a));
                case "--variants" -> o.variants = variants(value(args, ++i, a));
                case "--k" -> o.ks = positives(a, value(args, ++i, a));
                case "--latency" -> o.latencyNanos = Units.parseLatencyNanos(a, value(args, ++i, a));
                case "--bandwidth" -> o.bandwidth = Units.parseBandwidth(a, value(args, ++i, a));
                case "--repeat" -> repeat = positive(a, value(args, ++i, a));
                case "--nodes" -> o.nodes = positive(a, value(args, ++i, a));
                case "--cores-per-node" -> o.coresPerNode = positive(a, value(args, ++i, a));
                case "--out" -> o.out = Path.of(value(args, ++i, a));
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
        o.repeat = repeat != null ? repeat : o.quick ? 3 : 5;
        if (o.ks == null) {
            o.ks = o.quick ? List.of(4) : List.of(2, 4, 8);
        }
        return o;
    }

    /** The help text. */
    public static String usage() {
        return String.join("\n",
                "Usage: bench apps [options]",
                "Runs each application in the variants of BRIEF section 5 on the shim's threads device under a",
                "simulated interconnect and prints median time, speed-up over basic and communication hidden.",
                "  --quick               smaller problems, 3 repeats, k=4 only",
                "  --app LIST            applications (default: all): " + Apps.names(),
                "  --variants LIST       default: " + String.join(",", VARIANTS),
                "  --k LIST              ranks per node for oversubscribed/virtual (default 2,4,8; quick 4)",
                "  --latency T           simulated latency between nodes, e.g. 100us (default: per application)",
                "  --bandwidth B         simulated bandwidth between nodes, e.g. 200MB/s or inf (default: per app)",
                "  --repeat N            runs per variant; the median is reported (default 5, quick 3)",
                "  --nodes K             simulated nodes (default: per application, 2 or 4)",
                "  --cores-per-node C    ranks of basic and splitphase per node (default 1)",
                "  --set KEY=VALUE       override a problem argument of the selected applications, e.g. n=64",
                "  --out DIR             where results.csv and speedup.png go (default bench-results)",
                "Virtual threads need JDK 21+: run the driver on such a JDK to measure that variant.",
                "mpj-express: the peer, MPJ Express's multicore device running the Basic classes in a child",
                "JVM (libmpj-java and liblog4j1.2-java, else skipped); it compares with nocomm.");
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
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
            if (!VARIANTS.contains(name)) {
                throw new IllegalArgumentException("--variants " + list + ": unknown variant '" + name
                        + "' (known: " + String.join(",", VARIANTS) + ")");
            }
            out.add(name);
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("--variants: no variant given");
        }
        // Table order, whatever the order given.
        List<String> ordered = new ArrayList<>(VARIANTS);
        ordered.retainAll(out);
        return ordered;
    }

    private static List<Integer> positives(String option, String list) {
        List<Integer> out = new ArrayList<>();
        for (String v : list.split(",")) {
            out.add(positive(option, v.trim()));
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
