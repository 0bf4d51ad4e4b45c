package bamboo.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every form of every application verifies its result at several rank counts on the threads device. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class FormsTest {
    private static final String[] FORMS = {"Basic", "SplitPhase", "Annotated"};

    /** (app, package, ranks, small problem). */
    static Stream<Arguments> cases() {
        Stream.Builder<Arguments> b = Stream.builder();
        add(b, "jacobi3d", new int[] {1, 2, 3, 4, 6}, "n=11", "iters=12", "errEvery=5");
        add(b, "jacobi2d", new int[] {1, 2, 3, 4, 5}, "n=29", "iters=17", "resEvery=4");
        add(b, "cannon", new int[] {1, 2, 4, 5, 9}, "n=23");
        add(b, "summa", new int[] {1, 2, 3, 4, 6}, "n=29", "nb=4");
        add(b, "cg", new int[] {1, 2, 3, 4}, "n=600");
        add(b, "cg", new int[] {2, 5}, "matrix=grid12.mtx");
        add(b, "halo26", new int[] {1, 2, 4, 8, 27}, "n=12", "steps=5");
        return b.build();
    }

    private static void add(Stream.Builder<Arguments> b, String app, int[] nps, String... args) {
        for (String form : FORMS) {
            for (int np : nps) {
                b.add(Arguments.of(app, form, np, args));
            }
        }
    }

    @ParameterizedTest(name = "{0} {1} np={2}")
    @MethodSource("cases")
    void verifies(String app, String form, int np, String[] args) {
        String formName = form.toLowerCase(java.util.Locale.ROOT);
        AppRun.verified(app, formName, "bamboo.examples." + app + "." + form, np, args);
    }

    /** The cases above run with the default warm-up; without it every form still verifies. */
    @ParameterizedTest(name = "{0} {1} warmup=false")
    @MethodSource("withoutWarmUp")
    void verifiesWithoutWarmUp(String app, String form, String[] args) {
        String formName = form.toLowerCase(java.util.Locale.ROOT);
        AppRun.verified(app, formName, "bamboo.examples." + app + "." + form, 2, args);
    }

    static Stream<Arguments> withoutWarmUp() {
        Stream.Builder<Arguments> b = Stream.builder();
        for (String form : FORMS) {
            b.add(Arguments.of("jacobi3d", form, new String[] {"n=11", "iters=12", "errEvery=5", "warmup=false"}));
            b.add(Arguments.of("cg", form, new String[] {"n=600", "warmup=false"}));
        }
        return b.build();
    }

    /**
     * With {@code profile=true} rank 0 prints the kernel's sums over all ranks: every point of the grid is
     * counted once per sweep (or step) whatever the form (the split forms relax it in two calls), and the
     * run still verifies.
     */
    @ParameterizedTest(name = "{0} {1} np={2} profile=true")
    @MethodSource("profiled")
    void profileCountsEveryPointOncePerSweep(String app, String form, int np, long points, String[] args) {
        String formName = form.toLowerCase(java.util.Locale.ROOT);
        String out = AppRun.verified(app, formName, "bamboo.examples." + app + "." + form, np, args);
        String expected = app + " " + formName + ": kernel over " + np + " ranks: " + points + " points in ";
        assertTrue(out.contains(expected), () -> "expected '" + expected + "' in:\n" + out);
        assertTrue(out.matches("(?s).*thread CPU \\([0-9.]+ ns per point\\); halo copies [0-9.]+ s wall\\R.*"),
                () -> "platform threads measure thread CPU:\n" + out);
    }

    static Stream<Arguments> profiled() {
        Stream.Builder<Arguments> b = Stream.builder();
        for (String form : FORMS) {
            for (int np : new int[] {1, 3}) {
                b.add(Arguments.of("jacobi2d", form, np, 29L * 29 * 17,
                        new String[] {"n=29", "iters=17", "resEvery=4", "profile=true"}));
                b.add(Arguments.of("halo26", form, np + 1, 12L * 12 * 12 * 5,
                        new String[] {"n=12", "steps=5", "profile=true"}));
            }
        }
        return b.build();
    }

    @Test
    void withoutProfileNoKernelLine() {
        String out = AppRun.verified("jacobi2d", "basic", "bamboo.examples.jacobi2d.Basic", 2, "n=16", "iters=3");
        assertFalse(out.contains("kernel over"), out);
    }

    @Test
    void aBadWarmUpFlagIsNamed() {
        AppRun.Outcome o = AppRun.run("bamboo.examples.halo26.Annotated", 1, 1, "warmup=no");
        assertEquals(bamboo.shim.job.JobResult.FAILED, o.result().exitCode());
        assertTrue(o.result().message().contains("halo26: warmup=no is not true or false"), o.result().message());
    }

    @Test
    void aWrongReferenceFailsTheRun() {
        AppRun.Outcome o = AppRun.run("bamboo.examples.jacobi3d.Basic", 2, 2, "n=8", "iters=3", "check=1:0");
        assertEquals(bamboo.shim.job.JobResult.FAILED, o.result().exitCode(), o.output());
        assertTrue(o.output().contains("jacobi3d basic: verification FAILED"), o.output());
        assertTrue(o.result().message().contains("result differs from the sequential reference"),
                o.result().message());
    }

    @Test
    void anUnknownArgumentIsNamed() {
        AppRun.Outcome o = AppRun.run("bamboo.examples.cannon.Basic", 1, 1, "size=8");
        assertEquals(bamboo.shim.job.JobResult.FAILED, o.result().exitCode());
        assertTrue(o.result().message().contains("cannon: unknown argument(s) [size]"), o.result().message());
    }

    @Test
    void aGridTooSmallForTheRanksIsAClearError() {
        AppRun.Outcome o = AppRun.run("bamboo.examples.jacobi2d.Basic", 4, 1, "n=1");
        assertEquals(bamboo.shim.job.JobResult.FAILED, o.result().exitCode());
        assertTrue(o.result().message().contains("jacobi2d: n=1 is too small to give each of 2 processes"),
                o.result().message());
    }
}
