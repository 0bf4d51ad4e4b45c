package bamboo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RunTranslatedTest {

    @TempDir
    Path dir;

    static final String HALO = String.join("\n",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class Halo {",
            "  public static void main(String[] args) throws MPIException {",
            "    MPI.Init(args);",
            "    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();",
            "    double[] left = new double[1], right = new double[1];",
            "    double[] mine = {rank + 1};",
            "    int nn = (rank > 0 ? 1 : 0) + (rank < size - 1 ? 1 : 0);",
            "    Request[] reqs = new Request[2 * nn];",
            "    double sum = 0;",
            "    for (int it = 0; it < 5; it++) {",
            "      int n = 0;",
            "      olap: {",
            "        receive: {",
            "          if (rank > 0) reqs[n++] = MPI.COMM_WORLD.Irecv(left, 0, 1, MPI.DOUBLE, rank - 1, 1);",
            "          if (rank < size - 1) reqs[n++] = MPI.COMM_WORLD.Irecv(right, 0, 1, MPI.DOUBLE, rank + 1, 2);",
            "        }",
            "        send: {",
            "          if (rank < size - 1) reqs[n++] = MPI.COMM_WORLD.Isend(mine, 0, 1, MPI.DOUBLE, rank + 1, 1);",
            "          if (rank > 0) reqs[n++] = MPI.COMM_WORLD.Isend(mine, 0, 1, MPI.DOUBLE, rank - 1, 2);",
            "        }",
            "        compute: {",
            "          Request.Waitall(reqs);",
            "          mine[0] = mine[0] + left[0] + right[0];",
            "          sum += mine[0];",
            "        }",
            "      }",
            "    }",
            "    System.out.println(\"rank \" + rank + \" of \" + size + \" sum \" + sum);",
            "    MPI.Finalize();",
            "  }",
            "}");

    private Path write(String name, String source) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, source);
        return file;
    }

    private static List<String> sortedLines(String out) {
        return out.lines().filter(l -> l.startsWith("rank ")).sorted().collect(Collectors.toList());
    }

    @Test
    void aTranslatedRunPrintsWhatTheUntranslatedRunPrints() throws IOException {
        Path halo = write("Halo.java", HALO);
        CliRun plain = CliRun.of("run", "--np", "5", halo.toString());
        assertEquals(0, plain.exitCode, plain.toString());
        for (String[] shape : new String[][] {{"1", "1"}, {"2", "1"}, {"2", "2"}}) {
            CliRun translated = CliRun.of("run", "--translated", "--np", "5", "--workers", shape[0], "--nodes", shape[1],
                    halo.toString());
            assertEquals(0, translated.exitCode, translated.toString());
            assertEquals(sortedLines(plain.out), sortedLines(translated.out), translated.toString());
        }
        assertEquals(5, sortedLines(plain.out).size(), plain.toString());
    }

    @Test
    void aProgramTheTranslatorRefusesGivesItsDiagnosticsAndExit1() throws IOException {
        Path bad = write("Bad.java", String.join("\n",
                "import bamboo.Bamboo;",
                "import mpi.*;",
                "@Bamboo",
                "public class Bad {",
                "  public static void main(String[] args) throws MPIException {",
                "    MPI.Init(args);",
                "    compute: { System.out.println(); }",
                "    MPI.Finalize();",
                "  }",
                "}"));
        CliRun r = CliRun.of("run", "--translated", "--np", "2", bad.toString());
        assertEquals(1, r.exitCode, r.toString());
        assertTrue(r.err.contains("Bad.java:7:"), r.toString());
        assertTrue(r.err.contains(": error: "), r.toString());
        assertFalse(r.err.contains("\tat "), r.toString());
    }

    @Test
    void regressionWtimeInAnArrayInitializerKeepsOneClock() throws IOException {
        Path clock = write("Clock.java", String.join("\n",
                "import bamboo.Bamboo;",
                "import mpi.*;",
                "@Bamboo",
                "public class Clock {",
                "  public static void main(String[] args) throws MPIException {",
                "    MPI.Init(args);",
                "    double t0 = MPI.Wtime();",
                "    MPI.COMM_WORLD.Barrier();",
                "    double[] time = {MPI.Wtime() - t0};",
                "    System.out.println(\"rank \" + MPI.COMM_WORLD.Rank() + \" elapsed non-negative: \" + (time[0] >= 0));",
                "    MPI.Finalize();",
                "  }",
                "}"));
        CliRun r = CliRun.of("run", "--translated", "--np", "2", clock.toString());
        assertEquals(0, r.exitCode, r.toString());
        assertEquals(List.of("rank 0 elapsed non-negative: true", "rank 1 elapsed non-negative: true"),
                sortedLines(r.out), r.toString());
    }

    @Test
    void aClassWithoutCompanionIsAClearError() {
        CliRun r = CliRun.of("run", "--translated", "--np", "2", "-cp", dir.toString(), "app.Missing");
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("no translated program app.Missing"), r.toString());
    }

    @Test
    void traceNeedsTranslated() {
        CliRun r = CliRun.of("run", "--np", "2", "--trace", dir.resolve("t.json").toString(), "X.java");
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("--trace needs --translated"), r.toString());
    }

    @Test
    void aTranslatedRunWritesATrace() throws IOException {
        Path halo = write("Halo.java", HALO);
        Path trace = dir.resolve("trace.json");
        CliRun r = CliRun.of("run", "--translated", "--np", "3", "--trace", trace.toString(), halo.toString());
        assertEquals(0, r.exitCode, r.toString());
        String json = Files.readString(trace);
        assertTrue(json.contains("traceEvents"), json.substring(0, Math.min(200, json.length())));
    }
}
