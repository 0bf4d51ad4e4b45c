package bamboo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.corpus.bad.BadCorpus;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bad-input corpus (test-corpus/bad) through {@code bamboo check} and {@code bamboo translate}:
 * exactly the expected diagnostics, exit code 1, nothing else on standard error (no stack trace), no
 * output tree written or changed, and the inputs byte for byte unchanged.
 */
class BadCorpusTest {
    @TempDir
    Path tmp;

    static Stream<BadCorpus.Case> cases() {
        return BadCorpus.cases().stream();
    }

    /** The translator's diagnostics, except for a file that does not parse: the command line reports javac's
     *  message for it, as javac reports it under the annotation processor. */
    static Object expected(BadCorpus.Case c) {
        Object check = c.expected(BadCorpus.Tool.CHECK);
        return check.toString().contains(": error: syntax error:") ? c.expected(BadCorpus.Tool.PROCESSOR) : check;
    }

    @Test
    void theCorpusHasAtLeastFortyCases() {
        assertTrue(BadCorpus.cases().size() >= 40, "cases: " + BadCorpus.cases().size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void checkGivesExactlyTheExpectedDiagnostics(BadCorpus.Case c) {
        Map<String, String> inputs = BadCorpus.hashes(c.dir());
        CliRun r = CliRun.of("check", c.dir().toString());
        assertEquals(1, r.exitCode, r.toString());
        assertEquals(expected(c), diagnostics(r, ""), r.toString());
        assertEquals(inputs, BadCorpus.hashes(c.dir()), "check changed its inputs");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void translateWritesNothingAndChangesNothing(BadCorpus.Case c) throws Exception {
        Map<String, String> inputs = BadCorpus.hashes(c.dir());
        Path absent = tmp.resolve("absent");
        CliRun r = CliRun.of("translate", c.dir().toString(), "-d", absent.toString());
        assertEquals(1, r.exitCode, r.toString());
        assertEquals(expected(c), diagnostics(r, "; nothing written"), r.toString());
        assertFalse(Files.exists(absent), "translate created its output directory for a refused program");

        Path existing = tmp.resolve("existing");
        Files.createDirectories(existing.resolve("old"));
        Files.writeString(existing.resolve("old/Keep.java"), "class Keep {}\n", StandardCharsets.UTF_8);
        Map<String, String> before = BadCorpus.hashes(existing);
        CliRun again = CliRun.of("translate", c.dir().toString(), "-d", existing.toString());
        assertEquals(1, again.exitCode, again.toString());
        assertEquals(before, BadCorpus.hashes(existing), "translate changed an existing output tree");
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(List.of("existing"), left.map(p -> p.getFileName().toString()).toList(),
                    "translate left something beside the output tree");
        }
        assertEquals(inputs, BadCorpus.hashes(c.dir()), "translate changed its inputs");
    }

    /**
     * The diagnostics on standard error, directories dropped; every other line must be the count. Warnings
     * (which check prints and translate does not) are left out: the corpus is about what is refused.
     */
    private static List<String> diagnostics(CliRun r, String countSuffix) {
        List<String> lines = r.err.lines().filter(l -> !l.isBlank() && !l.contains(": warning: ")).toList();
        assertFalse(lines.isEmpty(), r.toString());
        String last = lines.get(lines.size() - 1);
        int n = lines.size() - 1;
        assertEquals(n + (n == 1 ? " error" : " errors") + countSuffix, last, "the last line counts the errors: " + r);
        assertTrue(r.out.isBlank(), "nothing on standard output: " + r);
        return lines.subList(0, n).stream().map(BadCorpus::withoutDirectory).toList();
    }
}
