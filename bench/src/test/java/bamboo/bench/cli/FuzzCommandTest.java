package bamboo.bench.cli;

import bamboo.cli.Main;
import bamboo.cli.CliRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code bamboo fuzz} through the command line: what it prints, its exit codes, its usage errors. */
class FuzzCommandTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    void cleanProgramsExitZeroAndSayWhatRan() {
        Path keep = dir.resolve("keep");
        CliRun r = CliRun.of("fuzz", "--count", "3", "--seed", "11", "--np", "1,2", "--workers", "1", "--nodes", "2",
                "--keep", keep.toString(), "--output", dir.resolve("found").toString());
        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.out.contains("fuzz: 3 programs, seeds 11..13, np [1, 2], workers [1], nodes 1 and 2"), r.toString());
        assertTrue(r.out.contains("[1/3] seed 11: clean"), r.toString());
        assertTrue(r.out.contains("[3/3] seed 13: clean"), r.toString());
        assertTrue(r.out.contains("fuzz: 3 programs (seeds 11..13) in "), r.toString());
        assertTrue(r.out.contains("3 clean, 0 diverged, 0 refused by the translator (generator bug), 0 invalid"), r.toString());
        assertTrue(Files.isRegularFile(keep.resolve("Fuzz12.java")), "--keep keeps every program's source");
        assertFalse(Files.exists(dir.resolve("found")), "nothing written without a divergence");
    }

    @Test
    void badOptionsAreUsageErrors() {
        CliRun zero = CliRun.of("fuzz", "--np", "0", "--count", "1");
        assertEquals(Main.USAGE, zero.exitCode, zero.toString());
        assertTrue(zero.err.contains("bamboo: rank counts must be >= 1, got [0]"), zero.toString());
        CliRun negative = CliRun.of("fuzz", "--count", "-1");
        assertEquals(Main.USAGE, negative.exitCode, negative.toString());
        CliRun junk = CliRun.of("fuzz", "--count", "many");
        assertEquals(Main.USAGE, junk.exitCode, junk.toString());
        assertTrue(junk.err.contains("--count"), junk.toString());
    }
}
