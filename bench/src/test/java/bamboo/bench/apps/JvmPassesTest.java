package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench apps --jvms N}: the pass in N fresh JVMs, each application in its own, judged pooled. */
class JvmPassesTest {
    private static final AppSpec J3 = Apps.byName("jacobi3d");
    private static final List<String> BENCH = List.of("--app", "jacobi3d", "--jvms", "2", "--output", "old", "--repeat", "3");

    @Test
    void aPassIsThisCommandAgainWithItsPassItsAppItsOwnFolderAndNoJvmsOption() {
        List<String> own = new ArrayList<>(List.of("/jdk/bin/java", "-Xmx2g", "-jar", "cli.jar", "bench", "apps"));
        own.addAll(BENCH);
        Path folder = JvmPasses.appDir(Path.of("new"), 2, J3);
        assertEquals(Path.of("new", "jvm-2", "jacobi3d"), folder);
        assertEquals(List.of("/jdk/bin/java", "-Dbamboo.bench.pass=2/2 jacobi3d", "-Xmx2g", "-jar", "cli.jar", "bench",
                        "apps", "--repeat", "3", "--app", "jacobi3d", "--output", folder.toString()),
                JvmPasses.childCommand(own, BENCH, 2, 2, J3, folder));
    }

    @Test
    void aCommandLineThatDoesNotEndWithTheBenchArgumentsIsRefusedSayingHowToRunIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JvmPasses.childCommand(
                List.of("/jdk/bin/java", "-jar", "cli.jar", "demo"), BENCH, 1, 2, J3, Path.of("x")));
        assertTrue(e.getMessage().startsWith("--jvms starts this command again in new JVMs, but this JVM's command line"
                + " does not end with the bench's arguments"), e.getMessage());
        assertTrue(e.getMessage().endsWith("run it as './bamboo bench apps ...'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> JvmPasses.childCommand(List.of(), BENCH, 1, 2, J3, Path.of("x")));
    }

    @Test
    void jvmsIsAPositiveCountAndNotForTargetsFrom() {
        assertEquals(4, BenchOptions.parse(new String[] {"--jvms", "4"}).jvms);
        assertEquals(0, BenchOptions.parse(new String[0]).jvms, "without --jvms every run is in this JVM");
        assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(new String[] {"--jvms", "0"}));
        assertEquals("--jvms needs a value",
                assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(new String[] {"--jvms"})).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(
                new String[] {"--targets-from", "a", "--jvms", "2"})).getMessage().endsWith("leave out --jvms"));
        assertTrue(BenchOptions.usage().contains("--jvms N"));
    }

    @Test
    void progressLinesOfAPassSayWhichJvm() {
        assertEquals("[jvm 2/4] ", Progress.passTag("2/4"));
        assertEquals("", Progress.passTag(null));
    }

    @Test
    void twoPassesArePooledWithEachJvmsMedianAndHiddenShareShown(@TempDir Path dir) throws Exception {
        // The first JVM draws a fast bamboo (hidden 95%), the second a slow one (70%): alone, each would be
        // judged on its own side of the bound; pooled the verdict must see both.
        List<List<String>> started = new ArrayList<>();
        JvmPasses.Launcher fake = (cmd, passDir) -> {
            started.add(cmd);
            double bamboo = started.size() == 1 ? 0.62 : 0.72;
            Files.writeString(passDir.resolve("results.csv"), table(bamboo).csv());
            Files.writeString(passDir.resolve("runs.csv"), RunLog.HEADER + "\njacobi3d,basic,1,1.0\n");
            return 0;
        };
        Path out = dir.resolve("out");
        BenchOptions o = BenchOptions.parse(new String[] {"--app", "jacobi3d", "--jvms", "2", "--output", out.toString()});
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        List<String> bench = List.of("--app", "jacobi3d", "--jvms", "2", "--output", out.toString());
        List<String> own = new ArrayList<>(List.of("java", "-jar", "cli.jar", "bench", "apps"));
        own.addAll(bench);
        int code = new JvmPasses(o, fake, print(stdout), print(stderr)).run(own, bench);

        assertEquals(0, code, stderr.toString(StandardCharsets.UTF_8));
        assertEquals(2, started.size());
        assertTrue(started.get(1).contains("-Dbamboo.bench.pass=2/2 jacobi3d"));
        String text = stdout.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("JVMs: 2 passes (--jvms 2)"), text);
        assertTrue(text.lines().anyMatch(l -> l.matches("jacobi3d +bamboo k=2 +0\\.6200 +0\\.7200 +16%")),
                "each JVM's median and the spread, 0.72 / 0.62 - 1: " + text);
        assertTrue(text.lines().anyMatch(l -> l.matches("jacobi3d +bamboo k=2 +95% +70%")),
                "each JVM's hidden share: " + text);
        String verdict = text.lines().filter(l -> l.contains("jacobi3d  hidden")).findFirst().orElseThrow();
        assertTrue(verdict.contains("UNDECIDED") && verdict.contains("6 repeats"), verdict);
        ResultTable written = ResultsCsv.read("results.csv", Files.readString(out.resolve("results.csv")));
        assertEquals(List.of(0.62, 0.62, 0.62, 0.72, 0.72, 0.72), written.row("jacobi3d", "bamboo").times());
        assertEquals(List.of(0.5, 0.5, 0.5, 0.5, 0.5, 0.5), written.row("jacobi3d", "bamboo").cpuTimes(),
                "each run's CPU time kept through the pool");
        assertEquals(List.of("jvm," + RunLog.HEADER, "jvm-1,jacobi3d,basic,1,1.0", "jvm-2,jacobi3d,basic,1,1.0"),
                Files.readAllLines(out.resolve("runs.csv")));
        assertTrue(Files.exists(out.resolve("targets.csv")));
    }

    @Test
    void eachApplicationRunsInAJvmOfItsOwnAndThePassFolderHoldsTheirRowsTogether(@TempDir Path dir) throws Exception {
        // Cannon's bamboo k=9 ran 0.35-0.37 s in JVMs of Cannon alone and 0.33-0.35 s in JVMs that ran
        // jacobi3d first, so one application's runs must not share a JVM with another's.
        List<List<String>> started = new ArrayList<>();
        JvmPasses.Launcher fake = (cmd, appDir) -> {
            started.add(cmd);
            String app = cmd.get(cmd.indexOf("--app") + 1);
            ResultTable t = app.equals("jacobi3d") ? table(0.62) : new ResultTable(List.of(cannon("basic", 1.0)));
            Files.writeString(appDir.resolve("results.csv"), t.csv());
            Files.writeString(appDir.resolve("runs.csv"), RunLog.HEADER + "\n" + app + ",basic,1,1.0\n");
            return 0;
        };
        Path out = dir.resolve("out");
        List<String> bench = List.of("--app", "jacobi3d,cannon", "--jvms", "2", "--output", out.toString());
        BenchOptions o = BenchOptions.parse(bench.toArray(String[]::new));
        List<String> own = new ArrayList<>(List.of("java", "-jar", "cli.jar", "bench", "apps"));
        own.addAll(bench);
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int code = new JvmPasses(o, fake, print(new ByteArrayOutputStream()), print(stderr)).run(own, bench);

        assertEquals(0, code, stderr.toString(StandardCharsets.UTF_8));
        assertEquals(List.of("jacobi3d", "cannon", "jacobi3d", "cannon"),
                started.stream().map(c -> c.get(c.indexOf("--app") + 1)).toList(), "one JVM per application per pass");
        assertTrue(started.stream().allMatch(c -> c.indexOf("--app") == c.lastIndexOf("--app")), "one --app each");
        assertEquals(out.resolve("jvm-2").resolve("cannon").toString(), started.get(3).get(started.get(3).size() - 1));
        ResultTable pass = ResultsCsv.read("p", Files.readString(out.resolve("jvm-1").resolve("results.csv")));
        assertEquals(List.of("jacobi3d", "jacobi3d", "jacobi3d", "cannon"),
                pass.rows().stream().map(r -> r.plan().app().name()).toList(),
                "the pass's results.csv holds every application's rows, for --targets-from");
        assertEquals(List.of(RunLog.HEADER, "jacobi3d,basic,1,1.0", "cannon,basic,1,1.0"),
                Files.readAllLines(out.resolve("jvm-1").resolve("runs.csv")));
        ResultTable pooled = ResultsCsv.read("r", Files.readString(out.resolve("results.csv")));
        assertEquals(List.of(1.0, 1.0, 1.0, 1.0, 1.0, 1.0), pooled.row("cannon", "basic").times());
        assertTrue(stderr.toString(StandardCharsets.UTF_8).contains("[jvm 2/2 cannon] done"), stderr.toString());
    }

    @Test
    void aPassThatDiesStopsTheRestAndSaysHowToJudgeTheFinishedOnes(@TempDir Path dir) throws Exception {
        List<Integer> passes = new ArrayList<>();
        JvmPasses.Launcher fake = (cmd, passDir) -> {
            passes.add(passes.size() + 1);
            if (passes.size() == 2) {
                Files.writeString(passDir.resolve("output.txt"), "Exception in thread \"main\" java.lang.OutOfMemoryError\n");
                return 137;
            }
            Files.writeString(passDir.resolve("results.csv"), table(0.62).csv());
            return 0;
        };
        Path out = dir.resolve("out");
        BenchOptions o = BenchOptions.parse(new String[] {"--app", "jacobi3d", "--jvms", "3", "--output", out.toString()});
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        List<String> bench = List.of("--app", "jacobi3d", "--jvms", "3", "--output", out.toString());
        List<String> own = new ArrayList<>(List.of("java", "-jar", "cli.jar", "bench", "apps"));
        own.addAll(bench);
        assertEquals(1, new JvmPasses(o, fake, print(stdout), print(stderr)).run(own, bench));
        assertEquals(List.of(1, 2), passes, "no third pass after a pass died");
        String err = stderr.toString(StandardCharsets.UTF_8);
        assertTrue(err.contains("bamboo: the JVM of pass 2 (jacobi3d) ended with exit code 137; its last output"), err);
        assertTrue(err.contains("java.lang.OutOfMemoryError"), err);
        assertTrue(err.contains("to judge them: bench apps --targets-from " + out.resolve("jvm-1")), err);
        assertEquals("", stdout.toString(StandardCharsets.UTF_8), "no table from a run that did not finish");
        assertFalse(Files.exists(out.resolve("results.csv")));
    }

    @Test
    void aRealChildJvmGetsItsPassAndWritesItsFolder(@TempDir Path dir) throws Exception {
        // The launcher that starts processes, with a stand-in for the bench as the child's main class.
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> bench = List.of("--app", "jacobi3d", "--jvms", "2", "--output", dir.resolve("out").toString());
        List<String> own = new ArrayList<>(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                FakePass.class.getName()));
        own.addAll(bench);
        BenchOptions o = BenchOptions.parse(bench.toArray(String[]::new));
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int code = new JvmPasses(o, new JvmPasses.ChildProcesses(), print(stdout), print(stderr)).run(own, bench);
        assertEquals(0, code, stderr.toString(StandardCharsets.UTF_8));
        assertEquals("pass 2/2 jacobi3d\n", Files.readString(dir.resolve("out").resolve("jvm-2").resolve("jacobi3d")
                        .resolve("output.txt")),
                "the child's standard output goes to its folder");
        ResultTable pooled = ResultsCsv.read("r", Files.readString(dir.resolve("out").resolve("results.csv")));
        assertEquals(List.of(0.61, 0.61, 0.61, 0.62, 0.62, 0.62), pooled.row("jacobi3d", "bamboo").times());
    }

    /** A stand-in for {@code bench apps} in a child JVM: writes a results.csv whose bamboo time names the pass. */
    public static final class FakePass {
        public static void main(String[] args) throws Exception {
            String pass = System.getProperty(JvmPasses.PASS_PROPERTY);
            Path out = Path.of(args[List.of(args).indexOf("--output") + 1]);
            Files.createDirectories(out);
            Files.writeString(out.resolve("results.csv"), table(0.6 + Integer.parseInt(pass.substring(0, 1)) / 100.0).csv());
            System.out.println("pass " + pass);
        }
    }

    static ResultTable table(double bamboo) {
        return new ResultTable(List.of(row("basic", 0, 1e8, 1.0), row("bamboo", 2, 1e8, bamboo),
                row("nocomm", 0, Double.POSITIVE_INFINITY, 0.6)));
    }

    private static Row cannon(String variant, double t) {
        Row r = new Row(new RunPlan(Apps.byName("cannon"), variant, 0, "Basic", 4, 4, 1, 500_000, 1e8, false, null));
        for (int i = 0; i < 3; i++) {
            r.add(t, 0.5);
        }
        return r;
    }

    private static Row row(String variant, int k, double bw, double t) {
        Row r = new Row(new RunPlan(J3, variant, k, variant.equals("bamboo") ? "Annotated" : "Basic",
                2 * Math.max(k, 1), 2, 1, bw > 1e300 ? 0 : 500_000, bw, false, null));
        for (int i = 0; i < 3; i++) {
            r.add(t, 0.5);
        }
        return r;
    }

    private static PrintStream print(ByteArrayOutputStream b) {
        return new PrintStream(b, true, StandardCharsets.UTF_8);
    }
}
