package bamboo.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What the demo prints while it runs: captured, nothing per step; on a terminal, one line redrawn. */
class DemoProgressTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);

    @Test
    void offATerminalStepsAndRunsPrintNothing() {
        DemoProgress p = new DemoProgress(errStream, null, false);
        for (int i = 0; i < 50; i++) {
            p.step("timed round " + i);
            p.ran("basic", "timed", 0.5);
        }
        p.done();
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void onATerminalOneLineIsRedrawnAndClearedAtTheEnd() {
        DemoProgress p = new DemoProgress(errStream, null, true);
        p.step("calibrating the interconnect, step 1");
        p.ran("bound", "calibration", 0.3);
        p.done();
        String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("1 runs] calibrating the interconnect, step 1"), text);
        assertEquals(0, text.chars().filter(c -> c == '\n').count(), text);
        assertTrue(text.endsWith("\r"), text);
    }

    @Test
    void verboseGivesALinePerRunAndNoRedrawnLine() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DemoProgress p = new DemoProgress(errStream, new PrintStream(out, true, StandardCharsets.UTF_8), true);
        p.step("timed round 1");
        p.ran("translated", "timed", 0.4321);
        String lines = out.toString(StandardCharsets.UTF_8);
        assertTrue(lines.matches("(?s)\\s*\\[\\s*\\d+ s\\] translated\\s+timed\\s+0\\.4321 s\\R"), lines);
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }
}
