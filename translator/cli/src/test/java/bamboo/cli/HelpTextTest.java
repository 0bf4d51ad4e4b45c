package bamboo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every command's --help is readable on an 80-column terminal: picocli wraps paragraphs itself, so a
 * description written as hand-broken lines of ~100 characters came out ragged (a line, then a word or
 * two, then a line), and a bare '%' made picocli print a warning instead of the text.
 */
class HelpTextTest {
    static Stream<String> commands() {
        return Stream.of("--help", "run --help", "bench --help", "demo --help", "translate --help", "check --help",
                "fuzz --help");
    }

    @ParameterizedTest
    @MethodSource("commands")
    void helpFitsEightyColumnsWithoutRaggedLinesOrWarnings(String command) {
        CliRun r = CliRun.of(command.split(" "));
        assertEquals(0, r.exitCode, r.toString());
        assertFalse(r.err.contains("picocli WARN"), r.toString());
        String[] lines = r.out.split("\n");
        for (int i = 0; i < lines.length; i++) {
            assertTrue(lines[i].length() <= 80, "longer than 80 columns: '" + lines[i] + "'\n" + r);
            // Ragged: a full line, then a short one that is not the end of its paragraph.
            boolean shortLine = !lines[i].isBlank() && lines[i].length() < 30 && !lines[i].startsWith(" ")
                    && !lines[i].endsWith(".") && !lines[i].endsWith(":") && !lines[i].startsWith("Usage");
            boolean nextContinues = i + 1 < lines.length && !lines[i + 1].isBlank()
                    && !lines[i + 1].startsWith(" ") && Character.isLowerCase(lines[i + 1].charAt(0));
            assertFalse(shortLine && nextContinues, "ragged wrapping at '" + lines[i] + "'\n" + r);
        }
    }
}
