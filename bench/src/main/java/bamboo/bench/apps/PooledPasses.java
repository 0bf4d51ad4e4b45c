package bamboo.bench.apps;

import java.util.ArrayList;
import java.util.List;

/**
 * Several passes of {@code bench apps} judged as one ({@code --targets-from A,B,...}): each row's repeats from
 * every pass, in pass order, so that round i of the pool is round i of one pass and the rows stay paired.
 *
 * <p>Why: a pass takes all its repeats in one JVM, and a row's speed can differ between JVMs of one build by
 * more than between its repeats (Cannon's {@code bamboo} k=16: medians 0.333-0.372 s in 19 JVMs
 * minutes apart, each JVM's repeats within 3.5%). The bootstrap over one pass's repeats cannot see that; over
 * the pooled rounds of several passes it can.
 */
final class PooledPasses {
    private PooledPasses() {
    }

    /**
     * The rows of {@code passes} pooled; every pass must have the same rows (by plan) as the first, else an
     * {@link IllegalArgumentException} names the pass and the row. A row that failed in any pass fails in the
     * pool (its rounds would no longer pair with the others').
     */
    static ResultTable pool(List<String> names, List<ResultTable> passes) {
        ResultTable first = passes.get(0);
        for (int i = 1; i < passes.size(); i++) {
            for (Row r : passes.get(i).rows()) {
                if (first.row(r.plan()) == null) {
                    throw new IllegalArgumentException(names.get(i) + ": row '" + name(r) + "' is not in "
                            + names.get(0) + " (the passes pooled must have the same rows)");
                }
            }
        }
        List<Row> pooled = new ArrayList<>();
        for (Row r : first.rows()) {
            Row p = new Row(r.plan());
            for (int i = 0; i < passes.size(); i++) {
                Row same = passes.get(i).row(r.plan());
                if (same == null) {
                    throw new IllegalArgumentException(names.get(i) + ": no row '" + name(r) + "' of "
                            + names.get(0) + " (the passes pooled must have the same rows)");
                }
                List<Double> times = same.times();
                List<Double> cpu = same.cpuTimes(); // empty unless every run of the pass has one
                for (int t = 0; t < times.size(); t++) {
                    p.add(times.get(t), cpu.isEmpty() ? Double.NaN : cpu.get(t));
                }
                if (same.failed() && !p.failed()) {
                    p.fail(same.status().substring("FAILED: ".length()) + " (in " + names.get(i) + ")");
                }
            }
            pooled.add(p);
        }
        return new ResultTable(pooled);
    }

    private static String name(Row r) {
        return r.plan().app().name() + " " + r.plan().label();
    }
}
