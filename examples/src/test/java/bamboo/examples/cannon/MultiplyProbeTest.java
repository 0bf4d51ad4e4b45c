package bamboo.examples.cannon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The multiply probe ({@link MultiplyProbe}): off unless asked for; on, one CSV line per big multiply. */
class MultiplyProbeTest {
    @Test
    void offWithoutTheProperty() {
        assertFalse(MultiplyProbe.ON, "the probe must be off unless -Dbamboo.cannon.probe names a file");
    }

    @Test
    @Timeout(120)
    void recordsEveryBigMultiplyAndNoWarmUpCall(@TempDir Path dir) throws IOException, InterruptedException {
        Path csv = dir.resolve("calls.csv");
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dbamboo.cannon.probe=" + csv, "-cp", System.getProperty("java.class.path"),
                MultiplyProbeChild.class.getName());
        Process child = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("child.out").toFile()).start();
        if (!child.waitFor(100, TimeUnit.SECONDS)) {
            child.destroyForcibly();
            throw new AssertionError("the child did not finish within 100 s");
        }
        assertEquals(0, child.exitValue(), Files.readString(dir.resolve("child.out"), StandardCharsets.UTF_8));
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        assertEquals("start_ns,wall_ns,cpu_ns,rows,thread", lines.get(0));
        assertEquals(MultiplyProbeChild.CALLS + 1, lines.size(), "one line per multiply of 128 rows, none of the"
                + " warm-up's 16-row ones");
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            assertEquals("128", f[3], line);
            assertTrue(Long.parseLong(f[1]) > 0 && Long.parseLong(f[2]) > 0, "wall and CPU time > 0: " + line);
        }
    }
}
