package bamboo.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kernels' loops keep range-check elimination whatever happens in the warm-up: with inclusive
 * bounds ({@code i <= last}), for which HotSpot's C2 makes a counted loop only behind a loop-limit-check
 * predicate. OSR compilations during {@code Kernel.warmUp()} failed that predicate in most JVMs
 * (relaxShell and relax of jacobi2d, relaxShell and copyFace of jacobi3d, update and copy of halo26);
 * after such a trap a later compilation may keep the loop uncounted, a range check and a safepoint poll
 * per point, so two copies of the same kernel (two ranks' class loaders, a rank's and a translated task's)
 * computed 5-25% apart per point depending on when the trap came.
 *
 * <p>Runs every kernel's warm-up in a child JVM with HotSpot's compilation log and asserts that no method
 * of the examples took an uncommon trap of reason {@code loop_limit_check}. Before the fix (exclusive
 * bounds in the kernels' timed loops) every JVM tried showed several; since, none.
 */
class LoopLimitTrapInWarmUpTest {
    private static final String[] KERNELS = {
        "bamboo.examples.jacobi2d.Kernel", "bamboo.examples.jacobi3d.Kernel", "bamboo.examples.halo26.Kernel",
        "bamboo.examples.cannon.Kernel", "bamboo.examples.summa.Kernel", "bamboo.examples.cg.Kernel",
    };
    private static final Pattern TRAP = Pattern.compile("<uncommon_trap thread='[^']*' reason='(\\w+)'[^>]*>\\s*"
            + "<jvms bci='(\\d+)' method='(bamboo\\.examples\\.[^ ']+) (\\w+)");

    @Test
    @Timeout(180)
    void noKernelLoopTakesALoopLimitTrapDuringTheWarmUp(@TempDir Path dir) throws IOException, InterruptedException {
        Path log = dir.resolve("compilation.xml");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UnlockDiagnosticVMOptions", "-XX:+LogCompilation", "-XX:LogFile=" + log,
                "-cp", System.getProperty("java.class.path"), WarmUpChild.class.getName()));
        command.addAll(List.of(KERNELS));
        Process child = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("child.out").toFile()).start();
        if (!child.waitFor(150, TimeUnit.SECONDS)) {
            child.destroyForcibly();
            throw new AssertionError("the warm-ups did not finish within 150 s");
        }
        String out = Files.readString(dir.resolve("child.out"), StandardCharsets.UTF_8);
        assumeTrue(!out.contains("Unrecognized VM option"), "not a HotSpot JVM: " + out);
        assertEquals(0, child.exitValue(), "child JVM failed:\n" + out);
        assertTrue(Files.exists(log), "no compilation log written");

        List<String> trapped = new ArrayList<>();
        Matcher m = TRAP.matcher(Files.readString(log, StandardCharsets.ISO_8859_1));
        while (m.find()) {
            if (m.group(1).equals("loop_limit_check")) {
                trapped.add(m.group(3) + "." + m.group(4) + " at bci " + m.group(2));
            }
        }
        assertEquals(List.of(), trapped, "loop-limit traps in the kernels' warm-ups: a loop with an inclusive"
                + " bound (i <= last) in a timed kernel method? write it with an exclusive one (i < end)");
    }
}
