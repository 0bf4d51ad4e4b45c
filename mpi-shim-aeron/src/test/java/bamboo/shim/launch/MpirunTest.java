package bamboo.shim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The real Open MPI mpirun starting RankMain (Debian package openmpi-bin); skipped when it is not installed. */
class MpirunTest {
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void mpirunStartsTheRanks() throws Exception {
        final Path mpirun = onPath("mpirun");
        assumeTrue(mpirun != null, "mpirun not installed (apt-get install openmpi-bin), test skipped");
        final int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        final List<String> cmd = new ArrayList<>(List.of(mpirun.toString(), "--oversubscribe", "-np", "2", "-x",
                "BAMBOO_BOOTSTRAP=127.0.0.1:" + port));
        if ("root".equals(System.getProperty("user.name"))) {
            cmd.add(1, "--allow-run-as-root");
        }
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(ProcessJob.JVM_FLAGS);
        cmd.addAll(Jobs.LIGHT_JVM);
        cmd.addAll(List.of("-cp", ProcessJob.classpath(List.of(Jobs.testClasses())), RankMain.class.getName(),
                "bamboo.shim.launch.programs.Halo", "30", "20"));
        final ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("BAMBOO_") || k.startsWith("OMPI_"));
        final Process p = pb.start();
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        assertEquals(0, p.exitValue(), out);
        assertEquals(Jobs.threads(2, "bamboo.shim.launch.programs.Halo", "30", "20").out(), out);
    }

    private static Path onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            final Path p = Path.of(dir, name);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }
}
