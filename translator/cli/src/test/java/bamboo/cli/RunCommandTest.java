package bamboo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RunCommandTest {

    @TempDir
    Path dir;

    private Path write(String name, String source) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, source);
        return file;
    }

    private static final String RING = String.join("\n",
            "import mpi.*;",
            "public class Ring {",
            "  static int calls;  // mutable static: must be per rank",
            "  public static void main(String[] args) throws MPIException {",
            "    MPI.Init(args);",
            "    calls++;",
            "    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();",
            "    int[] token = {rank * 10 + calls};",
            "    int[] got = new int[1];",
            "    MPI.COMM_WORLD.Sendrecv(token, 0, 1, MPI.INT, (rank + 1) % size, 7,",
            "                            got, 0, 1, MPI.INT, (rank + size - 1) % size, 7);",
            "    System.out.println(\"rank \" + rank + \" got \" + got[0] + \" args \" + String.join(\",\", args));",
            "    MPI.Finalize();",
            "  }",
            "}");

    @Test
    void runsASourceFileOnNRanksWithPerRankStatics() throws IOException {
        Path ring = write("Ring.java", RING);
        CliRun r = CliRun.of("run", "--np", "3", ring.toString(), "-x", "y");
        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.out.contains("rank 0 got 21 args -x,y"), r.toString());
        assertTrue(r.out.contains("rank 1 got 1 args -x,y"), r.toString());
        assertTrue(r.out.contains("rank 2 got 11 args -x,y"), r.toString());
    }

    @Test
    void runsOnSimulatedNodes() throws IOException {
        Path ring = write("Ring.java", RING);
        CliRun r = CliRun.of("run", "--np", "4", "--nodes", "2", "--latency", "20us", "--bandwidth", "1GB/s",
                ring.toString());
        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.out.contains("rank 3 got 21"), r.toString());
    }

    @Test
    void runsWithCoresPerNode() throws IOException {
        Path ring = write("Ring.java", RING);
        CliRun r = CliRun.of("run", "--np", "6", "--nodes", "2", "--cores-per-node", "1", "--latency", "20us",
                ring.toString());
        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.out.contains("rank 3 got 21"), r.toString());
    }

    @Test
    void coresPerNodeMustBePositiveAndUntranslated() throws IOException {
        Path ring = write("Ring.java", RING);
        CliRun zero = CliRun.of("run", "--np", "2", "--cores-per-node", "0", ring.toString());
        assertEquals(2, zero.exitCode, zero.toString());
        assertTrue(zero.err.contains("--cores-per-node must be at least 1 (got 0)"), zero.toString());
        CliRun translated = CliRun.of("run", "--translated", "--np", "2", "--cores-per-node", "1", ring.toString());
        assertEquals(2, translated.exitCode, translated.toString());
        assertTrue(translated.err.contains("--cores-per-node applies to untranslated runs"), translated.toString());
    }

    @Test
    void aSourceThatDoesNotCompileGivesFileLineColumn() throws IOException {
        Path bad = write("Bad.java", "public class Bad {\n  void f() { int x = \"s\"; }\n}\n");
        CliRun r = CliRun.of("run", "--np", "2", bad.toString());
        assertEquals(Main.FAILED, r.exitCode, r.toString());
        assertTrue(r.err.contains("Bad.java:2:22: error: incompatible types"), r.toString());
        assertFalse(r.err.contains("\tat "), "no stack trace: " + r);
    }

    @Test
    void anExceptionInARankIsOneLineNamingTheRank() throws IOException {
        Path boom = write("Boom.java", String.join("\n",
                "import mpi.*;",
                "public class Boom {",
                "  public static void main(String[] args) throws MPIException {",
                "    MPI.Init(args);",
                "    if (MPI.COMM_WORLD.Rank() == 1) throw new IllegalStateException(\"bad state\");",
                "    MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 0);",
                "    MPI.Finalize();",
                "  }",
                "}"));
        CliRun r = CliRun.of("run", "--np", "3", boom.toString());
        assertEquals(1, r.exitCode, r.toString());
        assertTrue(r.err.contains("rank 1"), r.toString());
        assertTrue(r.err.contains("bad state"), r.toString());
        assertFalse(r.err.contains("\tat "), "no stack trace without --verbose: " + r);
    }

    @Test
    void aDeadlockIsReportedWithExitCode3() throws IOException {
        Path stuck = write("Stuck.java", String.join("\n",
                "import mpi.*;",
                "public class Stuck {",
                "  public static void main(String[] args) throws MPIException {",
                "    MPI.Init(args);",
                "    int[] b = new int[1];",
                "    MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 1 - MPI.COMM_WORLD.Rank(), 5);",
                "    MPI.Finalize();",
                "  }",
                "}"));
        CliRun r = CliRun.of("run", "--np", "2", stuck.toString());
        assertEquals(3, r.exitCode, r.toString());
        assertTrue(r.err.toLowerCase().contains("deadlock"), r.toString());
    }

    @Test
    void compilerErrorsKeepTheirDetail() throws IOException {
        Path bad = write("Sym.java", "public class Sym {\n  void f() { undefinedCall(); }\n}\n");
        CliRun r = CliRun.of("run", bad.toString());
        assertEquals(Main.FAILED, r.exitCode, r.toString());
        assertTrue(r.err.contains("Sym.java:2:14: error: cannot find symbol (symbol: method undefinedCall()"),
                r.toString());
    }

    @Test
    void unknownClassIsAUsageError() {
        CliRun r = CliRun.of("run", "--np", "2", "-cp", dir.toString(), "no.such.Main");
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("no.such.Main"), r.toString());
    }

    @Test
    void badOptionsAreOneLineUsageErrors() {
        CliRun r = CliRun.of("run", "--np", "2", "--latency", "20 parsecs", "X.java");
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("unknown duration unit"), r.toString());
        r = CliRun.of("run", "--np", "2", "--nodes", "3", "X.java");
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("--nodes must be between 1 and --np 2"), r.toString());
        r = CliRun.of("run", "--bogus");
        assertEquals(2, r.exitCode, r.toString());
        assertEquals(1, r.err.strip().lines().count(), r.toString());
    }

    @Test
    void runsRanksAsProcessesOverAeron() throws IOException {
        Path ring = write("Ring.java", RING);
        CliRun r = CliRun.of("run", "--device", "aeron", "--np", "2", ring.toString());
        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.out.contains("rank 0 got 11"), r.toString());
        assertTrue(r.out.contains("rank 1 got 1"), r.toString());
    }

    @Test
    void simulatedNetworkOptionsDoNotApplyToAeron() {
        CliRun r = CliRun.of("run", "--device", "aeron", "--np", "2", "--nodes", "2", "X.java");
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("with --device aeron messages cross a real one"), r.toString());
        r = CliRun.of("run", "--np", "2", "--hostfile", "hosts", "X.java");
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("--hostfile needs --device aeron"), r.toString());
    }

    @Test
    void missingFileIsAUsageError() {
        CliRun r = CliRun.of("run", "--np", "2", dir.resolve("Nope.java").toString());
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("no such file"), r.toString());
    }
}
