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

/** {@code --placement} of {@code bamboo run}: where ranks and tasks go, and bad values. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PlacementOptionTest {
    private static final Path CORPUS = Path.of("../../test-corpus/programs");

    @TempDir
    Path dir;

    private static final String WHERE = String.join("\n",
            "import mpi.*;",
            "public class Where {",
            "  public static void main(String[] args) throws MPIException {",
            "    MPI.Init(args);",
            "    String name = MPI.Get_processor_name();",
            "    System.out.println(\"rank \" + MPI.COMM_WORLD.Rank() + \" on \" + name.substring(name.lastIndexOf('-') + 1));",
            "    MPI.Finalize();",
            "  }",
            "}");

    private Path where() throws IOException {
        Path file = dir.resolve("Where.java");
        Files.writeString(file, WHERE);
        return file;
    }

    @Test
    void gridPutsTheRanksOfA4x4GridIn2x2BlocksOnTheNodes() throws IOException {
        CliRun r = CliRun.of("run", "--np", "16", "--nodes", "4", "--placement", "grid", "--latency", "10us",
                where().toString());
        assertEquals(0, r.exitCode, r.toString());
        int[] node = {0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3};
        for (int rank = 0; rank < 16; rank++) {
            assertTrue(r.out.contains("rank " + rank + " on node" + node[rank] + "\n"), rank + ": " + r);
        }
    }

    @Test
    void blockIsTheDefault() throws IOException {
        CliRun r = CliRun.of("run", "--np", "16", "--nodes", "4", where().toString());
        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.out.contains("rank 2 on node0\n"), r.toString());
        assertTrue(r.out.contains("rank 4 on node1\n"), r.toString());
    }

    /** Tasks of a translated program on interleaved processes print what block placement prints. */
    @Test
    void aTranslatedRunOnColumnBlocksPrintsWhatBlockPrints() {
        Path halo = CORPUS.resolve("halo1d").resolve("Halo1D.java");
        CliRun block = CliRun.of("run", "--translated", "--np", "8", "--nodes", "2", halo.toString());
        CliRun grid = CliRun.of("run", "--translated", "--np", "8", "--nodes", "2", "--placement", "grid:4x2/1x2",
                "--latency", "20us", halo.toString());
        assertEquals(0, block.exitCode, block.toString());
        assertEquals(0, grid.exitCode, grid.toString());
        assertFalse(grid.out.isBlank());
        assertEquals(sorted(block.out), sorted(grid.out), grid.toString());
    }

    private static List<String> sorted(String out) {
        return out.lines().sorted().collect(Collectors.toList());
    }

    /** Bad values: the command line and its one-line message, exit 2, never a stack trace. */
    @Test
    void badPlacementsAreUsageErrors() throws IOException {
        String file = where().toString();
        expectUsageError("--placement 'diagonal': unknown (expected block, grid, grid:PxQ or grid:PxQ/RxC)",
                "run", "--np", "4", "--nodes", "2", "--placement", "diagonal", file);
        expectUsageError("--placement 'grid:4': rank grid '4' is not ROWSxCOLUMNS (e.g. 6x6)",
                "run", "--np", "4", "--nodes", "2", "--placement", "grid:4", file);
        expectUsageError("--placement grid: a 4x3 grid of ranks does not split into equal blocks over 2x2 nodes "
                        + "(each extent must divide; give the shapes as grid:PxQ/RxC, or use block) (--np 12, --nodes 4)",
                "run", "--np", "12", "--nodes", "4", "--placement", "grid", file);
        expectUsageError("--placement grid:3x3: a 3x3 grid has 9 ranks, not 8 (--np 8, --nodes 2)",
                "run", "--translated", "--np", "8", "--nodes", "2", "--placement", "grid:3x3", file);
        expectUsageError("--placement places ranks on the simulated nodes of the threads device; with --device "
                        + "aeron every rank (or runtime process) is its own JVM, placed on hosts by --hostfile",
                "run", "--device", "aeron", "--np", "4", "--placement", "grid", file);
    }

    private static void expectUsageError(String message, String... args) {
        CliRun r = CliRun.of(args);
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains(message), "expected '" + message + "' in:\n" + r);
        assertFalse(r.err.contains("\tat "), r.toString());
    }
}
