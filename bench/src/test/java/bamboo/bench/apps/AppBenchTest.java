package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AppBenchTest {

    private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    @Test
    void plansHoldEveryVariantInOrder() {
        BenchOptions o = BenchOptions.parse(new String[] {"--app", "jacobi3d,cannon", "--k", "2,4"});
        AppBench bench = new AppBench(o, (p, a) -> 1.0, null, QUIET);
        List<RunPlan> j = bench.plans(Apps.byName("jacobi3d"));
        List<String> labels = new ArrayList<>();
        j.forEach(p -> labels.add(p.label() + "/" + p.np() + "/" + p.form()));
        assertEquals(List.of("basic/2/Basic", "oversubscribed k=2/4/Basic", "oversubscribed k=4/8/Basic",
                "virtual k=2/4/Basic", "virtual k=4/8/Basic", "splitphase/2/SplitPhase", "bamboo k=2/4/Annotated",
                "bamboo k=4/8/Annotated", "nocomm/2/Basic", "nocomm-child/2/Basic", "mpj-express/2/Basic"), labels);
        RunPlan nocomm = j.get(j.size() - 3);
        assertEquals(0, nocomm.latencyNanos());
        assertTrue(Double.isInfinite(nocomm.bandwidth()));
        assertEquals("translator not available yet", j.get(6).skipReason());
        assertEquals("MPJ Express peer not configured", j.get(10).skipReason());
        if (Runtime.version().feature() < 21) {
            assertTrue(j.get(3).skipReason().startsWith("virtual threads need JDK 21+"), j.get(3).skipReason());
        } else {
            assertEquals(null, j.get(3).skipReason());
        }
        List<RunPlan> c = bench.plans(Apps.byName("cannon"));
        assertEquals(4, c.get(0).np(), "cannon runs on 4 nodes by default");
        assertEquals("cannon needs a square number of ranks (np=8)", c.get(1).skipReason());
        assertEquals(null, c.get(2).skipReason(), "k=4 on 4 nodes: 16 ranks, a 4x4 grid");
    }

    /** The core gate's A/B in one run: '-ungated' rows on request only, after the gated ones, same plans. */
    @Test
    void ungatedRowsComeOnlyWhenAskedAndAfterTheGatedOnes() {
        BenchOptions o = BenchOptions.parse(new String[] {"--app", "jacobi3d", "--k", "2",
            "--variants", "bamboo-ungated,basic,virtual,oversubscribed-ungated,virtual-ungated"});
        List<RunPlan> j = new AppBench(o, (p, a) -> 1.0, null, QUIET).plans(Apps.byName("jacobi3d"));
        List<String> labels = new ArrayList<>();
        j.forEach(p -> labels.add(p.label() + "/" + p.np() + "/" + p.form() + "/" + p.virtual()));
        assertEquals(List.of("basic/2/Basic/false", "virtual k=2/4/Basic/true",
                "oversubscribed-ungated k=2/4/Basic/false", "virtual-ungated k=2/4/Basic/true",
                "bamboo-ungated k=2/4/Annotated/false"), labels);
        assertEquals("translator not available yet", j.get(4).skipReason());
        assertTrue(BenchOptions.parse(new String[0]).variants.stream().noneMatch(v -> v.endsWith("-ungated")),
                "not in the default variants");
    }

    @Test
    void measureRunsEveryRepeatWithTheSameArgumentsAndWritesFiles(@TempDir Path dir) throws Exception {
        List<String> seen = new ArrayList<>();
        String[][] firstArgs = new String[1][];
        Runner fake = (plan, argv) -> {
            synchronized (seen) {
                seen.add(plan.label());
                if (firstArgs[0] == null) {
                    firstArgs[0] = argv.clone();
                } else {
                    assertArrayEquals(firstArgs[0], argv, "every variant solves the same problem");
                }
            }
            return switch (plan.variant()) {
                case "basic" -> 2.0;
                case "nocomm" -> 1.0;
                case "splitphase" -> 1.5;
                default -> 1.8;
            };
        };
        BenchOptions o = BenchOptions.parse(new String[] {"--app", "jacobi3d", "--set", "n=6", "--set", "iters=3",
            "--variants", "basic,splitphase,oversubscribed,nocomm", "--k", "2", "--repeat", "2", "--warmup-runs", "1",
            "--output", dir.toString()});
        ResultTable t = new AppBench(o, fake, null, QUIET).measure();
        assertEquals(4 + 2 * 4, seen.size(), "a warm-up of each of four variants plus two repeats of each");
        List<String> order = List.of("basic", "oversubscribed k=2", "splitphase", "nocomm");
        assertEquals(order, seen.subList(0, 4), "one warm-up per variant first");
        assertEquals(order, seen.subList(4, 8), "then the repeats, interleaved across variants");
        Row split = t.rows().get(2);
        assertEquals("splitphase", split.plan().variant());
        assertEquals(0.5, t.hidden(split), 1e-12);
        assertTrue(firstArgs[0][firstArgs[0].length - 1].startsWith("check="), String.join(" ", firstArgs[0]));
    }

    @Test
    void commandLineWritesCsvTableAndPlot(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = AppBench.run(new String[] {"--app", "jacobi2d", "--set", "n=24", "--set", "iters=4",
            "--variants", "basic,splitphase,nocomm", "--repeat", "1", "--warmup-runs", "1", "--output", dir.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                null);
        String table = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, table + err.toString(StandardCharsets.UTF_8));
        assertTrue(table.contains("jacobi2d  splitphase"), table);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("[  2/6"), "progress on stderr: a warm-up and one repeat of three variants");
        assertTrue(Files.readString(dir.resolve("results.csv")).lines().count() == 4);
        assertTrue(table.contains("\nTargets"), "the verdicts follow the table:\n" + table);
        assertEquals(List.of("app,target,figure,low,high,bound,verdict,repeats,from",
                "jacobi2d,zero-cost,,,,1.050000,NOT MEASURED,0,\"needs a run at --latency 0 --bandwidth inf (this one:"
                        + " 500us, 20MB/s)\"",
                "jacobi2d,mpj-express,,,,1.000000,NOT MEASURED,0,no mpj-express row in this run"),
                Files.readAllLines(dir.resolve("targets.csv")));
        assertTrue(Files.readString(dir.resolve("results.txt")).contains("Targets"));
        byte[] png = Files.readAllBytes(dir.resolve("speedup.png"));
        assertTrue(png.length > 1000 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G', "a PNG file");
    }

    @Test
    void noTargetsLeavesOutTheSectionAndItsCsv(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = AppBench.run(new String[] {"--app", "jacobi2d", "--set", "n=24", "--set", "iters=4",
            "--variants", "basic", "--repeat", "1", "--warmup-runs", "1", "--no-targets", "--output", dir.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream(), true,
                        StandardCharsets.UTF_8), null);
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, text);
        assertTrue(text.contains("jacobi2d  basic") && !text.contains("Targets"), text);
        assertTrue(Files.exists(dir.resolve("results.csv")) && !Files.exists(dir.resolve("targets.csv")));
    }

    @Test
    void anUnwritableOutFolderIsRefusedBeforeAnythingRuns(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("taken"), "x");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Runner never = (p, a) -> {
            throw new AssertionError("nothing runs when the results cannot be written");
        };
        int code = AppBench.run(new String[] {"--app", "jacobi2d", "--variants", "bamboo", "--output", file.toString()},
                QUIET, new PrintStream(err, true, StandardCharsets.UTF_8), never);
        assertEquals(2, code);
        assertEquals("bamboo: --output " + file + ": exists and is not a directory\n", err.toString(StandardCharsets.UTF_8));
    }

    /** A variant whose warm-up fails is FAILED at once: its repeats are not run (every run is verified). */
    @Test
    void aFailedWarmUpFailsTheRowWithoutRepeats() {
        List<String> seen = new ArrayList<>();
        Runner runner = (plan, argv) -> {
            seen.add(plan.label());
            if (plan.variant().equals("splitphase")) {
                throw new Runner.RunFailure("verification failed: checksum 1 (expected 2)");
            }
            return 1.0;
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        BenchOptions o = BenchOptions.parse(new String[] {"--app", "jacobi3d", "--set", "n=6", "--set", "iters=3",
            "--variants", "basic,splitphase", "--repeat", "3", "--warmup-runs", "1"});
        ResultTable t = new AppBench(o, runner, null, new PrintStream(err, true, StandardCharsets.UTF_8)).measure();
        assertEquals(List.of("basic", "splitphase", "basic", "basic", "basic"), seen);
        assertEquals("FAILED: verification failed: checksum 1 (expected 2)", t.rows().get(1).status());
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("(no further runs of this variant)"));
    }

    /** The translation before the first bamboo run takes seconds: the progress display says so. */
    @Test
    void theRunnersPreparationIsAnnouncedAndItsFailureFailsTheRow() {
        Runner translating = new Runner() {
            @Override
            public String preparing(RunPlan plan) {
                return "translating " + plan.app().mainClass(plan.form());
            }

            @Override
            public void prepare(RunPlan plan) throws RunFailure {
                if (plan.k() == 4) {
                    throw new RunFailure("translation failed: Annotated.java:3:1: error: no");
                }
            }

            @Override
            public double run(RunPlan plan, String[] argv) {
                return 1.0;
            }
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        BenchOptions o = BenchOptions.parse(new String[] {"--app", "jacobi3d", "--set", "n=6", "--set", "iters=3",
            "--variants", "bamboo", "--k", "2,4", "--repeat", "1"});
        ResultTable t = new AppBench(o, (p, a) -> 1.0, translating, new PrintStream(err, true, StandardCharsets.UTF_8))
                .measure();
        String progress = err.toString(StandardCharsets.UTF_8);
        assertTrue(progress.contains("jacobi3d bamboo k=2: translating bamboo.examples.jacobi3d.Annotated ... done ("),
                progress);
        assertTrue(progress.contains("jacobi3d bamboo k=4: translating bamboo.examples.jacobi3d.Annotated ... FAILED: "
                + "translation failed: Annotated.java:3:1: error: no\n"), progress);
        assertTrue(t.rows().get(0).ok());
        assertEquals("FAILED: translation failed: Annotated.java:3:1: error: no", t.rows().get(1).status());
    }

    @Test
    void badUsageIsOneLineAndExitCode2() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = AppBench.run(new String[] {"--bandwidth", "fast"}, QUIET,
                new PrintStream(err, true, StandardCharsets.UTF_8), null);
        assertEquals(2, code);
        assertEquals("bamboo: --bandwidth: cannot read bandwidth 'fast': write it like 1GB/s, 500MB/s, 10Gb/s or inf\n",
                err.toString(StandardCharsets.UTF_8));
    }
}
