package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.bench.apps.AppSpec;
import bamboo.bench.apps.Apps;
import bamboo.bench.apps.RunPlan;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Steady state for the bench's {@code bamboo} rows: one {@link RunClassLoader} per row for all its runs. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TranslatedSteadyStateTest {
    private static final AppSpec APP = Apps.byName("jacobi2d");

    private static RunPlan plan(int tasksPerNode) {
        return new RunPlan(APP, "bamboo", tasksPerNode, "Annotated", 2 * tasksPerNode, 2, 1, 0,
                Double.POSITIVE_INFINITY, false, null);
    }

    private static String[] argv() {
        Map<String, String> problem = APP.problem(false, Map.of("n", "29", "iters", "9", "resEvery", "4"));
        return AppSpec.argv(problem, APP.reference().apply(problem));
    }

    @Test
    void aRetainedRowRunsItsClassesAgainAndAReleasedOneLetsThemGo() throws Exception {
        TranslatedAppRunner runner = TranslatedAppRunner.forCheckout();
        RunPlan row = plan(2);
        RunPlan other = plan(1);
        String[] argv = argv();
        runner.retain(row);
        runner.retain(other);
        assertNull(runner.keptLoader(row), "made at the first run");
        runner.run(row, argv);
        RunClassLoader loader = runner.keptLoader(row);
        assertNotNull(loader);
        List<Class<?>> first = loader.defined();
        assertTrue(first.stream().anyMatch(c -> c.getName().equals("bamboo.examples.jacobi2d.Kernel")), first::toString);
        runner.run(row, argv);
        assertSame(loader, runner.keptLoader(row), "one loader for the row's runs");
        assertEquals(first, loader.defined(), "the second run loaded nothing again");
        runner.run(other, argv);
        assertNotSame(loader, runner.keptLoader(other), "each row its own loader");
        runner.release(row);
        runner.release(other);
        assertNull(runner.keptLoader(row));
        runner.run(row, argv);
        assertNull(runner.keptLoader(row), "not retained: a loader per run, closed after it");
    }

    @Test
    void releasingARowThatNeverRanIsHarmless() {
        TranslatedAppRunner runner = TranslatedAppRunner.forCheckout();
        runner.retain(plan(4));
        runner.release(plan(4));
        assertNull(runner.keptLoader(plan(4)));
    }
}
