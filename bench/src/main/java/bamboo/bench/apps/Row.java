package bamboo.bench.apps;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The measurements of one plan: its times, or why it was skipped or failed. */
public final class Row {
    private final RunPlan plan;
    private final List<Double> times = new ArrayList<>();
    private final List<Double> cpuTimes = new ArrayList<>();
    private String failure;

    public Row(RunPlan plan) {
        this.plan = plan;
    }

    public RunPlan plan() {
        return plan;
    }

    /** Records one run's time in seconds. */
    public void add(double seconds) {
        times.add(seconds);
    }

    /** Records one run's time and its process's CPU time in that run, both in seconds (the CPU time NaN
     *  when the runner cannot tell: {@link Runner#lastCpuSeconds()}). */
    public void add(double seconds, double cpuSeconds) {
        times.add(seconds);
        cpuTimes.add(cpuSeconds);
    }

    /** Records that a run failed; later repeats are not run. */
    public void fail(String message) {
        failure = message;
    }

    public boolean skipped() {
        return plan.skipReason() != null;
    }

    public boolean failed() {
        return failure != null;
    }

    /** True when the row has times and neither failed nor was skipped. */
    public boolean ok() {
        return !skipped() && !failed() && !times.isEmpty();
    }

    public List<Double> times() {
        return List.copyOf(times);
    }

    /** The CPU times of the runs that reported one (seconds, in run order), or an empty list. */
    public List<Double> cpuTimes() {
        return cpuTimes.size() == times.size() && cpuTimes.stream().noneMatch(c -> Double.isNaN(c))
                ? List.copyOf(cpuTimes) : List.of();
    }

    /** What the table shows instead of figures: {@code skipped: ...} or {@code FAILED: ...}, else "". */
    public String status() {
        if (skipped()) {
            return "skipped: " + plan.skipReason();
        }
        if (failed()) {
            return "FAILED: " + failure;
        }
        return "";
    }

    /** The median of the times (mean of the middle two for an even count); NaN without times. */
    public double median() {
        return median(times);
    }

    public double min() {
        return times.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    public double max() {
        return times.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    /** The median of {@code values}; NaN when empty. */
    public static double median(List<Double> values) {
        return median(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The median of {@code values} (left unchanged); NaN when empty. */
    public static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] v = values.clone();
        Arrays.sort(v);
        int m = v.length / 2;
        return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
    }
}
