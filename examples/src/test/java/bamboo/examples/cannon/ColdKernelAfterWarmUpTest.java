package bamboo.examples.cannon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cannon's kernel is compiled by C2 in the warm-up, never inside the timed runs of a steady-state
 * benchmark. Without the warm-up of every method with loops, with the
 * program's classes kept from run to run, methods a run calls only a few times (the fills of the
 * constructor, once per run on big blocks, then compiled again after their on-stack replacement; the
 * public {@code multiply()} wrapping the block loop, 2 to 8 calls per run; the checksum) crossed C2's
 * thresholds in the third to sixth run, one compilation per rank's copy of the class, and C2 compiled
 * them (the multiply's loop inlined) while the ranks' timed loops ran, taking one of the 2 cores.
 *
 * <p>Replays the kernel calls of 4 ranks' runs in a child JVM that compiles in the foreground
 * ({@code -Xbatch}: a compilation happens where its method crosses the threshold, not some milliseconds
 * later on a compiler thread) under a flight recording, and asserts that after the first run (the
 * benchmark's first warm-up run) no method of the kernel is compiled by C2 outside {@code warmUp()}.
 * Before the fix fillA and fillB were, in the second run's construction.
 */
class ColdKernelAfterWarmUpTest {
    private static final String KERNEL = Kernel.class.getName();

    @Test
    @Timeout(180)
    void nothingOfTheKernelIsCompiledByC2OutsideTheWarmUpAfterTheFirstRun(@TempDir Path dir)
            throws IOException, InterruptedException {
        Path jfr = dir.resolve("runs.jfr");
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xbatch", "-cp", System.getProperty("java.class.path"), CannonRunsChild.class.getName(),
                jfr.toString(), "432", "4");
        Process child = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("child.out").toFile()).start();
        if (!child.waitFor(150, TimeUnit.SECONDS)) {
            child.destroyForcibly();
            throw new AssertionError("the child's runs did not finish within 150 s");
        }
        String out = Files.readString(dir.resolve("child.out"), StandardCharsets.UTF_8);
        assumeTrue(!out.contains("Unrecognized VM option"), "not a HotSpot JVM: " + out);
        assertEquals(0, child.exitValue(), "child JVM failed:\n" + out);

        List<RecordedEvent> runs = new ArrayList<>(), warmUps = new ArrayList<>(), compilations = new ArrayList<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(jfr)) {
            switch (e.getEventType().getName()) {
                case "bamboo.test.CannonRun" -> runs.add(e);
                case "bamboo.test.CannonWarmUp" -> warmUps.add(e);
                case "jdk.Compilation" -> compilations.add(e);
                default -> { }
            }
        }
        assertEquals(16, runs.size(), "4 runs of 4 ranks recorded");
        assertEquals(16, warmUps.size(), "a warm-up per rank and run recorded");
        assertFalse(compilations.stream().noneMatch(c -> isKernelC2(c)), "no C2 compilation of the kernel"
                + " recorded at all: the recording cannot show the bug");

        List<String> late = new ArrayList<>();
        for (RecordedEvent c : compilations) {
            if (!isKernelC2(c)) {
                continue;
            }
            Instant at = c.getStartTime();
            boolean inLaterRun = runs.stream().anyMatch(r -> r.getInt("run") > 1 && within(at, r));
            boolean inWarmUp = warmUps.stream().anyMatch(w -> within(at, w));
            if (inLaterRun && !inWarmUp) {
                RecordedMethod m = c.getValue("method");
                late.add(m.getName() + (c.getBoolean("isOsr") ? " (OSR)" : ""));
            }
        }
        assertEquals(List.of(), late, "methods of Cannon's kernel compiled by C2 in a run after the first,"
                + " outside Kernel.warmUp(): in a steady-state benchmark that compilation runs beside the timed"
                + " loop; warm up every method a run calls (Kernel.warmUp)");
    }

    private static boolean isKernelC2(RecordedEvent c) {
        RecordedMethod m = c.getValue("method");
        return m != null && m.getType().getName().equals(KERNEL) && c.getShort("compileLevel") == 4;
    }

    private static boolean within(Instant at, RecordedEvent span) {
        return !at.isBefore(span.getStartTime()) && !at.isAfter(span.getEndTime());
    }
}
