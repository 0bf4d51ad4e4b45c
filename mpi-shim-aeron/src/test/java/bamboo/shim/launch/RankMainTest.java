package bamboo.shim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.shim.aeron.Drivers;
import bamboo.shim.aeron.JobKey;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Rank processes started without ProcessJob: as Open MPI's mpirun does, and with a peer that never comes. */
class RankMainTest {
    @TempDir
    Path keys;

    private static final String HALO = "bamboo.shim.launch.programs.Halo";

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void ranksStartedLikeMpirunFindEachOtherThroughTheBootstrap() throws Exception {
        final int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        final List<Process> ranks = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            ranks.add(start(Map.of("OMPI_COMM_WORLD_RANK", String.valueOf(r), "OMPI_COMM_WORLD_SIZE", "2",
                    "BAMBOO_BOOTSTRAP", "127.0.0.1:" + port, "BAMBOO_START_TIMEOUT_MS", "60000",
                    "BAMBOO_JOB_KEY_DIR", keys.resolve("jobs").toString()), HALO, "30", "20"));
        }
        final String out0 = output(ranks.get(0));
        final String out1 = output(ranks.get(1));
        assertEquals(0, ranks.get(0).exitValue(), out0);
        assertEquals(0, ranks.get(1).exitValue(), out1);
        final Jobs.Run threads = Jobs.threads(2, HALO, "30", "20");
        assertEquals(threads.out(), out0);
        assertEquals("", out1);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aRankThatDiesIsNamedByItsPeerThroughMissingHeartbeats() throws Exception {
        final int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        final List<Process> ranks = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            ranks.add(start(Map.of("OMPI_COMM_WORLD_RANK", String.valueOf(r), "OMPI_COMM_WORLD_SIZE", "2",
                    "BAMBOO_BOOTSTRAP", "127.0.0.1:" + port, "BAMBOO_LIVENESS_TIMEOUT_MS", "3000",
                    "BAMBOO_JOB_KEY_DIR", keys.resolve("jobs").toString()),
                    "bamboo.shim.launch.programs.Faults", "die"));
        }
        final String out1 = output(ranks.get(1));
        final String out0 = output(ranks.get(0));
        assertEquals(137, ranks.get(1).exitValue(), out1);
        assertEquals(1, ranks.get(0).exitValue(), out0);
        assertTrue(out0.contains("rank 0: job aborted: lost rank 1 (nothing heard from it for 3.0 s"), out0);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aPeerThatNeverStartsIsAClearErrorAfterTheTimeout() throws Exception {
        final String dir = Drivers.freshDirectory("test");
        final Drivers.Embedded driver = Drivers.launch(dir, 64 * 1024);
        try {
            final Process p = start(Map.of("BAMBOO_RANK", "0", "BAMBOO_SIZE", "3", "BAMBOO_AERON_DIR", dir,
                    "BAMBOO_START_TIMEOUT_MS", "3000", "BAMBOO_JOB_KEY", JobKey.generate().hex()), HALO);
            final String out = output(p);
            assertEquals(1, p.exitValue(), out);
            assertTrue(out.contains("rank 0: ranks 1 and 2 have not started within 3.0 s"), out);
        } finally {
            driver.close();
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aRankWhoseMediaDriverDiesEndsNamingItInsteadOfGoingDeaf() throws Exception {
        final String dir = Drivers.freshDirectory("test");
        final Drivers.Embedded driver = Drivers.launch(dir, 64 * 1024);
        final Process p;
        try {
            p = start(Map.of("BAMBOO_RANK", "0", "BAMBOO_SIZE", "1", "BAMBOO_AERON_DIR", dir,
                    "BAMBOO_JOB_KEY", JobKey.generate().hex()), "bamboo.shim.launch.programs.Sleeper");
            final java.io.BufferedReader lines = new java.io.BufferedReader(new java.io.InputStreamReader(
                    p.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("started 0", lines.readLine());
        } finally {
            driver.close();
        }
        final String out = output(p);
        assertEquals(1, p.exitValue(), out);
        assertTrue(out.contains("rank 0: job aborted: rank 0: its Aeron client failed: "
                + "io.aeron.exceptions.DriverTimeoutException"), out);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aLauncherStyleRankWithoutAJobKeyRefusesToStart() throws Exception {
        final Process p = start(Map.of("BAMBOO_RANK", "0", "BAMBOO_SIZE", "2", "BAMBOO_AERON_DIR", "/nonexistent"), HALO);
        final String out = output(p);
        assertEquals(2, p.exitValue(), out);
        assertTrue(out.contains("rank 0: no job key (BAMBOO_JOB_KEY or BAMBOO_JOB_KEY_FILE)"), out);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void ranksAClusterLauncherStartsWithoutAKeyShareOneOnlyTheUserCanReadAndRankZeroRemovesIt() throws Exception {
        final Path dir = keys.resolve("jobs");
        final int port = freePort();
        final List<Process> ranks = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            // MPICH's Hydra: no job id in the environment, the bootstrap address names the job
            ranks.add(start(Map.of("PMI_RANK", String.valueOf(r), "PMI_SIZE", "2", "BAMBOO_BOOTSTRAP",
                    "127.0.0.1:" + port, "BAMBOO_JOB_KEY_DIR", dir.toString()), HALO, "30", "20"));
        }
        final String out0 = output(ranks.get(0));
        final String out1 = output(ranks.get(1));
        assertEquals(0, ranks.get(0).exitValue(), out0);
        assertEquals(0, ranks.get(1).exitValue(), out1);
        assertEquals(Jobs.threads(2, HALO, "30", "20").out(), out0);
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
        try (var left = Files.list(dir)) {
            assertEquals(List.of(), left.toList());
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aRankWhoseSharedKeyNeverAppearsStopsSayingHowToGiveTheJobAKey() throws Exception {
        final Process p = start(Map.of("SLURM_PROCID", "1", "SLURM_NTASKS", "2", "SLURM_JOB_ID", "77",
                "SLURM_STEP_ID", "0", "BAMBOO_BOOTSTRAP", "127.0.0.1:" + freePort(), "BAMBOO_START_TIMEOUT_MS", "1500",
                "BAMBOO_JOB_KEY_DIR", keys.resolve("jobs").toString()), HALO);
        final String out = output(p);
        assertEquals(2, p.exitValue(), out);
        assertTrue(out.contains("rank 1: srun gave this rank no job key and rank 0's key file "
                + keys.resolve("jobs").resolve("slurm-77.0.key") + " did not appear within 1.5 s"), out);
        assertTrue(out.contains("export BAMBOO_JOB_KEY="), out);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aSharedKeyFileOthersCanReadIsRefused() throws Exception {
        final Path dir = Files.createDirectory(keys.resolve("jobs"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        final Path file = dir.resolve("pmix-4242.key");
        Files.writeString(file, JobKey.generate().hex());
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        final Process p = start(Map.of("OMPI_COMM_WORLD_RANK", "1", "OMPI_COMM_WORLD_SIZE", "2", "PMIX_NAMESPACE",
                "4242", "BAMBOO_BOOTSTRAP", "127.0.0.1:" + freePort(), "BAMBOO_JOB_KEY_DIR", dir.toString()), HALO);
        final String out = output(p);
        assertEquals(2, p.exitValue(), out);
        assertTrue(out.contains("the job key file " + file + " belongs to"), out);
        assertTrue(out.contains("(mode rw-r--r--): it must be"), out);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void withoutARankItExplainsHowToStart() throws Exception {
        final Process p = start(Map.of(), HALO);
        final String out = output(p);
        assertEquals(2, p.exitValue(), out);
        assertTrue(out.contains("no rank given"), out);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static Process start(Map<String, String> env, String main, String... args) throws IOException {
        final List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(ProcessJob.JVM_FLAGS);
        cmd.addAll(Jobs.LIGHT_JVM);
        cmd.add("-cp");
        cmd.add(ProcessJob.classpath(List.of(Jobs.testClasses())));
        cmd.add(RankMain.class.getName());
        cmd.add(main);
        cmd.addAll(List.of(args));
        final ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("BAMBOO_") || k.startsWith("OMPI_")
                || k.startsWith("PMI") || k.startsWith("SLURM_"));
        pb.environment().putAll(env);
        return pb.start();
    }

    private static String output(Process p) throws Exception {
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("rank process did not end: " + out);
        }
        return out;
    }
}
