package bamboo.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bamboo check --explain}: one note per region, per blocking call outside regions and per inlined
 * collective, at its position, in the Error Prone style (source and expected notes side by side).
 */
class CheckExplainTest {
    @TempDir
    Path tmp;

    private static final String PROGRAM = String.join("\n",
            "import bamboo.Bamboo;",                                                           // 1
            "import mpi.*;",                                                                   // 2
            "@Bamboo",                                                                         // 3
            "public class Shift {",                                                            // 4
            "    public static void main(String[] args) throws MPIException {",                // 5
            "        MPI.Init(args);",                                                         // 6
            "        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();",         // 7
            "        double[] a = {rank}, b = new double[1], e = new double[1], g = new double[1];", // 8
            "        for (int it = 0; it < 4; it++) {",                                        // 9
            "            olap: {",                                                             // 10
            "                receive: { MPI.COMM_WORLD.Recv(b, 0, 1, MPI.DOUBLE, (rank + size - 1) % size, 1); }",
            "                send: { MPI.COMM_WORLD.Send(a, 0, 1, MPI.DOUBLE, (rank + 1) % size, 1); }",
            "                compute: { a[0] = b[0] + 1; e[0] = a[0]; }",                      // 13
            "            }",                                                                   // 14
            "            MPI.COMM_WORLD.Allreduce(e, 0, g, 0, 1, MPI.DOUBLE, MPI.MAX);",       // 15
            "        }",                                                                       // 16
            "        while (g[0] > 0) {",                                                      // 17
            "            olap2: {",                                                            // 18
            "                send: { MPI.COMM_WORLD.Send(a, 0, 1, MPI.DOUBLE, (rank + 1) % size, 2); }",
            "                receive: { MPI.COMM_WORLD.Recv(b, 0, 1, MPI.DOUBLE, (rank + size - 1) % size, 2); }",
            "            }",                                                                   // 21
            "            g[0] = 0;",                                                           // 22
            "        }",                                                                       // 23
            "        MPI.COMM_WORLD.Sendrecv(a, 0, 1, MPI.DOUBLE, (rank + 1) % size, 3,",      // 24
            "                b, 0, 1, MPI.DOUBLE, (rank + size - 1) % size, 3);",              // 25
            "        MPI.Finalize();",                                                         // 26
            "    }",
            "}", "");

    @Test
    void notesEachRegionBlockingCallAndCollective() throws IOException {
        Path file = tmp.resolve("Shift.java");
        Files.writeString(file, PROGRAM);
        CliRun r = CliRun.of("check", "--explain", "--no-compile", file.toString());
        assertEquals(0, r.exitCode, r::toString);
        String f = file.toString();
        List<String> expected = List.of(
                f + ":10:13: note: olap region 'olap': an evaluation point: the task continues when the receive"
                        + " of its receive blocks can complete, else it yields (firing rule readyOlap10() of the"
                        + " task class); pipelined: the next iteration's send blocks run at the end of this one",
                f + ":15:13: note: Allreduce: inlined from the collectives library as point-to-point messages;",
                f + ":18:13: note: olap region 'olap2': an evaluation point: the task continues when the receive"
                        + " of its receive blocks can complete, else it yields (firing rule readyOlap218() of the"
                        + " task class); not pipelined: the region is in a while loop; only a for loop's update"
                        + " gives the next iteration",
                f + ":24:9: note: blocking Sendrecv outside any olap region: an evaluation point of its own");
        List<String> notes = r.out.lines().filter(l -> l.contains(": note: ")).toList();
        assertEquals(expected.size(), notes.size(), r::toString);
        for (int i = 0; i < expected.size(); i++) {
            String want = expected.get(i);
            String got = notes.get(i);
            assertTrue(got.startsWith(want), () -> "note " + want + "\n got " + got);
        }
        assertTrue(r.out.strip().endsWith("ok: 1 program, no errors"), r::toString);
    }

    @Test
    void withoutExplainNoNotes() throws IOException {
        Path file = tmp.resolve("Shift.java");
        Files.writeString(file, PROGRAM);
        CliRun r = CliRun.of("check", "--no-compile", file.toString());
        assertEquals(0, r.exitCode, r::toString);
        assertTrue(!r.out.contains(": note: "), r::toString);
    }
}
