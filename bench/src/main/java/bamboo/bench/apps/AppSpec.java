package bamboo.bench.apps;

import bamboo.examples.common.Reference;
import bamboo.shim.net.RankPlacement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One application as the benchmark sees it: where its three forms live, the global problem of a full and
 * of a quick run, how to compute its expected result once, and the simulated interconnect that makes
 * communication a sizeable share (20-50%) of its bulk-synchronous time on the benchmark machine.
 *
 * @param name          what {@code --app} calls it
 * @param packageName   the package holding {@code Basic}, {@code SplitPhase} and {@code Annotated}
 * @param fullArgs      program arguments of a full run (explicit, so the reference sees the same values)
 * @param quickArgs     program arguments of a {@code --quick} run
 * @param reference     the expected result for given arguments, computed sequentially in the driver
 *                      (null for an application that checks an invariant instead)
 * @param latencyNanos  default simulated latency between nodes
 * @param bandwidth     default simulated bandwidth between nodes, bytes per second
 * @param defaultNodes  simulated nodes unless {@code --nodes} says otherwise
 * @param squareRanks   true when the application uses only a square number of ranks (Cannon): the
 *                      benchmark then skips rank counts that would leave ranks idle
 * @param fullKs        the k of a full run when {@code --k} is not given, or null for the benchmark's
 *                      default (2,4,8): Cannon on its 4 nodes takes 4, 9 and 16, the k that make a
 *                      square number of ranks (2 and 8 would only be skipped)
 * @param placement     which simulated node each rank (or bamboo's task) is on unless {@code --placement}
 *                      says otherwise, the same for every variant of the application: {@code grid} for
 *                      Cannon (a 2-D algorithm on a 2x2 node grid: what its user would choose, e.g. with a
 *                      rankfile), {@code block} for the others (SUMMA's 2 nodes make a 2x1 node grid, on
 *                      which grid blocks are the block placement's)
 * @param freshClasses  true when the program keeps its kernel's state in mutable statics (the Java Grande
 *                      style): its runs cannot share classes, so every row of it loads the program afresh
 *                      for each run, whatever {@code --fresh-classes} says
 * @param splitPhase    false when the application has no {@code SplitPhase} form: its {@code splitphase}
 *                      row is reported as skipped
 */
public record AppSpec(String name, String packageName, Map<String, String> fullArgs, Map<String, String> quickArgs,
                      Function<Map<String, String>, Reference> reference, long latencyNanos, double bandwidth,
                      int defaultNodes, boolean squareRanks, List<Integer> fullKs, RankPlacement placement,
                      boolean freshClasses, boolean splitPhase) {

    /** An application with all three forms and no mutable statics. */
    public AppSpec(String name, String packageName, Map<String, String> fullArgs, Map<String, String> quickArgs,
                   Function<Map<String, String>, Reference> reference, long latencyNanos, double bandwidth,
                   int defaultNodes, boolean squareRanks, List<Integer> fullKs, RankPlacement placement) {
        this(name, packageName, fullArgs, quickArgs, reference, latencyNanos, bandwidth, defaultNodes, squareRanks,
                fullKs, placement, false, true);
    }

    /** An application placed block-wise. */
    public AppSpec(String name, String packageName, Map<String, String> fullArgs, Map<String, String> quickArgs,
                   Function<Map<String, String>, Reference> reference, long latencyNanos, double bandwidth,
                   int defaultNodes, boolean squareRanks, List<Integer> fullKs) {
        this(name, packageName, fullArgs, quickArgs, reference, latencyNanos, bandwidth, defaultNodes, squareRanks,
                fullKs, RankPlacement.BLOCK);
    }

    /** The placement of this run: {@code --placement} when given, else this application's own. */
    public RankPlacement placement(BenchOptions o) {
        return o.placement != null ? o.placement : placement;
    }

    /** The k of the over-decomposed variants: {@code --k} when given, else this application's own list
     *  (full runs) or the benchmark's default. */
    public List<Integer> ks(BenchOptions o) {
        return o.ksGiven || o.quick || fullKs == null ? o.ks : fullKs;
    }

    /** The same application, its kernel's state in mutable statics ({@code freshClasses}) and with or
     *  without a {@code SplitPhase} form. */
    public AppSpec withStatics(boolean hasSplitPhase) {
        return new AppSpec(name, packageName, fullArgs, quickArgs, reference, latencyNanos, bandwidth, defaultNodes,
                squareRanks, fullKs, placement, true, hasSplitPhase);
    }

    /** Null when {@code np} ranks all take part, else why not. */
    public String unusable(int np) {
        int q = (int) Math.round(Math.sqrt(np));
        if (squareRanks && q * q != np) {
            return name + " needs a square number of ranks (np=" + np + ")";
        }
        return null;
    }

    /** The main class of a form: {@code Basic}, {@code SplitPhase} or {@code Annotated}. */
    public String mainClass(String form) {
        return packageName + "." + form;
    }

    /** The problem arguments, quick or full, with {@code overrides} applied. */
    public Map<String, String> problem(boolean quick, Map<String, String> overrides) {
        Map<String, String> args = new LinkedHashMap<>(quick ? quickArgs : fullArgs);
        for (Map.Entry<String, String> e : overrides.entrySet()) {
            if (!args.containsKey(e.getKey())) {
                throw new IllegalArgumentException("--set " + e.getKey() + "=" + e.getValue() + ": " + name
                        + " has no argument '" + e.getKey() + "' (it has " + args.keySet() + ")");
            }
            args.put(e.getKey(), e.getValue());
        }
        return args;
    }

    /** {@code key=value} program arguments, plus {@code check=<reference>} when there is one. */
    public static String[] argv(Map<String, String> problem, Reference ref) {
        List<String> out = new ArrayList<>();
        problem.forEach((k, v) -> out.add(k + "=" + v));
        if (ref != null) {
            out.add("check=" + ref.encode());
        }
        return out.toArray(new String[0]);
    }

    /** An integer problem argument. */
    public static int intArg(Map<String, String> args, String key) {
        try {
            return Integer.parseInt(args.get(key));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + "=" + args.get(key) + " is not an integer");
        }
    }
}
