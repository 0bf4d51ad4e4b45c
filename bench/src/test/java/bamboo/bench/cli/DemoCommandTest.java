package bamboo.bench.cli;

import bamboo.cli.CliRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The demo's options. The demo itself takes about a minute and is run by hand ({@code ./bamboo demo}). */
class DemoCommandTest {

    @Test
    void helpNamesTheOverDecompositionAndTheRepeats() {
        CliRun r = CliRun.of("demo", "--help");
        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.out.contains("--k") && r.out.contains("--repeat"), r.toString());
        assertTrue(r.out.contains("communication hidden"), r.toString());
    }

    @Test
    void zeroTasksPerNodeIsAUsageErrorNamingTheOption() {
        CliRun r = CliRun.of("demo", "--k", "0");
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("--k must be at least 1 (got 0)"), r.toString());
    }

    @Test
    void zeroRepeatsIsAUsageErrorNamingTheOption() {
        CliRun r = CliRun.of("demo", "--repeat", "0");
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("--repeat must be at least 1 (got 0)"), r.toString());
    }
}
