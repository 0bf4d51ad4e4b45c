package bamboo.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import bamboo.examples.common.JitSettle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compilations a kernel's warm-up triggers finish before the timed loop starts. Without the wait at
 * the end of {@code Kernel.warmUp()}, it returned while the C2 compilations it had triggered (the kernel's methods, and {@code warmUp()} itself with the kernel inlined)
 * were still queued or running, so the timed loop that followed shared the 2 cores with the compiler.
 * {@code basic}, whose ranks each load their own copy of the program, compiles everything once per rank
 * and paid for it in more runs than the translated program's single copy.
 *
 * <p>Runs every kernel's warm-up in a fresh child JVM and lists, right after each, the compilations of the
 * examples' code still running or queued ({@link JitSettle#pending()}). Before the fix (the warm-ups end
 * with {@link JitSettle#await()}) a fresh JVM had some after most warm-ups (jacobi3d's unpack and swap,
 * cg's packP, cannon's multiply OSR); since, none. The child's bound is raised so that a loaded machine,
 * on which a C2 compilation can take seconds of wall time, does not make the test flaky.
 */
class WarmUpCompilationsInTimedLoopTest {
    private static final String[] KERNELS = {
        "bamboo.examples.jacobi2d.Kernel", "bamboo.examples.jacobi3d.Kernel", "bamboo.examples.halo26.Kernel",
        "bamboo.examples.cannon.Kernel", "bamboo.examples.summa.Kernel", "bamboo.examples.cg.Kernel",
    };

    @Test
    @Timeout(300)
    void noCompilationOfTheExamplesIsPendingWhenAWarmUpReturns(@TempDir Path dir)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-D" + JitSettle.MAX_PROPERTY + "=120000",
                "-cp", System.getProperty("java.class.path"), WarmUpSettleChild.class.getName()));
        command.addAll(List.of(KERNELS));
        Process child = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("child.out").toFile()).start();
        if (!child.waitFor(280, TimeUnit.SECONDS)) {
            child.destroyForcibly();
            throw new AssertionError("the warm-ups did not finish within 280 s");
        }
        String out = Files.readString(dir.resolve("child.out"), StandardCharsets.UTF_8);
        assertEquals(0, child.exitValue(), "child JVM failed:\n" + out);
        assumeTrue(!out.contains("NO-QUEUE"), "this JVM cannot list its compilations (not HotSpot)");
        List<String> pending = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (line.startsWith("PENDING ")) {
                pending.add(line.substring("PENDING ".length()));
            }
        }
        assertEquals(List.of(), pending, "compilations still pending when a warm-up returned: they would run in"
                + " the timed loop (does the kernel's warmUp() end with JitSettle.await()?)");
    }
}
