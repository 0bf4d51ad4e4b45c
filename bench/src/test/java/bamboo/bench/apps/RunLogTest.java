package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** runs.csv: every run, warm-ups included, with what else happened during it. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RunLogTest {

    @Test
    void formatsOneLinePerRunWithEmptyFieldsForWhatIsUnknown() {
        AppSpec app = new AppSpec("demo", "demoprog", Map.of(), Map.of(), null, 0, Double.POSITIVE_INFINITY, 1, false,
                null);
        RunPlan plan = new RunPlan(app, "bamboo", 4, "Annotated", 8, 2, 1, 0, Double.POSITIVE_INFINITY, false, null);
        RunLog log = new RunLog();
        log.add(plan, "w1", 0.5, 12, new RunMeter.Delta(1.0, 0, 0, 40, 1.9, 2.0, 0.01));
        log.add(plan, "1", Double.NaN, -1, new RunMeter.Delta(1.0, -1, -1, -1, Double.NaN, 1.5, 0.0));
        assertEquals(List.of(RunLog.HEADER,
                "demo,bamboo k=4,w1,0.500000,12,0,0,40,1.900,0.100,2.000,0.010",
                "demo,bamboo k=4,1,,,,,,,,1.500,0.000"), log.csv().lines().toList());
    }

    @Test
    void summarisesEachRowsTimedRunsOnly() {
        AppSpec app = new AppSpec("demo", "demoprog", Map.of(), Map.of(), null, 0, Double.POSITIVE_INFINITY, 1, false,
                null);
        RunPlan basic = new RunPlan(app, "basic", 0, "Basic", 2, 2, 1, 0, Double.POSITIVE_INFINITY, false, null);
        RunPlan child = new RunPlan(app, "mpj-express", 0, "Basic", 2, 2, 1, 0, Double.POSITIVE_INFINITY, false, null);
        RunLog log = new RunLog();
        assertEquals("", log.summary());
        log.add(basic, "w1", 0.5, 900, new RunMeter.Delta(1.0, 3, 50, 9000, 1.0, 2.0, 0.5)); // a warm-up: not counted
        log.add(basic, "1", 0.5, 10, new RunMeter.Delta(1.0, 0, 0, 50, 1.9, 2.0, 0.01));
        log.add(basic, "2", 0.6, 30, new RunMeter.Delta(1.0, 1, 7, 70, 1.5, 2.0, 0.2));
        log.add(basic, "3", 0.5, 20, new RunMeter.Delta(1.0, 0, 0, 60, 1.9, 1.95, 0.0));
        log.add(basic, "4", Double.NaN, -1, new RunMeter.Delta(1.0, 5, 5, 5, 0.1, 2.0, 0.9)); // failed: not counted
        log.add(child, "1", 0.7, -1, new RunMeter.Delta(1.0, -1, -1, -1, Double.NaN, 1.98, 0.02));
        assertEquals(List.of("Run conditions (timed runs, whole run; every run in runs.csv):",
                "  demo      basic                  3 runs: GC in 1 of 3, faults 60 (max 70), others 0.10 (max 0.50) cores,"
                        + " steal 0.01 (max 0.20) cores, JIT ms 20 (max 30)",
                "  demo      mpj-express            1 runs: busy 1.98 (max 1.98) cores, steal 0.02 (max 0.02) cores"),
                log.summary().lines().toList());
    }

    @Test
    void theBenchWritesEveryRunToRunsCsv(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = AppBench.run(new String[] {"--app", "jacobi2d", "--set", "n=24", "--set", "iters=4",
            "--variants", "basic,nocomm", "--repeat", "2", "--warmup-runs", "1", "--no-targets", "--output",
            dir.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), null);
        assertEquals(0, code, out.toString(StandardCharsets.UTF_8));
        List<String> lines = Files.readAllLines(dir.resolve("runs.csv"));
        assertEquals(RunLog.HEADER, lines.get(0));
        assertEquals(List.of("basic,w1", "nocomm,w1", "basic,1", "nocomm,1", "basic,2", "nocomm,2"),
                lines.subList(1, lines.size()).stream().map(l -> l.split(",")[1] + "," + l.split(",")[2]).toList());
        for (String l : lines.subList(1, lines.size())) {
            String[] f = l.split(",", -1);
            assertEquals(12, f.length, l);
            assertTrue(Double.parseDouble(f[3]) > 0, l);
            assertTrue(Long.parseLong(f[5]) >= 0, "a run in this JVM counts its collections: " + l);
        }
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains(", runs.csv"), text);
        assertTrue(text.contains("\nRun conditions (timed runs, whole run; every run in runs.csv):\n  jacobi2d  basic"
                + "                  2 runs: GC in "), text);
        assertTrue(Files.readString(dir.resolve("results.txt")).contains("Run conditions"));
    }
}
