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

/** An exception in translated code is reported at the line of the program the user wrote. */
class TranslatedStackTraceTest {
    @TempDir
    Path dir;

    @Test
    void anExceptionInATranslatedRegionNamesTheProgramsLineNotTheGeneratedFile() throws IOException {
        Path file = divide();
        CliRun r = CliRun.of("run", "--translated", "--np", "2", "--verbose", file.toString());
        assertEquals(Main.FAILED, r.exitCode, r.toString());
        assertTrue(r.err.contains("java.lang.ArithmeticException: / by zero"), r.toString());
        assertTrue(r.err.contains("(Divide.java:14)"), "the program's line: " + r);
        assertFalse(r.err.contains("_BambooTask.java"), "no generated file in the report: " + r);
    }

    /** The same over the aeron device: the stack traces come from the nodes' JVMs. */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void anExceptionInANodeJvmOfAMultiProcessRunNamesTheProgramsLine() throws IOException {
        Path file = divide();
        CliRun r = CliRun.of("run", "--translated", "--device", "aeron", "--nodes", "2", "--np", "2", "--verbose",
                file.toString());
        assertEquals(Main.FAILED, r.exitCode, r.toString());
        assertTrue(r.err.contains("java.lang.ArithmeticException: / by zero"), r.toString());
        assertTrue(r.err.contains("at Divide_BambooTask.execute(Divide.java:14)"), "the program's line: " + r);
        assertFalse(r.err.contains("_BambooTask.java"), "no generated file in the report: " + r);
    }

    @Test
    void aPrintedFrameOfAGeneratedFileIsRewrittenAndOtherLinesAreKept() throws IOException {
        Path file = divide();
        Path out = dir.resolve("out");
        assertEquals(0, CliRun.of("translate", file.toString(), "-d", out.toString()).exitCode);
        java.util.List<String> generated = Files.readAllLines(out.resolve("Divide_BambooTask.java"));
        int line = 0;
        for (int i = 0; i < generated.size(); i++) {
            if (generated.get(i).strip().equals("out[0] = 10 / zero;")) {
                line = i + 1;
            }
        }
        assertTrue(line > 0, generated.toString());
        java.io.ByteArrayOutputStream sink = new java.io.ByteArrayOutputStream();
        java.io.PrintStream to = new java.io.PrintStream(sink, true, java.nio.charset.StandardCharsets.UTF_8);
        java.io.PrintStream err = new java.io.PrintStream(new bamboo.cli.launch.NodeMain.Lines(to, out,
                java.nio.charset.StandardCharsets.UTF_8), true, java.nio.charset.StandardCharsets.UTF_8);
        err.println("bamboo: task 0 failed: java.lang.ArithmeticException: / by zero");
        err.println("\tat Divide_BambooTask.execute(Divide_BambooTask.java:" + line + ")");
        err.println("\tat bamboo.runtime.Task.callExecute(Task.java:541)");
        err.print("node 0: done");
        err.flush();
        assertEquals("bamboo: task 0 failed: java.lang.ArithmeticException: / by zero\n"
                + "\tat Divide_BambooTask.execute(Divide.java:14)\n"
                + "\tat bamboo.runtime.Task.callExecute(Task.java:541)\n"
                + "node 0: done", sink.toString(java.nio.charset.StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n"));
    }

    /** A program whose task divides by zero at line 14. */
    private Path divide() throws IOException {
        Path file = dir.resolve("Divide.java");
        Files.writeString(file, String.join("\n",
                "import mpi.*;",                                                     // 1
                "@bamboo.Bamboo",                                                     // 2
                "public class Divide {",                                              // 3
                "  public static void main(String[] args) throws Exception {",        // 4
                "    MPI.Init(args);",                                                // 5
                "    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();", // 6
                "    int[] out = {rank}, in = new int[1];",                           // 7
                "    for (int i = 0; i < 3; i++) {",                                  // 8
                "      olap: {",                                                      // 9
                "        receive: { MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, (rank + size - 1) % size, 0); }", // 10
                "        send: { MPI.COMM_WORLD.Send(out, 0, 1, MPI.INT, (rank + 1) % size, 0); }",         // 11
                "        compute: {",                                                 // 12
                "          int zero = in[0] - in[0];",                                // 13
                "          out[0] = 10 / zero;",                                      // 14
                "        }",
                "      }",
                "    }",
                "    MPI.Finalize();",
                "  }",
                "}", ""));
        return file;
    }
}
