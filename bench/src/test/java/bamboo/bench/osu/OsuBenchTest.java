package bamboo.bench.osu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.cli.launch.UserError;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class OsuBenchTest {

    @Test
    void sizesTakeUnitsAndRefuseWhatTheProgramCannotSend() {
        assertEquals(List.of(1, 8192, 1 << 20), OsuBench.parseSizes(List.of("1", "8KiB", "1MiB")));
        assertThrows(UserError.class, () -> OsuBench.parseSizes(List.of("0")));
        assertThrows(UserError.class, () -> OsuBench.parseSizes(List.of("65MiB")));
        assertThrows(UserError.class, () -> OsuBench.parseSizes(List.of("lots")));
    }

    @Test
    void aRunMissingASizeCountsAsFailedAndItsFiguresStayOutOfTheMedians() {
        final Results r = new Results("aeron", null, List.of(8, 1024));
        assertTrue(r.add("osu 8 2.0 10.0\nnoise\nosu 1024 4.0 100.0\n"));
        assertFalse(r.add("osu 8 9.0 1.0\n"));
        assertTrue(r.add("osu 8 3.0 30.0\nosu 1024 5.0 200.0\n"));
        assertEquals(3.0, Results.median(r.latency.get(8)));
        assertEquals(5.0, Results.median(r.latency.get(1024)));
        assertEquals(Double.NaN, Results.median(List.of()));
    }

    @Test
    void theTableComparesEachDeviceWithItsCReferenceAndItsBaseline() {
        final Results c = new Results("c-openmpi", null, List.of(8));
        c.add("osu 8 1.0 100.0\n");
        final Results base = new Results("aeron-base", "c-openmpi", List.of(8));
        base.add("osu 8 40.0 20.0\n");
        final Results now = new Results("aeron", "c-openmpi", List.of(8));
        now.add("osu 8 10.0 50.0\n");
        final OsuTable table = new OsuTable(List.of(base, now, c));
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        table.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        final String aeronLine = bytes.toString(StandardCharsets.UTF_8).lines()
                .filter(l -> l.startsWith("aeron ")).findFirst().orElseThrow();
        // latency 10x C's, bandwidth half of it; a quarter of the baseline's latency, 2.5x its bandwidth
        assertEquals(List.of("aeron", "8", "B", "10.00", "50.0", "10.00", "0.50", "0.25", "2.50"),
                List.of(aeronLine.trim().split("\\s+")));
        final String csv = table.csv(1.5, 2.5);
        assertTrue(csv.contains("aeron,8,10.000,50.0,10.000,50.000,c-openmpi,1.50,2.50"), csv);
    }

    @Test
    void sizesAreLabelledInBinaryUnits() {
        assertEquals("8 B", OsuTable.label(8));
        assertEquals("4 KiB", OsuTable.label(4096));
        assertEquals("1 MiB", OsuTable.label(1 << 20));
        assertEquals("1000 B", OsuTable.label(1000));
    }

    @Test
    void theThreadsDeviceRunsEndToEndAndTheNativeOneSaysWhyNotOutsideTheLauncher(@TempDir Path dir) throws Exception {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final Path csv = dir.resolve("osu.csv");
        final int exit = new CommandLine(new OsuBench(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8))).execute("--device", "threads,mpi", "--sizes",
                "8,1KiB", "--rounds", "1", "--quick", "--no-reference", "--csv", csv.toString());
        assertEquals(0, exit, err.toString(StandardCharsets.UTF_8));
        final List<String> rows = Files.readAllLines(csv);
        assertEquals(3, rows.size(), rows.toString());
        for (String row : rows.subList(1, 3)) {
            final String[] f = row.split(",");
            assertEquals("threads", f[0]);
            assertTrue(Double.parseDouble(f[2]) > 0 && Double.parseDouble(f[3]) > 0, row);
        }
        final String said = err.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("mpi: skipped") || said.contains("mpi and C rows: skipped"), said);
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("metric osu_threads_latency_8B"));
    }

    @Test
    void anUnknownDeviceIsABadUsage() {
        final int exit = new CommandLine(new OsuBench(new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(new ByteArrayOutputStream())))
                .setExecutionExceptionHandler((e, cl, p) -> e instanceof UserError ? 2 : 1)
                .execute("--device", "carrier-pigeon");
        assertEquals(2, exit);
    }
}
