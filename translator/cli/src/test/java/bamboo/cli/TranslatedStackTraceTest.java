package bamboo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An exception in translated code is reported at the line of the program the user wrote. */
class TranslatedStackTraceTest {
    @TempDir
    Path dir;

    @Test
    void anExceptionInATranslatedRegionNamesTheProgramsLineNotTheGeneratedFile() throws IOException {
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
        CliRun r = CliRun.of("run", "--translated", "--np", "2", "--verbose", file.toString());
        assertEquals(Main.FAILED, r.exitCode, r.toString());
        assertTrue(r.err.contains("java.lang.ArithmeticException: / by zero"), r.toString());
        assertTrue(r.err.contains("(Divide.java:14)"), "the program's line: " + r);
        assertFalse(r.err.contains("_BambooTask.java"), "no generated file in the report: " + r);
    }
}
