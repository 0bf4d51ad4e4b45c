package bamboo.bench.cli;

import bamboo.cli.CliRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BenchCommandTest {

    @Test
    void aSuiteGetsItsOwnOptionsUntouched() {
        CliRun r = CliRun.of("bench", "apps", "--help");
        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.out.contains("--variants"), r.toString());
    }

    @Test
    void aSuiteRefusesAnUnknownOptionWithExitCode2() {
        CliRun r = CliRun.of("bench", "apps", "--frobnicate");
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("--frobnicate"), r.toString());
    }

    @Test
    void benchWithoutASuiteIsAUsageError() {
        CliRun r = CliRun.of("bench");
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("needs a suite"), r.toString());
    }
}
