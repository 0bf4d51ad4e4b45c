package bamboo.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code bamboo check} prints warnings on standard error, before the errors or the 'ok'; they never change the exit code. */
class CheckWarningsTest {
    @TempDir
    Path tmp;

    private static String ring(String extra) {
        return String.join("\n",
                "import bamboo.Bamboo;",                                                       // 1
                "import mpi.*;",                                                               // 2
                "@Bamboo",                                                                     // 3
                "public class Ring {",                                                         // 4
                "    public static void main(String[] args) throws MPIException {",            // 5
                "        MPI.Init(args);",                                                     // 6
                "        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();",     // 7
                "        int[] a = {rank}, b = new int[1];",                                   // 8
                "        olap: {",                                                             // 9
                "            receive: { MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, (rank + size - 1) % size, 1); }",
                "            send: { MPI.COMM_WORLD.Send(a, 0, 1, MPI.INT, (rank + 1) % size, 1); }",
                "        }",                                                                   // 12
                extra,                                                                         // 13
                "        MPI.Finalize();",
                "    }",
                "}", "");
    }

    @Test
    void aWarningAloneExitsZero() throws IOException {
        Path file = tmp.resolve("Ring.java");
        Files.writeString(file, ring(""));
        CliRun r = CliRun.of("check", "--no-compile", file.toString());
        assertEquals(0, r.exitCode, r::toString);
        List<String> err = r.err.lines().toList();
        assertEquals(2, err.size(), r::toString);
        assertTrue(err.get(0).startsWith(file + ":10:24: warning: blocking Recv in a receive block written before "
                + "the region's send block"), r::toString);
        assertEquals("1 warning", err.get(1));
        assertEquals("ok: 1 program, no errors", r.out.strip());
    }

    @Test
    void warningsComeBeforeTheErrorsAndTheErrorCountStaysLast() throws IOException {
        Path file = tmp.resolve("Ring.java");
        Files.writeString(file, ring("        MPI.COMM_WORLD.Abort(1);"));
        CliRun r = CliRun.of("check", "--no-compile", file.toString());
        assertEquals(1, r.exitCode, r::toString);
        List<String> err = r.err.lines().toList();
        assertEquals(3, err.size(), r::toString);
        assertTrue(err.get(0).startsWith(file + ":10:24: warning: "), r::toString);
        assertEquals(file + ":13:9: error: MPI call Abort(...) is not supported by the translator yet", err.get(1));
        assertEquals("1 error", err.get(2));
    }
}
