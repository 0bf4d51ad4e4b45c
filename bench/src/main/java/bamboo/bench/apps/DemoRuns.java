package bamboo.bench.apps;

import bamboo.examples.common.Reference;
import bamboo.shim.job.RankLoaders;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The runs of {@code bamboo demo}: 3-D Jacobi on 2 simulated nodes of one core each, as the plain program
 * ({@code basic}), translated ({@code bamboo}, k tasks per node) and with communication free
 * ({@code nocomm}), one run at a time, so that the demo can decide after each run what to run next
 * (calibrate the interconnect, stop once its figure is precise enough).
 *
 * <p>Every run is verified against a sequential computation and prepared as the benchmark prepares its
 * runs ({@link AppBench}): a full collection and a quiet JIT before it. Unlike the benchmark's rows, the
 * classes are kept per program, not per plan: basic and the bound run the same classes, and so does every
 * translated run, whatever the interconnect, until {@link #close}. The demo changes its interconnect while
 * it calibrates and between its rounds; kept per plan, each change would start the JIT afresh and time
 * interpreted code at the new setting.
 */
public final class DemoRuns implements AutoCloseable {
    private static final long QUIET_MAX_NANOS = 2_000_000_000L;
    private final AppSpec app;
    private final String[] argv;
    private final ShimRunner shim;
    private final TranslatedAppRunner translated;
    /** The plain program's classes (basic and the bound), rank by rank; null until its first run. */
    private RankLoaders plain;
    /** The translated program's classes; null until its first run. */
    private RunClassLoader tasks;

    private DemoRuns(AppSpec app, String[] argv, ShimRunner shim, TranslatedAppRunner translated) {
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

    /** What the first translated run will do before it runs (a translation), or null. */
    public String preparing(RunPlan plan) {
        return isTranslated(plan) ? translated.preparing(plan) : null;
    }

    /**
     * Runs {@code plan} once and returns the program's time of its main loop, in seconds.
     *
     * @throws Runner.RunFailure when the run failed or its result did not verify
     */
    public double run(RunPlan plan) throws Runner.RunFailure {
        if (isTranslated(plan)) {
            if (tasks == null) {
                tasks = translated.openLoader(plan);
            }
        } else if (plain == null) {
            plain = shim.openLoaders(plan.np());
        }
        BetweenRuns.settle();
        JitQuiet.await(QUIET_MAX_NANOS);
        return isTranslated(plan) ? translated.run(plan, tasks, argv) : shim.run(plan, plain, argv);
    }

    @Override
    public void close() {
        if (plain != null) {
            plain.close();
            plain = null;
        }
        if (tasks != null) {
            try {
                tasks.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e); // closing a URLClassLoader over directories and jars
            }
            tasks = null;
        }
    }

    private static boolean isTranslated(RunPlan plan) {
        return plan.variant().equals("bamboo");
    }
}
