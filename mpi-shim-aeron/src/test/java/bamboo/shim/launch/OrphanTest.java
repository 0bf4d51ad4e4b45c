package bamboo.shim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Killing the launcher with SIGKILL (no shutdown hook runs) still ends every rank JVM. */
class OrphanTest {
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void ranksDieWithTheirLauncher() throws Exception {
        final List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(ProcessJob.JVM_FLAGS);
        cmd.addAll(Jobs.LIGHT_JVM);
        cmd.add("-cp");
        cmd.add(Jobs.testClasses() + java.io.File.pathSeparator + ProcessJob.classpath(List.of()));
        cmd.add(LauncherMain.class.getName());
        cmd.add("bamboo.shim.launch.programs.Sleeper");
        cmd.add(Jobs.testClasses().toString());
        final Process launcher = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        final BufferedReader out = new BufferedReader(new InputStreamReader(launcher.getInputStream(),
                StandardCharsets.UTF_8));
        int started = 0;
        final StringBuilder seen = new StringBuilder();
        String line;
        while (started < 2 && (line = out.readLine()) != null) {
            seen.append(line).append('\n');
            if (line.startsWith("started ")) {
                started++;
            }
        }
        assertEquals(2, started, seen.toString());
        final List<ProcessHandle> ranks = launcher.toHandle().children().toList();
        assertEquals(2, ranks.size(), "rank JVMs of the launcher");
        launcher.destroyForcibly();
        final long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (ranks.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < end) {
            Thread.sleep(100);
        }
        final boolean orphans = ranks.stream().anyMatch(ProcessHandle::isAlive);
        ranks.forEach(ProcessHandle::destroyForcibly);
        assertTrue(!orphans, "rank JVMs outlived their launcher");
    }
}
