package bamboo.examples.grande;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.examples.AppRun;
import bamboo.shim.job.JobResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The programs in the Java Grande MPJ style (SOR, LU, molecular dynamics, sparse mat-vec): every form
 * verifies bit for bit against its sequential reference at 1 to 4 ranks, on two simulated nodes, with
 * rank counts that do not divide the problem.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class GrandeStyleFormsTest {
    /** (app, forms, small problem). */
    static Stream<Arguments> cases() {
        Stream.Builder<Arguments> b = Stream.builder();
        add(b, "sor", List.of("Basic", "SplitPhase", "Annotated"), "n=31", "iters=9", "warmup=false");
        add(b, "lufact", List.of("Basic", "Annotated"), "n=29", "warmup=false");
        add(b, "moldyn", List.of("Basic", "Annotated"), "mm=4", "steps=6", "warmup=false");
        add(b, "spmv", List.of("Basic", "Annotated"), "n=503", "perRow=6", "iters=11", "warmup=false");
        return b.build();
    }

    private static void add(Stream.Builder<Arguments> b, String app, List<String> forms, String... args) {
        for (String form : forms) {
            for (int np = 1; np <= 4; np++) {
                b.add(Arguments.of(app, form, np, args));
            }
        }
    }

    @ParameterizedTest(name = "{0} {1} np={2}")
    @MethodSource("cases")
    void verifiesAtOneToFourRanks(String app, String form, int np, String[] args) {
        AppRun.verified(app, form.toLowerCase(Locale.ROOT), "bamboo.examples." + app + "." + form, np, args);
    }

    /** The default warm-up runs on the statics before the program's own constructor sets them again. */
    @ParameterizedTest(name = "{0} with warm-up")
    @ValueSource(strings = {"sor:n=20:iters=3", "lufact:n=20", "moldyn:mm=3:steps=2", "spmv:n=100:iters=3"})
    void theWarmUpLeavesNoTraceInTheResult(String spec) {
        String[] parts = spec.split(":");
        String[] args = java.util.Arrays.copyOfRange(parts, 1, parts.length);
        AppRun.verified(parts[0], "basic", "bamboo.examples." + parts[0] + ".Basic", 3, args);
    }

    @Test
    void aWrongReferenceFailsTheRun() {
        AppRun.Outcome o = AppRun.run("bamboo.examples.lufact.Basic", 2, 2, "n=12", "warmup=false", "check=1:0");
        assertEquals(JobResult.FAILED, o.result().exitCode(), o.output());
        assertTrue(o.output().contains("lufact basic: verification FAILED"), o.output());
    }

    @Test
    void aGridTooSmallForTheRanksIsAClearError() {
        AppRun.Outcome o = AppRun.run("bamboo.examples.sor.Basic", 4, 1, "n=3", "warmup=false");
        assertEquals(JobResult.FAILED, o.result().exitCode());
        assertTrue(o.result().message().contains("sor: n=3 is too small to give each of 4 processes"),
                o.result().message());
    }

    /** Annotated is Basic plus the annotation and region labels: at most 10 of its lines are not Basic's. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sor", "lufact", "moldyn", "spmv"})
    void annotatedAddsAtMostTenLinesToBasic(String app) throws IOException {
        Path dir = Path.of("src/main/java/bamboo/examples", app);
        List<String> basic = Files.readAllLines(dir.resolve("Basic.java"));
        List<String> annotated = Files.readAllLines(dir.resolve("Annotated.java"));
        int common = commonSubsequence(basic, annotated);
        assertTrue(annotated.size() - common <= 10, app + ": " + (annotated.size() - common)
                + " lines of Annotated.java are not in Basic.java");
        assertTrue(annotated.contains("@Bamboo"), app + ": Annotated.java has no @Bamboo");
    }

    /** Length of the longest common subsequence of two line lists. */
    private static int commonSubsequence(List<String> a, List<String> b) {
        int[][] t = new int[a.size() + 1][b.size() + 1];
        for (int i = a.size() - 1; i >= 0; i--) {
            for (int j = b.size() - 1; j >= 0; j--) {
                t[i][j] = a.get(i).equals(b.get(j)) ? t[i + 1][j + 1] + 1 : Math.max(t[i + 1][j], t[i][j + 1]);
            }
        }
        return t[0][0];
    }
}
