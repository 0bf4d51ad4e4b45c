package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import bamboo.bench.apps.AppSpec;
import bamboo.bench.apps.Apps;
import bamboo.bench.apps.OutputParser;
import bamboo.bench.apps.RunPlan;
import bamboo.bench.apps.Runner;
import bamboo.examples.common.Reference;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every example's {@code Annotated} form, translated from its source in the repository exactly as the
 * benchmark's {@code bamboo} variant does it ({@link TranslatedAppRunner}), runs on the task-graph runtime
 * at small sizes in several (tasks, nodes, workers) shapes and verifies its result against the sequential
 * reference the benchmark computes. A translator change that breaks an application's translation, or
 * makes it compute something else, fails here.
 * {@code examples/FormsTest} runs the same forms untranslated.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TranslatedExamplesTest {
    /** One runner for the whole class: each application is translated and compiled once, as in the bench. */
    private static final TranslatedAppRunner RUNNER = TranslatedAppRunner.forCheckout();

    /** 50us and 1 GB/s between nodes: messages between the halves arrive while the tasks compute. */
    private static final long LATENCY_NANOS = 50_000;
    private static final double BANDWIDTH = 1e9;

    /**
     * A run's shape; {@code interconnect} puts the simulated network between its nodes.
     */
    record Shape(int tasks, int nodes, int workers, boolean interconnect) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "tasks=%d nodes=%d workers=%d%s", tasks, nodes, workers,
                    interconnect ? " simulated interconnect" : "");
        }
    }

    /** Shapes for every application: one and two nodes, one and two workers, the network on one. */
    private static final Shape[] SHAPES = {
        new Shape(2, 1, 1, false),
        new Shape(4, 1, 2, false),
        new Shape(2, 2, 1, false),
        new Shape(4, 2, 2, true),
    };

    /** Cannon runs on a square grid of tasks (the bench skips other counts): 1, 4 and 9, and 36 on 4 nodes
     *  as the bench's k=9 (uneven blocks at n=23). Not 64 (k=16): every task warms its kernel up, and the 64
     *  warm-ups took 12 s at load 40, a fifth of the timeout per case; the bench's runs verify k=16. */
    private static final Shape[] CANNON_SHAPES = {
        new Shape(1, 1, 1, false),
        new Shape(4, 1, 2, false),
        new Shape(4, 2, 1, false),
        new Shape(4, 2, 2, true),
        new Shape(9, 1, 2, false),
        new Shape(36, 4, 1, true),
    };

    static Stream<Arguments> cases() {
        Stream.Builder<Arguments> b = Stream.builder();
        add(b, "jacobi3d", SHAPES, "n", "11", "iters", "12", "errEvery", "5");
        add(b, "jacobi2d", SHAPES, "n", "29", "iters", "17", "resEvery", "4");
        add(b, "cannon", CANNON_SHAPES, "n", "23");
        add(b, "summa", SHAPES, "n", "29", "nb", "4");
        add(b, "cg", SHAPES, "n", "600");
        add(b, "halo26", SHAPES, "n", "12", "steps", "5");
        return b.build();
    }

    private static void add(Stream.Builder<Arguments> b, String app, Shape[] shapes, String... problem) {
        Map<String, String> overrides = new LinkedHashMap<>();
        for (int i = 0; i < problem.length; i += 2) {
            overrides.put(problem[i], problem[i + 1]);
        }
        for (Shape s : shapes) {
            b.add(Arguments.of(app, s, overrides));
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void translatedAnnotatedFormVerifies(String name, Shape shape, Map<String, String> overrides) {
        AppSpec app = Apps.byName(name);
        assertTrue(app.unusable(shape.tasks()) == null, app.unusable(shape.tasks()));
        // The bench's own argument list: the problem and check=<sequential reference> (none for CG, which
        // checks its known solution x* and its true residual instead).
        Map<String, String> problem = app.problem(false, overrides);
        Reference ref = app.reference().apply(problem);
        String[] argv = AppSpec.argv(problem, ref);
        RunPlan plan = new RunPlan(app, "bamboo", shape.tasks() / shape.nodes(), "Annotated", shape.tasks(),
                shape.nodes(), shape.workers(), shape.interconnect() ? LATENCY_NANOS : 0,
                shape.interconnect() ? BANDWIDTH : Double.POSITIVE_INFINITY, false, null);
        String output;
        try {
            output = RUNNER.output(plan, argv);
            OutputParser.time(name, output); // a verification line then a time line, and no FAILED
        } catch (Runner.RunFailure e) {
            fail(name + " " + shape + ": " + e.getMessage());
            return;
        }
        String verified = name + " annotated: verified" + (ref != null ? " against the sequential reference: " : ": ");
        assertTrue(output.contains(verified), () -> "expected '" + verified + "' in:\n" + output);
    }

    /**
     * jacobi2d's and halo26's {@code profile=true} in the translated form: the kernel's sums are reduced
     * over the tasks like the results (the tasks of a node share its workers), so every point is counted
     * once per sweep or step.
     */
    @ParameterizedTest(name = "{0} profile=true")
    @MethodSource("profiled")
    void translatedProfileCountsEveryPointOnce(String name, Map<String, String> overrides, long points) {
        AppSpec app = Apps.byName(name);
        Map<String, String> problem = app.problem(false, overrides);
        Reference ref = app.reference().apply(problem);
        String[] base = AppSpec.argv(problem, ref);
        String[] argv = java.util.Arrays.copyOf(base, base.length + 1);
        argv[base.length] = "profile=true";
        RunPlan plan = new RunPlan(app, "bamboo", 2, "Annotated", 4, 2, 2, LATENCY_NANOS, BANDWIDTH, false, null);
        String output;
        try {
            output = RUNNER.output(plan, argv);
            OutputParser.time(name, output);
        } catch (Runner.RunFailure e) {
            fail(name + " profile=true: " + e.getMessage());
            return;
        }
        String expected = name + " annotated: kernel over 4 ranks: " + points + " points in ";
        assertTrue(output.contains(expected), () -> "expected '" + expected + "' in:\n" + output);
    }

    static Stream<Arguments> profiled() {
        return Stream.of(
                Arguments.of("jacobi2d", Map.of("n", "29", "iters", "17", "resEvery", "4"), 29L * 29 * 17),
                Arguments.of("halo26", Map.of("n", "12", "steps", "5"), 12L * 12 * 12 * 5));
    }
}
