package bamboo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One convention on every command: names, the error prefix, exit codes, suggestions and warnings. */
class CommandLineConventionTest {
    private static final String RING = String.join("\n",
            "import mpi.*;",
            "public class Ring {",
            "  public static void main(String[] args) throws Exception {",
            "    MPI.Init(args);",
            "    System.out.println(\"rank \" + MPI.COMM_WORLD.Rank());",
            "    MPI.Finalize();",
            "  }",
            "}", "");

    @TempDir
    Path dir;

    private Path write(String name, String source) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, source);
        return file;
    }

    @Test
    void aMisspeltCommandGetsASuggestion() {
        CliRun r = CliRun.of("rnu", "--np", "2");
        assertEquals(Main.USAGE, r.exitCode, r.toString());
        assertTrue(r.err.startsWith("bamboo: "), r.toString());
        assertTrue(r.err.contains("did you mean run?"), r.toString());
    }

    @Test
    void aMisspeltOptionGetsASuggestion() throws IOException {
        CliRun r = CliRun.of("run", "--worker", "2", write("Ring.java", RING).toString());
        assertEquals(Main.USAGE, r.exitCode, r.toString());
        assertTrue(r.err.contains("did you mean --workers?"), r.toString());
        assertTrue(r.err.contains("(see 'bamboo run --help')"), r.toString());
    }

    @Test
    void classPathIsSpelledAlikeOnRunTranslateAndCheck() throws IOException {
        Path ring = write("Ring.java", RING);
        for (String command : List.of("check", "translate")) {
            CliRun r = command.equals("check") ? CliRun.of("check", "--class-path", dir.toString(), ring.toString())
                    : CliRun.of("translate", "--class-path", dir.toString(), "-d", dir.resolve("out").toString(),
                            ring.toString());
            assertEquals(0, r.exitCode, r.toString());
        }
        CliRun r = CliRun.of("run", "--class-path", dir.toString(), ring.toString());
        assertEquals(0, r.exitCode, r.toString());
    }

    @Test
    void everyHelpListsTheSameExitCodes() {
        for (String command : List.of("run", "translate", "check")) {
            CliRun r = CliRun.of(command, "--help");
            assertEquals(0, r.exitCode, r.toString());
            for (String code : Main.EXIT_CODES.keySet()) {
                assertTrue(r.out.contains("  " + code + "   "), command + " lists exit code " + code + ":\n" + r.out);
            }
            assertTrue(r.out.contains("deadlock"), r.toString());
        }
    }

    @Test
    void aSyntaxErrorIsJavacsMessageAndTheSameExitCodeUnderEveryCommand() throws IOException {
        Path bad = write("Semi.java", "public class Semi {\n  public static void main(String[] a) {\n    int x = 1\n  }\n}\n");
        String expected = "Semi.java:3:14: error: ';' expected";
        for (String[] args : List.of(new String[] {"run", bad.toString()}, new String[] {"run", "--translated", bad.toString()},
                new String[] {"check", bad.toString()},
                new String[] {"translate", "-d", dir.resolve("t").toString(), bad.toString()})) {
            CliRun r = CliRun.of(args);
            assertEquals(Main.FAILED, r.exitCode, String.join(" ", args) + "\n" + r);
            assertTrue(r.err.contains(expected), String.join(" ", args) + "\n" + r);
            assertFalse(r.err.contains("expected one of") || r.err.contains("\"assert\""), "no parser token list: " + r);
        }
    }

    @Test
    void workersWithoutTranslatedIsAWarningAndTheRunGoesOn() throws IOException {
        CliRun r = CliRun.of("run", "--np", "2", "--workers", "4", write("Ring.java", RING).toString());
        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.err.contains("bamboo: warning: --workers sets the worker threads of a translated run; without "
                + "--translated it is ignored"), r.toString());
        assertTrue(r.out.contains("rank 1"), r.toString());
    }

    @Test
    void aGridThatCannotHoldTheRanksIsRefusedEvenOnOneNode() throws IOException {
        CliRun r = CliRun.of("run", "--np", "2", "--placement", "grid:3x7", write("Ring.java", RING).toString());
        assertEquals(Main.USAGE, r.exitCode, r.toString());
        assertTrue(r.err.contains("--placement grid:3x7: a 3x7 grid has 21 ranks, not 2"), r.toString());
    }

    @Test
    void aSourceThatIsNotUtf8IsNamedWithItsFirstBadByte() throws IOException {
        Path latin = dir.resolve("Latin.java");
        Files.write(latin, "public class Latin {\n  // caf\u00e9\n  // na\u00efve\n}\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        for (String command : List.of("check", "run")) {
            CliRun r = CliRun.of(command, latin.toString());
            assertEquals(Main.USAGE, r.exitCode, r.toString());
            assertTrue(r.err.contains(latin + ": not UTF-8 (byte 0xE9 at line 2)"), command + "\n" + r);
        }
    }

    @Test
    void checkWarnsWhenNoClassIsAnnotated() throws IOException {
        CliRun r = CliRun.of("check", write("Ring.java", RING).toString());
        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.err.contains("bamboo: warning: no @Bamboo program among 1 file"), r.toString());
    }

    @Test
    void anAnnotatedProgramWithoutMpiInitIsAnErrorTranslatedAsUntranslated() throws IOException {
        Path noInit = write("NoInit.java", String.join("\n",
                "import mpi.*;",
                "@bamboo.Bamboo",
                "public class NoInit {",
                "  public static void main(String[] args) throws Exception {",
                "    int[] b = new int[1];",
                "    MPI.COMM_WORLD.Allreduce(b, 0, b, 0, 1, MPI.INT, MPI.SUM);",
                "  }",
                "}", ""));
        CliRun check = CliRun.of("check", noInit.toString());
        assertEquals(Main.FAILED, check.exitCode, check.toString());
        assertTrue(check.err.contains("NoInit.java:4:22: error: main never calls MPI.Init"), check.toString());
        CliRun translated = CliRun.of("run", "--translated", "--np", "2", noInit.toString());
        assertEquals(Main.FAILED, translated.exitCode, translated.toString());
        assertTrue(translated.err.contains("NoInit.java:4:22: error: main never calls MPI.Init"), translated.toString());
        CliRun untranslated = CliRun.of("run", "--np", "2", noInit.toString());
        assertEquals(Main.FAILED, untranslated.exitCode, untranslated.toString());
    }

    @Test
    void aDeadlockIsReportedOnce() throws IOException {
        Path dead = write("Dead.java", String.join("\n",
                "import mpi.*;",
                "public class Dead {",
                "  public static void main(String[] args) throws Exception {",
                "    MPI.Init(args);",
                "    int[] b = new int[1];",
                "    MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, (MPI.COMM_WORLD.Rank() + 1) % 2, 0);",
                "    MPI.Finalize();",
                "  }",
                "}", ""));
        CliRun r = CliRun.of("run", "--np", "2", dead.toString());
        assertEquals(Main.DEADLOCK, r.exitCode, r.toString());
        assertTrue(r.err.startsWith("bamboo: deadlock: "), r.toString());
        assertEquals(1, r.err.lines().filter(l -> l.contains("rank 0 waits in Recv")).count(), r.toString());
    }

    @Test
    void theRankThatCallsSystemExitIsNamed() {
        String thread = "rank-3";
        StackTraceElement[] stack = {
                new StackTraceElement("java.lang.Shutdown", "exit", "Shutdown.java", 173),
                new StackTraceElement("java.lang.Runtime", "exit", "Runtime.java", 115),
                new StackTraceElement("java.lang.System", "exit", "System.java", 1871),
                new StackTraceElement("Quit", "main", "Quit.java", 6)};
        assertEquals("rank 3 called System.exit at Quit.main(Quit.java:6), which ends every rank of the job (the ranks"
                + " share one JVM); end the rank by returning from main, or call MPI.COMM_WORLD.Abort to end the job",
                bamboo.cli.launch.ShimLauncher.exitCaller(thread, stack));
        assertEquals(null, bamboo.cli.launch.ShimLauncher.exitCaller("main", stack));
    }

    /** Regression: the relaunch under another JDK passed 'run run ...' and failed with "main class run not found". */
    @Test
    void javaHomeRunsTheSameCommandLineUnderThatJdk() throws IOException {
        Path other = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(other), "no second JDK at " + other);
        Path ring = write("Ring.java", RING);
        List<String> command = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "run", "--np", "2", "--java-home",
                other.toString(), ring.toString()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        try {
            assertEquals(0, p.waitFor(), out);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        assertTrue(out.contains("rank 0") && out.contains("rank 1"), out);
    }
}
