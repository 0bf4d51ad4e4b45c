package bamboo.shim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
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
 * The real launchers starting RankMain without a job key: Open MPI's mpirun (Debian package openmpi-bin) and
 * MPICH's Hydra mpiexec (mpich); each skipped when it is not installed. The ranks share a key through a file
 * only the user can read, which rank 0 removes once the world has formed.
 */
class MpirunTest {
    @TempDir
    Path keys;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void mpirunStartsTheRanks() throws Exception {
        final Path mpirun = onPath("mpirun");
        assumeTrue(mpirun != null, "mpirun not installed (apt-get install openmpi-bin), test skipped");
        final List<String> cmd = new ArrayList<>(List.of(mpirun.toString(), "--oversubscribe", "-np", "2", "-x",
                "BAMBOO_BOOTSTRAP=127.0.0.1:" + freePort(), "-x", "BAMBOO_JOB_KEY_DIR=" + keys.resolve("jobs")));
        if ("root".equals(System.getProperty("user.name"))) {
            cmd.add(1, "--allow-run-as-root");
        }
        runsLikeThreads(cmd);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void mpichHydraStartsTheRanks() throws Exception {
        final Path mpiexec = onPath("mpiexec.mpich");
        assumeTrue(mpiexec != null, "MPICH's mpiexec not installed (apt-get install mpich), test skipped");
        runsLikeThreads(new ArrayList<>(List.of(mpiexec.toString(), "-np", "2", "-genv", "BAMBOO_BOOTSTRAP",
                "127.0.0.1:" + freePort(), "-genv", "BAMBOO_JOB_KEY_DIR", keys.resolve("jobs").toString())));
    }

    private void runsLikeThreads(List<String> cmd) throws Exception {
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(ProcessJob.JVM_FLAGS);
        cmd.addAll(Jobs.LIGHT_JVM);
        cmd.addAll(List.of("-cp", ProcessJob.classpath(List.of(Jobs.testClasses())), RankMain.class.getName(),
                "bamboo.shim.launch.programs.Halo", "30", "20"));
        final ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("BAMBOO_") || k.startsWith("OMPI_")
                || k.startsWith("PMI") || k.startsWith("SLURM_"));
        final Process p = pb.start();
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        assertEquals(0, p.exitValue(), out);
        assertEquals(Jobs.threads(2, "bamboo.shim.launch.programs.Halo", "30", "20").out(), out);
        try (var left = Files.list(keys.resolve("jobs"))) {
            assertEquals(List.of(), left.toList(), "rank 0 removes the key file once the world has formed");
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
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
