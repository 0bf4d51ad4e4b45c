package bamboo.bench.apps;

import bamboo.examples.common.Reference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The runs of {@code bamboo demo}: 3-D Jacobi on 2 simulated nodes of one core each, as the plain program
 * ({@code basic}), translated ({@code bamboo}, k tasks per node) and with communication free
 * ({@code nocomm}), one run at a time, so that the demo can decide after each run what to run next
 * (calibrate the interconnect, stop once its figure is precise enough).
 *
 * <p>Every run is verified against a sequential computation and prepared as the benchmark prepares its
 * runs ({@link AppBench}): a full collection and a quiet JIT before it, and steady state (a plan's runs
 * keep the classes its first run loaded and the JIT compiled) until {@link #close}.
 */
public final class DemoRuns implements AutoCloseable {
    private static final long QUIET_MAX_NANOS = 2_000_000_000L;
    private final AppSpec app;
    private final String[] argv;
    private final Runner shim;
    private final Runner translated;
    private final List<RunPlan> retained = new ArrayList<>();

    private DemoRuns(AppSpec app, String[] argv, Runner shim, Runner translated) {
        this.app = app;
        this.argv = argv;
        this.shim = shim;
        this.translated = translated;
    }

    /**
     * The demo's problem, its expected result computed once here (a few seconds).
     *
     * @param overrides problem arguments replacing the benchmark's (e.g. {@code iters})
     */
    public static DemoRuns jacobi3d(Map<String, String> overrides) {
        AppSpec app = Apps.byName("jacobi3d");
        Map<String, String> problem = app.problem(false, overrides);
        Reference ref = app.reference().apply(problem);
        return new DemoRuns(app, AppSpec.argv(problem, ref), ShimRunner.forExamples(),
                TranslatedAppRunner.forCheckout());
    }

    /** The plain program under the given interconnect, one rank per node. */
    public RunPlan basic(long latencyNanos, double bandwidth) {
        return new RunPlan(app, "basic", 0, "Basic", 2, 2, 1, latencyNanos, bandwidth, false, null);
    }

    /** The plain program with communication free. */
    public RunPlan bound() {
        return new RunPlan(app, "nocomm", 0, "Basic", 2, 2, 1, 0, Double.POSITIVE_INFINITY, false, null);
    }

    /** The annotated program translated to {@code k} tasks per node, on one worker per node. */
    public RunPlan translated(int k, long latencyNanos, double bandwidth) {
        return new RunPlan(app, "bamboo", k, "Annotated", 2 * k, 2, 1, latencyNanos, bandwidth, false, null);
    }

    /** What the first run of {@code plan} will do before it runs (a translation), or null. */
    public String preparing(RunPlan plan) {
        return runnerOf(plan).preparing(plan);
    }

    /**
     * Runs {@code plan} once and returns the program's time of its main loop, in seconds.
     *
     * @throws Runner.RunFailure when the run failed or its result did not verify
     */
    public double run(RunPlan plan) throws Runner.RunFailure {
        Runner runner = runnerOf(plan);
        if (!retained.contains(plan)) {
            runner.prepare(plan);
            runner.retain(plan);
            retained.add(plan);
        }
        BetweenRuns.settle();
        JitQuiet.await(QUIET_MAX_NANOS);
        return runner.run(plan, argv);
    }

    /** Lets go of the classes of a plan that will not run again. */
    public void release(RunPlan plan) {
        if (retained.remove(plan)) {
            runnerOf(plan).release(plan);
        }
    }

    @Override
    public void close() {
        for (RunPlan p : List.copyOf(retained)) {
            release(p);
        }
    }

    private Runner runnerOf(RunPlan plan) {
        return plan.variant().equals("bamboo") ? translated : shim;
    }
}
