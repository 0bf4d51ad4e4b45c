package bamboo.cli;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The warning corpus (test-corpus/warnings) through {@code bamboo check}: exit code 0 (warnings never fail
 * a check), exactly the expected lines on standard error, then their count.
 */
class WarningCorpusTest {
    private static final Pattern POSITION =
            Pattern.compile("^(.*?)([^/\\\\]+\\.java):(\\d+):(\\d+): (warning|error|note): (.*)$");

    static Stream<Path> cases() throws IOException {
        Path root = Stream.of("warnings", "test-corpus/warnings", "../test-corpus/warnings")
                .map(Path::of).filter(Files::isDirectory).findFirst()
                .orElseThrow(() -> new IllegalStateException("test-corpus/warnings is not found"));
        try (Stream<Path> dirs = Files.list(root)) {
            return dirs.filter(Files::isDirectory).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void checkPrintsExactlyTheExpectedWarningsAndSucceeds(Path dir) throws IOException {
        CliRun r = CliRun.of("check", dir.toString());
        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.out.startsWith("ok: "), r.toString());
        List<String> lines = r.err.lines().filter(l -> !l.isBlank()).map(WarningCorpusTest::withoutDirectory).toList();
        List<String> expected = Files.readAllLines(dir.resolve("expected.txt"), StandardCharsets.UTF_8).stream()
                .filter(l -> !l.isBlank()).toList();
        long warnings = expected.stream().filter(l -> l.contains(".java:") && l.contains(": warning: ")).count();
        assertEquals(warnings + (warnings == 1 ? " warning" : " warnings"), lines.get(lines.size() - 1), r.toString());
        assertEquals(expected, lines.subList(0, lines.size() - 1), r.toString());
    }

    private static String withoutDirectory(String line) {
        Matcher m = POSITION.matcher(line.strip());
        return m.matches() ? m.group(2) + ":" + m.group(3) + ":" + m.group(4) + ": " + m.group(5) + ": " + m.group(6)
                : line.strip();
    }
}
