package bamboo.bench.apps;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * Every run of a benchmark, warm-ups included, with what else happened during it ({@link RunMeter}):
 * {@code runs.csv} in the {@code --out} folder, and a summary per row of its timed runs after the table, to
 * see what a row's slow repeats had in common (a collection, faults, another process or the hypervisor
 * taking cores) where the table shows only their spread.
 */
final class RunLog {
    static final String HEADER = "app,row,run,seconds,jit_ms," + RunMeter.Delta.CSV_HEADER;
    private final StringBuilder csv = new StringBuilder(HEADER).append('\n');
    /** The timed runs' figures per row ("app row"), in the order the rows first ran. */
    private final Map<String, List<Timed>> timed = new LinkedHashMap<>();

    private record Timed(long jitMillis, RunMeter.Delta meter) {
    }

    /**
     * Notes one run: {@code run} is the repeat's number or {@code w1}, {@code w2} ... for warm-ups;
     * {@code seconds} the program's own time (NaN when the run failed); {@code jitMillis} -1 when unknown.
     */
    void add(RunPlan plan, String run, double seconds, long jitMillis, RunMeter.Delta meter) {
        csv.append(plan.app().name()).append(',').append(plan.label()).append(',').append(run).append(',')
                .append(Double.isNaN(seconds) ? "" : String.format(Locale.ROOT, "%.6f", seconds)).append(',')
                .append(jitMillis < 0 ? "" : Long.toString(jitMillis)).append(',').append(meter.csv()).append('\n');
        if (!run.startsWith("w") && !Double.isNaN(seconds)) {
            timed.computeIfAbsent(String.format(Locale.ROOT, "%-9s %-22s", plan.app().name(), plan.label()),
                    k -> new ArrayList<>()).add(new Timed(jitMillis, meter));
        }
    }

    String csv() {
        return csv.toString();
    }

    /**
     * One line per row on its timed runs: how many had a collection, their faults, the cores others and the
     * hypervisor took (median and max), the JIT's time; empty when nothing ran.
     */
    String summary() {
        if (timed.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("Run conditions (timed runs, whole run; every run in runs.csv):\n");
        for (Map.Entry<String, List<Timed>> e : timed.entrySet()) {
            List<Timed> runs = e.getValue();
            List<String> parts = new ArrayList<>();
            long known = runs.stream().filter(t -> t.meter().gcCount() >= 0).count();
            if (known > 0) {
                parts.add("GC in " + runs.stream().filter(t -> t.meter().gcCount() > 0).count() + " of " + known);
            }
            longs(runs, t -> t.meter().faults(), "faults", parts);
            cores(runs, t -> t.meter().otherCores(), "others", parts);
            if (runs.stream().allMatch(t -> Double.isNaN(t.meter().otherCores()))) {
                cores(runs, t -> t.meter().busyCores(), "busy", parts); // others unknown: this machine's total
            }
            cores(runs, t -> t.meter().stealCores(), "steal", parts);
            longs(runs, Timed::jitMillis, "JIT ms", parts);
            sb.append("  ").append(e.getKey()).append(' ').append(runs.size()).append(" runs")
                    .append(parts.isEmpty() ? "" : ": " + String.join(", ", parts)).append('\n');
        }
        return sb.toString();
    }

    /** "name median (max N)" of the runs' known values (negative: unknown), if any. */
    private static void longs(List<Timed> runs, ToLongFunction<Timed> figure, String name, List<String> parts) {
        long[] sorted = runs.stream().mapToLong(figure).filter(v -> v >= 0).sorted().toArray();
        if (sorted.length > 0) {
            parts.add(name + " " + sorted[(sorted.length - 1) / 2] + " (max " + sorted[sorted.length - 1] + ")");
        }
    }

    /** "name median (max N) cores" of the runs' known values (NaN: unknown), if any. */
    private static void cores(List<Timed> runs, ToDoubleFunction<Timed> figure, String name, List<String> parts) {
        double[] sorted = runs.stream().mapToDouble(figure).filter(v -> !Double.isNaN(v)).sorted().toArray();
        if (sorted.length > 0) {
            parts.add(String.format(Locale.ROOT, "%s %.2f (max %.2f) cores", name, sorted[(sorted.length - 1) / 2],
                    sorted[sorted.length - 1]));
        }
    }
}
