package bamboo.examples.bench;

import java.util.Locale;

/**
 * Every run of a benchmark, warm-ups included, with what else happened during it ({@link RunMeter}):
 * {@code runs.csv} in the {@code --out} folder, to see what a row's slow repeats had in common (a
 * collection, faults, another process or the hypervisor taking cores) where the table shows only their
 * spread.
 */
final class RunLog {
    static final String HEADER = "app,row,run,seconds,jit_ms," + RunMeter.Delta.CSV_HEADER;
    private final StringBuilder csv = new StringBuilder(HEADER).append('\n');

    /**
     * Notes one run: {@code run} is the repeat's number or {@code w1}, {@code w2} ... for warm-ups;
     * {@code seconds} the program's own time (NaN when the run failed); {@code jitMillis} -1 when unknown.
     */
    void add(RunPlan plan, String run, double seconds, long jitMillis, RunMeter.Delta meter) {
        csv.append(plan.app().name()).append(',').append(plan.label()).append(',').append(run).append(',').append(Double.isNaN(seconds) ? "" : String.format(Locale.ROOT, "%.6f", seconds))
                .append(',').append(jitMillis < 0 ? "" : Long.toString(jitMillis)).append(',').append(meter.csv())
                .append('\n');
    }

    String csv() {
        return csv.toString();
    }
}
