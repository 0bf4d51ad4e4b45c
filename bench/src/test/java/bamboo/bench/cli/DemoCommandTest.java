package bamboo.bench.cli;

import bamboo.cli.CliRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The demo's options. The demo itself takes about a minute and is run by hand ({@code ./bamboo demo}). */
class DemoCommandTest {

    @Test
    void helpNamesTheOptionsAndWhatIsCompared() {
        CliRun r = CliRun.of("demo", "--help");
        assertEquals(0, r.exitCode, r.toString());
        for (String option : new String[] {"--k", "--repeat", "--max-time", "--comm-share", "--latency", "--bandwidth", "--output",
                "--verbose", "--java-home"}) {
            assertTrue(r.out.contains(option), option + "\n" + r);
        }
        String text = r.out.replaceAll("\\s+", " ");
        assertTrue(text.contains("'communication hidden' = (basic - translated) / (basic - bound)"), r.toString());
    }

    @Test
    void aCommShareOutsideItsRangeIsAUsageError() {
        CliRun r = CliRun.of("demo", "--comm-share", "95");
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("bamboo: --comm-share must be between 5 and 90 (got 95)"), r.toString());
    }

    @Test
    void aCommShareWithAFixedInterconnectIsRefused() {
        CliRun r = CliRun.of("demo", "--comm-share", "30", "--latency", "1ms", "--bandwidth", "50MB/s");
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("--comm-share sets the interconnect from this machine's speed"), r.toString());
    }

    @Test
    void aLatencyWithoutABandwidthIsAUsageErrorSayingToGiveBoth() {
        CliRun r = CliRun.of("demo", "--latency", "1ms");
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("--latency fixes the interconnect together with --bandwidth: give both, or neither"),
                r.toString());
    }

    @Test
    void zeroMaxTimeIsAUsageErrorNamingTheOption() {
        CliRun r = CliRun.of("demo", "--max-time", "0");
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("--max-time must be at least 1 second (got 0)"), r.toString());
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
