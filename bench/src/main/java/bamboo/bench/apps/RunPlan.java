package bamboo.bench.apps;

import bamboo.shim.net.RankPlacement;

/**
 * One variant of one application as the benchmark runs it.
 *
 * @param app          the application
 * @param variant      basic, oversubscribed, virtual, splitphase, bamboo or nocomm
 * @param k            ranks (or tasks, for bamboo) per node; 0 when the variant has no k
 * @param form         the program form it runs: Basic, SplitPhase or Annotated
 * @param np           ranks (or tasks) in all
 * @param nodes        simulated nodes
 * @param coresPerNode cores per node (bamboo's workers per node)
 * @param latencyNanos simulated latency between nodes
 * @param bandwidth    simulated bandwidth between nodes, bytes per second (infinite: no per-byte cost)
 * @param virtual      ranks as virtual threads
 * @param skipReason   why it is not run, or null
 * @param freshClasses every run loads (and the JIT compiles) its own copy of the program, rather than the
 *                     row keeping its classes from run to run (steady state, the default)
 * @param placement    which simulated node each rank (bamboo: each task) is on
 */
public record RunPlan(AppSpec app, String variant, int k, String form, int np, int nodes, int coresPerNode,
                      long latencyNanos, double bandwidth, boolean virtual, String skipReason, boolean freshClasses,
                      RankPlacement placement) {

    /** A plan placed block-wise. */
    public RunPlan(AppSpec app, String variant, int k, String form, int np, int nodes, int coresPerNode,
                   long latencyNanos, double bandwidth, boolean virtual, String skipReason, boolean freshClasses) {
        this(app, variant, k, form, np, nodes, coresPerNode, latencyNanos, bandwidth, virtual, skipReason,
                freshClasses, RankPlacement.BLOCK);
    }

    /** A plan in steady state. */
    public RunPlan(AppSpec app, String variant, int k, String form, int np, int nodes, int coresPerNode,
                   long latencyNanos, double bandwidth, boolean virtual, String skipReason) {
        this(app, variant, k, form, np, nodes, coresPerNode, latencyNanos, bandwidth, virtual, skipReason, false);
    }

    /** The variant as the table shows it, e.g. {@code oversubscribed k=4}, or {@code oversubscribed k=4 fresh}
     *  when its runs load their classes afresh. */
    public String label() {
        return (k > 0 ? variant + " k=" + k : variant) + (freshClasses ? " fresh" : "");
    }

    /** How the row's runs get the program's classes, for the CSV: steady, fresh, or child JVM (a JVM per run). */
    public String classes() {
        return MpjPeer.isPeer(this) ? "child JVM" : freshClasses ? "fresh" : "steady";
    }

    /** The same plan with every run loading its classes afresh. */
    public RunPlan fresh() {
        return new RunPlan(app, variant, k, form, np, nodes, coresPerNode, latencyNanos, bandwidth, virtual,
                skipReason, true, placement);
    }

    /** The same plan, skipped for {@code reason}. */
    public RunPlan skipped(String reason) {
        return new RunPlan(app, variant, k, form, np, nodes, coresPerNode, latencyNanos, bandwidth, virtual, reason,
                freshClasses, placement);
    }

    /** The same plan with its ranks (tasks) placed as {@code p} says. */
    public RunPlan placed(RankPlacement p) {
        return new RunPlan(app, variant, k, form, np, nodes, coresPerNode, latencyNanos, bandwidth, virtual,
                skipReason, freshClasses, p);
    }
}
