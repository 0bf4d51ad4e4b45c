package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench apps --targets-from}: a results.csv read back judges as the run that wrote it. */
class ResultsCsvTest {
    private static final AppSpec J3 = Apps.byName("jacobi3d");

    private static Row row(String variant, int k, double bw, boolean virtual, double... times) {
        Row r = new Row(new RunPlan(J3, variant, k, "Basic", 2 * Math.max(k, 1), 2, 1, bw > 1e300 ? 0 : 500_000, bw,
                virtual, null));
        for (double t : times) {
            r.add(t, Double.NaN);
        }
        return r;
    }

    private static ResultTable sample() {
        Row failed = row("oversubscribed", 4, 1e8, false, 0.9);
        failed.fail("rank 3: \"boom\", with a comma\nand a second line");
        Row skipped = new Row(new RunPlan(J3, "virtual", 2, "Basic", 4, 2, 1, 500_000, 1e8, true,
                "virtual threads need JDK 21+"));
        Row fresh = new Row(row("bamboo", 2, 1e8, false).plan().fresh());
        fresh.add(0.55, Double.NaN);
        fresh.add(0.57, Double.NaN);
        return new ResultTable(List.of(row("basic", 0, 1e8, false, 1.0, 1.1, 0.9), failed, skipped,
                row("virtual", 4, 1e8, true, 0.7, 0.75, 0.72), row("bamboo", 2, 1e8, false, 0.62, 0.6, 0.65), fresh,
                row("nocomm", 0, Double.POSITIVE_INFINITY, false, 0.6, 0.61, 0.59)));
    }

    @Test
    void aResultsCsvReadsBackIntoTheSameRowsAndVerdicts() {
        ResultTable written = sample();
        ResultTable read = ResultsCsv.read("results.csv", written.csv());
        assertEquals(written.rows().size(), read.rows().size());
        for (int i = 0; i < written.rows().size(); i++) {
            Row w = written.rows().get(i);
            Row r = read.rows().get(i);
            assertEquals(w.plan(), r.plan(), "row " + i);
            assertEquals(w.times(), List.copyOf(r.times()), "row " + i);
            assertEquals(w.status(), r.status(), "row " + i);
        }
        assertEquals(TargetVerdicts.judge(written), TargetVerdicts.judge(read));
        assertEquals(written.csv(), read.csv(), "and writes the same file again");
    }

    @Test
    void aFileThatIsNotAResultsCsvIsOneLineNamingTheFileAndLine() {
        String csv = sample().csv();
        assertEquals("r.csv:1: no column 'times_s': not a results.csv of bench apps",
                assertThrows(IllegalArgumentException.class,
                        () -> ResultsCsv.read("r.csv", csv.replace("times_s", "time"))).getMessage());
        assertEquals("r.csv: empty, expected a results.csv of bench apps",
                assertThrows(IllegalArgumentException.class, () -> ResultsCsv.read("r.csv", "\n")).getMessage());
        String[] lines = csv.split("\n", -1);
        lines[1] = lines[1].replaceFirst("^jacobi3d,basic,0,Basic,2,", "jacobi3d,basic,0,Basic,two,");
        assertEquals("r.csv:2: np 'two' is not an integer", assertThrows(IllegalArgumentException.class,
                () -> ResultsCsv.read("r.csv", String.join("\n", lines))).getMessage());
        lines[1] = lines[1].replaceFirst("^jacobi3d,", "jacobi4d,");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ResultsCsv.read("r.csv", String.join("\n", lines)))
                .getMessage().startsWith("r.csv:2: unknown application 'jacobi4d' (known: "));
        // the failed row's status spans lines 3-4: the next record starts on line 5
        String cut = csv.replace("virtual threads need JDK 21+", "a,b");
        assertEquals("r.csv:5: 22 fields, the header has 21", assertThrows(IllegalArgumentException.class,
                () -> ResultsCsv.read("r.csv", cut)).getMessage());
    }

    @Test
    void targetsFromJudgesAnEarlierRunAndRunsNothing(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("results.csv");
        Files.writeString(csv, sample().csv());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = AppBench.run(new String[] {"--targets-from", csv.toString()}, print(out), print(err), null);
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, text + err);
        assertTrue(text.startsWith("Judged from " + csv + " (7 rows; nothing was run)\nTargets"), text);
        assertTrue(text.contains("  jacobi3d  faster than virtual"), text);
        assertEquals(List.of("results.csv"), Files.list(dir).map(p -> p.getFileName().toString()).toList(),
                "nothing written");
        out.reset();
        assertEquals(0, AppBench.run(new String[] {"--targets-from", dir.toString()}, print(out), print(err), null));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("Judged from " + csv + " (7 rows"),
                "a folder: its results.csv");
    }

    @Test
    void targetsFromRefusesAMissingFileAndOtherOptions(@TempDir Path dir) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Path missing = dir.resolve("none.csv");
        assertEquals(2, AppBench.run(new String[] {"--targets-from", missing.toString()}, print(new ByteArrayOutputStream()),
                print(err), null));
        assertEquals("bamboo: --targets-from " + missing + ": cannot read it (no such file)\n",
                err.toString(StandardCharsets.UTF_8));
        err.reset();
        assertEquals(2, AppBench.run(new String[] {"--targets-from", missing.toString(), "--app", "cg"},
                print(new ByteArrayOutputStream()), print(err), null));
        assertEquals("bamboo: --targets-from judges a results.csv written earlier and runs nothing: leave out --app\n",
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void targetsFromSeveralPassesPoolsEachRowsRepeatsInPassOrder(@TempDir Path dir) throws Exception {
        // Two passes (two JVMs): bamboo fast in the first, slow in the second. Alone, each pass's interval
        // sits on one side of the bound; pooled, the verdict must see both JVMs.
        Path a = dir.resolve("a.csv");
        Path b = dir.resolve("b.csv");
        Files.writeString(a, new ResultTable(List.of(row("basic", 0, 1e8, false, 1.0, 1.0, 1.0),
                row("bamboo", 2, 1e8, false, 0.62, 0.62, 0.62),
                row("nocomm", 0, Double.POSITIVE_INFINITY, false, 0.6, 0.6, 0.6))).csv());
        Files.writeString(b, new ResultTable(List.of(row("basic", 0, 1e8, false, 1.0, 1.0, 1.0),
                row("bamboo", 2, 1e8, false, 0.72, 0.72, 0.72),
                row("nocomm", 0, Double.POSITIVE_INFINITY, false, 0.6, 0.6, 0.6))).csv());
        ResultTable pooled = PooledPasses.pool(List.of("a", "b"), List.of(ResultsCsv.read("a", Files.readString(a)),
                ResultsCsv.read("b", Files.readString(b))));
        assertEquals(List.of(0.62, 0.62, 0.62, 0.72, 0.72, 0.72), pooled.row("jacobi3d", "bamboo").times());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, AppBench.run(new String[] {"--targets-from", a + "," + b}, print(out), print(err), null),
                err.toString(StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("Judged from 2 passes pooled (" + a + ", " + b + "; 3 rows, each row's repeats in"
                + " pass order; nothing was run)\n"), text);
        String hidden = text.lines().filter(l -> l.contains("jacobi3d  hidden")).findFirst().orElseThrow();
        assertTrue(hidden.contains("UNDECIDED") && hidden.contains("6 repeats"), hidden); // 95% and 70% pooled
        out.reset();
        AppBench.run(new String[] {"--targets-from", a.toString()}, print(out), print(err), null);
        assertTrue(out.toString(StandardCharsets.UTF_8).lines().anyMatch(l -> l.contains("jacobi3d  hidden")
                && l.contains(" MET ")), "the first pass alone: " + out);
    }

    @Test
    void targetsFromPassesWithDifferentRowsIsOneLineNamingTheRow(@TempDir Path dir) throws Exception {
        Path a = dir.resolve("a.csv");
        Path b = dir.resolve("b.csv");
        Files.writeString(a, new ResultTable(List.of(row("basic", 0, 1e8, false, 1.0),
                row("bamboo", 2, 1e8, false, 0.7))).csv());
        Files.writeString(b, new ResultTable(List.of(row("basic", 0, 1e8, false, 1.0),
                row("bamboo", 4, 1e8, false, 0.7))).csv());
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(2, AppBench.run(new String[] {"--targets-from", a + "," + b}, print(new ByteArrayOutputStream()),
                print(err), null));
        assertEquals("bamboo: --targets-from " + b + ": row 'jacobi3d bamboo k=4' is not in " + a
                + " (the passes pooled must have the same rows)\n", err.toString(StandardCharsets.UTF_8));
        err.reset();
        assertEquals(2, AppBench.run(new String[] {"--targets-from", a + ",," + b}, print(new ByteArrayOutputStream()),
                print(err), null));
        assertEquals("bamboo: --targets-from '" + a + ",," + b + "': an empty path in the list\n",
                err.toString(StandardCharsets.UTF_8));
    }

    private static PrintStream print(ByteArrayOutputStream b) {
        return new PrintStream(b, true, StandardCharsets.UTF_8);
    }
}
