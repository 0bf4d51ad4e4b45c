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

/**
 * Every runtime fault ends `bamboo run` with one line and its documented exit code (docs/reliability.md):
 * an exception in a task (1), a flood past a limit (1 translated, 3 untranslated: an unsafe program
 * deadlocks), a deadlock (3), a task stuck between evaluation points (4); bad limits are usage errors (2).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class RunFaultsTest {

    @TempDir
    Path dir;

    private Path write(String name, String... lines) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, String.join("\n", lines) + "\n");
        return file;
    }

    private static void oneLine(CliRun r) {
        assertFalse(r.err.contains("\tat "), "no stack trace:\n" + r);
    }

    @Test
    void anExceptionInATaskExits1NamingTheTask() throws IOException {
        Path boom = write("Boom.java",
                "import bamboo.Bamboo;",
                "import mpi.*;",
                "@Bamboo",
                "public class Boom {",
                "  public static void main(String[] args) throws MPIException {",
                "    MPI.Init(args);",
                "    int rank = MPI.COMM_WORLD.Rank();",
                "    int[] zero = {0};",
                "    System.out.println(\"rank \" + rank + \" \" + (rank == 1 ? 1 / zero[0] : 0));",
                "    MPI.Finalize();",
                "  }",
                "}");
        CliRun r = CliRun.of("run", "--translated", "--np", "2", boom.toString());
        assertEquals(1, r.exitCode, r.toString());
        assertTrue(r.err.contains("bamboo: task 1 failed: java.lang.ArithmeticException: / by zero"), r.toString());
        oneLine(r);
    }

    @Test
    void aTaskThatNeverReachesItsNextEvaluationPointExits4WithItsLine() throws IOException {
        Path spin = write("Spin.java",
                "import bamboo.Bamboo;",
                "import mpi.*;",
                "@Bamboo",
                "public class Spin {",
                "  public static void main(String[] args) throws MPIException {",
                "    MPI.Init(args);",
                "    int rank = MPI.COMM_WORLD.Rank();",
                "    long x = 0;",
                "    while (rank == 1 && !Thread.currentThread().isInterrupted()) { x++; }",
                "    MPI.COMM_WORLD.Barrier();",
                "    System.out.println(\"rank \" + rank + \" \" + (x >= 0));",
                "    MPI.Finalize();",
                "  }",
                "}");
        CliRun r = CliRun.of("run", "--translated", "--np", "3", "--task-timeout", "500ms", spin.toString());
        assertEquals(4, r.exitCode, r.toString());
        String line = r.err.lines().filter(l -> l.startsWith("bamboo: ")).findFirst().orElse("");
        assertTrue(line.matches("bamboo: task 1 has run for \\d+\\.\\d s without reaching its next evaluation point "
                + "\\(task timeout 0\\.5 s: Graph\\.Builder\\.taskTimeout, --task-timeout; 0 = off\\) at "
                + "Spin_BambooTask\\.(init|bambooLoop\\d+)\\(Spin_BambooTask\\.java:\\d+\\), from Spin\\.java:9"),
                r.toString()); // a loop without evaluation points runs in a method of its own
        oneLine(r);
    }

    @Test
    void aDeadlockExits3() throws IOException {
        Path ring = write("Stuck.java",
                "import bamboo.Bamboo;",
                "import mpi.*;",
                "@Bamboo",
                "public class Stuck {",
                "  public static void main(String[] args) throws MPIException {",
                "    MPI.Init(args);",
                "    int rank = MPI.COMM_WORLD.Rank();",
                "    int[] b = new int[1];",
                "    MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 1 - rank, 5);",
                "    MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1 - rank, 5);",
                "    MPI.Finalize();",
                "  }",
                "}");
        CliRun r = CliRun.of("run", "--translated", "--np", "2", ring.toString());
        assertEquals(3, r.exitCode, r.toString());
        assertTrue(r.err.contains("bamboo: deadlock: 2 of 2 tasks wait and no message is in flight"), r.toString());
        oneLine(r);
    }

    static final String[] KILLER = {
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class Killer {",
            "  public static void main(String[] args) throws MPIException {",
            "    MPI.Init(args);",
            "    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();",
            "    int[] buf = new int[256];",
            "    long sum = 0;",
            "    if (rank > 0) {",
            "      for (int t = 0; t < 100; t++) {",
            "        buf[0] = rank * 1000 + t;",
            "        MPI.COMM_WORLD.Send(buf, 0, 256, MPI.INT, 0, t);",
            "      }",
            "    } else {",
            "      for (int t = 99; t >= 0; t--) {",
            "        for (int s = 1; s < size; s++) {",
            "          MPI.COMM_WORLD.Recv(buf, 0, 256, MPI.INT, s, t);",
            "          sum += buf[0];",
            "        }",
            "      }",
            "    }",
            "    System.out.println(\"rank \" + rank + \" sum \" + sum);",
            "    MPI.Finalize();",
            "  }",
            "}"};

    @Test
    void aTranslatedFloodPastTheInboxLimitExits1NamingIt() throws IOException {
        Path killer = write("Killer.java", KILLER);
        CliRun ok = CliRun.of("run", "--translated", "--np", "4", killer.toString());
        assertEquals(0, ok.exitCode, ok.toString());
        assertTrue(ok.out.contains("rank 0 sum 614850"), ok.toString()); // every message once: sum of rank*1000+t
        CliRun r = CliRun.of("run", "--translated", "--np", "4", "--inbox-limit", "64KiB", killer.toString());
        assertEquals(1, r.exitCode, r.toString());
        assertTrue(r.err.matches("(?s).*bamboo: flow control: task [123] sent task 0 a message \\(tag \\d+, 1024 bytes\\) "
                + "while task 0 held \\d+ bytes of messages it has not received; the inbox limit is 65536 bytes "
                + "\\(Graph\\.Builder\\.inboxLimit, --inbox-limit\\): raise it, or receive sooner.*"), r.toString());
        oneLine(r);
    }

    @Test
    void anUnsafeFloodPastTheEagerBudgetIsADeadlockNamingIt() throws IOException {
        Path killer = write("Killer.java", KILLER);
        CliRun r = CliRun.of("run", "--np", "2", "--eager-budget", "8KiB", killer.toString());
        assertEquals(3, r.exitCode, r.toString());
        assertTrue(r.err.contains("rank 0 holds 8192 bytes of unexpected messages, its eager budget is 8192 bytes; "
                + "raise it with JobConfig.withEagerBudget or --eager-budget"), r.toString());
        CliRun ok = CliRun.of("run", "--np", "2", killer.toString());
        assertEquals(0, ok.exitCode, ok.toString());
    }

    @Test
    void badLimitsAreUsageErrors() {
        CliRun noUnit = CliRun.of("run", "--translated", "--task-timeout", "5", "X.java");
        assertEquals(2, noUnit.exitCode, noUnit.toString());
        assertTrue(noUnit.err.contains("bamboo: --task-timeout: duration '5' needs a unit (ns, us, ms or s), e.g. 20us"),
                noUnit.toString());
        CliRun tiny = CliRun.of("run", "--translated", "--inbox-limit", "12", "X.java");
        assertEquals(2, tiny.exitCode, tiny.toString());
        assertTrue(tiny.err.contains("bamboo: --inbox-limit must be at least 1KiB (got 12)"), tiny.toString());
        CliRun shim = CliRun.of("run", "--inbox-limit", "1MiB", "X.java");
        assertEquals(2, shim.exitCode, shim.toString());
        assertTrue(shim.err.contains("--inbox-limit and --task-timeout need --translated"), shim.toString());
        CliRun badSize = CliRun.of("run", "--eager-budget", "lots", "X.java");
        assertEquals(2, badSize.exitCode, badSize.toString());
        assertTrue(badSize.err.contains("bamboo: --eager-budget: cannot read size 'lots'"), badSize.toString());
    }
}
