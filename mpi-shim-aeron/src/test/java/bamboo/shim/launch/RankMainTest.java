package bamboo.shim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.shim.aeron.Drivers;
import bamboo.shim.aeron.JobKey;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Rank processes started without ProcessJob: as Open MPI's mpirun does, and with a peer that never comes. */
class RankMainTest {
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
                    "BAMBOO_BOOTSTRAP", "127.0.0.1:" + port, "BAMBOO_START_TIMEOUT_MS", "60000"), HALO, "30", "20"));
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
                    "BAMBOO_BOOTSTRAP", "127.0.0.1:" + port, "BAMBOO_LIVENESS_TIMEOUT_MS", "3000"),
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
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void withoutARankItExplainsHowToStart() throws Exception {
        final Process p = start(Map.of(), HALO);
        final String out = output(p);
        assertEquals(2, p.exitValue(), out);
        assertTrue(out.contains("no rank given"), out);
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
        pb.environment().keySet().removeIf(k -> k.startsWith("BAMBOO_") || k.startsWith("OMPI_"));
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
