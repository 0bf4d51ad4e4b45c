package bamboo.examples.bench;

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
 */
public record RunPlan(AppSpec app, String variant, int k, String form, int np, int nodes, int coresPerNode,
                      long latencyNanos, double bandwidth, boolean virtual, String skipReason) {

    /** The variant as the table shows it, e.g. {@code oversubscribed k=4}. */
    public String label() {
        return k > 0 ? variant + " k=" + k : variant;
    }

    /** The same plan, skipped for {@code reason}. */
    public RunPlan skipped(String reason) {
        return new RunPlan(app, variant, k, form, np, nodes, coresPerNode, latencyNanos, bandwidth, virtual, reason);
    }
}
