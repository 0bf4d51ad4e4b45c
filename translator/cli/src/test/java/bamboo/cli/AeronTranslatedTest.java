package bamboo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import bamboo.runtime.GraphMain;
import bamboo.shim.launch.Namespaces;
import bamboo.shim.launch.ProcessJob;
import bamboo.shim.launch.RankMain;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bamboo run --translated --device aeron}: the task-graph runtime's nodes as JVMs over the aeron
 * device, each running its block of the tasks; output and exit codes as a one-JVM translated run.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AeronTranslatedTest {
    private static final Path CORPUS = Path.of("../../test-corpus/programs");

    @TempDir
    Path dir;

    private static List<String> sorted(String out) {
        return out.lines().sorted().collect(Collectors.toList());
    }

    private static Path corpus(String program, String file) {
        Path p = CORPUS.resolve(program).resolve(file);
        assertTrue(Files.isRegularFile(p), "test-corpus program not found: " + p.toAbsolutePath());
        return p;
    }

    /** expected.txt is what the corpus harness checks the threads runtime prints, at every shape. */
    @Test
    void corpusRingOnTwoProcessesPrintsWhatTheThreadsRuntimePrints() throws IOException {
        Path ring = corpus("ring", "Ring.java");
        CliRun aeron = CliRun.of("run", "--translated", "--device", "aeron", "--nodes", "2", "--workers", "2",
                "--np", "5", ring.toString());
        assertEquals(0, aeron.exitCode, aeron.toString());
        assertEquals(sorted(Files.readString(corpus("ring", "expected.txt"))), sorted(aeron.out), aeron.toString());
    }

    @Test
    void corpusHaloOnThreeProcessesPrintsWhatTheThreadsRuntimePrints() throws IOException {
        Path halo = corpus("halo1d", "Halo1D.java");
        CliRun threads = CliRun.of("run", "--translated", "--np", "7", "--nodes", "3", halo.toString());
        assertEquals(0, threads.exitCode, threads.toString());
        CliRun aeron = CliRun.of("run", "--translated", "--device", "aeron", "--nodes", "3", "--workers", "1",
                "--np", "7", halo.toString());
        assertEquals(0, aeron.exitCode, aeron.toString());
        assertEquals(sorted(threads.out), sorted(aeron.out), aeron.toString());
        assertFalse(aeron.out.isBlank());
    }

    static final String THROWS = String.join("\n",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class Throws {",
            "  public static void main(String[] args) throws MPIException {",
            "    MPI.Init(args);",
            "    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();",
            "    int[] in = new int[1], out = {rank};",
            "    if (rank == 3) throw new IllegalStateException(\"rank 3 gives up\");",
            "    MPI.COMM_WORLD.Sendrecv(out, 0, 1, MPI.INT, (rank + 1) % size, 1,",
            "        in, 0, 1, MPI.INT, (rank + size - 1) % size, 1);",
            "    MPI.Finalize();",
            "  }",
            "}");

    @Test
    void aTaskThatThrowsOnOneProcessStopsAllWithItsMessageOnce() throws IOException {
        Path file = dir.resolve("Throws.java");
        Files.writeString(file, THROWS);
        CliRun r = CliRun.of("run", "--translated", "--device", "aeron", "--nodes", "2", "--np", "4", file.toString());
        assertEquals(1, r.exitCode, r.toString());
        String line = "bamboo: task 3 failed: java.lang.IllegalStateException: rank 3 gives up";
        assertEquals(1, r.err.lines().filter(line::equals).count(), r.toString());
        // Regression: the launcher added "rank 0 failed (exit code 1); stopping the other ranks", naming a
        // node that only ended with the graph's exit code.
        assertFalse(r.err.contains("stopping the other ranks"), r.toString());
    }

    static final String DEADLOCK = String.join("\n",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class HeadToHead {",
            "  public static void main(String[] args) throws MPIException {",
            "    MPI.Init(args);",
            "    int rank = MPI.COMM_WORLD.Rank();",
            "    int[] buf = new int[1];",
            "    MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 1 - rank, 7);",
            "    MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 1 - rank, 7);",
            "    MPI.Finalize();",
            "  }",
            "}");

    @Test
    void aDeadlockAcrossProcessesIsReportedOnceWithExitCodeThree() throws IOException {
        Path file = dir.resolve("HeadToHead.java");
        Files.writeString(file, DEADLOCK);
        CliRun r = CliRun.of("run", "--translated", "--device", "aeron", "--nodes", "2", "--np", "2", file.toString());
        assertEquals(3, r.exitCode, r.toString());
        assertEquals(1, r.err.lines().filter(l -> l.startsWith("bamboo: deadlock: 2 of 2 tasks wait")).count(),
                r.toString());
        assertTrue(r.err.contains("task 0 waits for (source 1, tag 7)"), r.toString());
        assertTrue(r.err.contains("task 1 waits for (source 0, tag 7)"), r.toString());
    }

    static final String DIES = String.join("\n",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class Dies {",
            "  public static void main(String[] args) throws Exception {",
            "    MPI.Init(args);",
            "    int rank = MPI.COMM_WORLD.Rank();",
            "    int[] buf = new int[1];",
            "    if (rank == 1) {",
            "      // the process of node 1 dies the hard way: SIGKILL, no shutdown hook, no goodbye",
            "      new ProcessBuilder(\"kill\", \"-9\", String.valueOf(ProcessHandle.current().pid())).start().waitFor();",
            "      Thread.sleep(60_000);",
            "    }",
            "    MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 1, 7);",
            "    MPI.Finalize();",
            "  }",
            "}");

    @Test
    void aProcessThatDiesStopsTheOthersNamingItAndLeavesNoJvmBehind() throws IOException {
        Path file = dir.resolve("Dies.java");
        Files.writeString(file, DIES);
        String marker = "marker-" + UUID.randomUUID();
        long start = System.nanoTime();
        CliRun r = CliRun.of("run", "--translated", "--device", "aeron", "--nodes", "3", "--np", "3", file.toString(),
                marker);
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertTrue(r.exitCode != 0, r.toString());
        assertTrue(r.err.contains("rank 1 was killed by signal 9"), r.toString());
        assertTrue(seconds < 60, "took " + seconds + " s");
        List<String> left = ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().orElse("").contains(marker))
                .map(p -> p.pid() + " " + p.info().commandLine().orElse(""))
                .collect(Collectors.toList());
        assertEquals(List.of(), left, "no JVM of the job is left");
    }

    @Test
    void corpusHaloAcrossTwoNetworkNamespacesWithADelayPrintsWhatTheThreadsRuntimePrints() throws IOException {
        String why = Namespaces.unavailable();
        assumeTrue(why == null, () -> "network namespaces unavailable, test skipped: " + why);
        Path halo = corpus("halo1d", "Halo1D.java");
        CliRun threads = CliRun.of("run", "--translated", "--np", "4", "--nodes", "2", halo.toString());
        assertEquals(0, threads.exitCode, threads.toString());
        try (Namespaces hosts = Namespaces.create(2, "1ms", null)) {
            if (hosts.shapingProblem() != null) {
                System.err.println("AeronTranslatedTest: no netem delay (" + hosts.shapingProblem() + "); running without");
            }
            Path hostfile = hosts.writeHostfile(dir.resolve("hosts"), 1);
            CliRun aeron = CliRun.of("run", "--translated", "--device", "aeron", "--hostfile", hostfile.toString(),
                    "--nodes", "2", "--np", "4", halo.toString());
            assertEquals(0, aeron.exitCode, aeron.toString());
            assertEquals(sorted(threads.out), sorted(aeron.out), aeron.toString());
        }
    }

    @Test
    void mpirunStartsATranslatedProgramThroughGraphMain() throws Exception {
        Path mpirun = Path.of("/usr/bin/mpirun");
        assumeTrue(Files.isExecutable(mpirun), "mpirun not installed (apt-get install openmpi-bin), test skipped");
        String source = Files.readString(corpus("ring", "Ring.java"));
        TranslatedPrograms.Compiled ring = TranslatedPrograms.compile(dir, "Ring.java", source);
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        List<String> cmd = new ArrayList<>(List.of(mpirun.toString(), "--oversubscribe", "-np", "2", "-x",
                "BAMBOO_BOOTSTRAP=127.0.0.1:" + port));
        if ("root".equals(System.getProperty("user.name"))) {
            cmd.add(1, "--allow-run-as-root");
        }
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(ProcessJob.JVM_FLAGS);
        cmd.addAll(List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp",
                ring.classes() + File.pathSeparator + System.getProperty("java.class.path"),
                RankMain.class.getName(), GraphMain.class.getName(), "--tasks", "5", "--workers", "1",
                ring.entryClass()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("BAMBOO_") || k.startsWith("OMPI_"));
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        assertEquals(0, p.exitValue(), out);
        assertEquals(sorted(Files.readString(corpus("ring", "expected.txt"))), sorted(out));
    }

    /** Without a launcher (as under mpirun) a dead node is found by the device's heartbeats. */
    @Test
    void withoutTheLauncherADeadProcessIsNamedByTheOthersThroughMissingHeartbeats() throws Exception {
        TranslatedPrograms.Compiled dies = TranslatedPrograms.compile(dir, "Dies.java", DIES);
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        List<Process> nodes = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
            cmd.addAll(ProcessJob.JVM_FLAGS);
            cmd.addAll(List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp",
                    dies.classes() + File.pathSeparator + System.getProperty("java.class.path"),
                    RankMain.class.getName(), GraphMain.class.getName(), "--tasks", "2", dies.entryClass()));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            pb.environment().keySet().removeIf(k -> k.startsWith("BAMBOO_") || k.startsWith("OMPI_"));
            pb.environment().putAll(java.util.Map.of("OMPI_COMM_WORLD_RANK", String.valueOf(r),
                    "OMPI_COMM_WORLD_SIZE", "2", "BAMBOO_BOOTSTRAP", "127.0.0.1:" + port,
                    "BAMBOO_LIVENESS_TIMEOUT_MS", "3000"));
            nodes.add(pb.start());
        }
        String out0 = new String(nodes.get(0).getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(nodes.get(0).waitFor(60, TimeUnit.SECONDS), out0);
        assertTrue(nodes.get(1).waitFor(60, TimeUnit.SECONDS));
        assertEquals(137, nodes.get(1).exitValue());
        assertEquals(1, nodes.get(0).exitValue(), out0);
        assertTrue(out0.contains("rank 0: job aborted: lost rank 1"), out0);
    }

    @Test
    void moreProcessesThanTasksIsAUsageError() {
        CliRun r = CliRun.of("run", "--translated", "--device", "aeron", "--nodes", "3", "--np", "2", "X.java");
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("--nodes must be between 1 and --np 2"), r.toString());
        r = CliRun.of("run", "--translated", "--device", "aeron", "--nodes", "2", "--np", "4", "--latency", "1ms",
                "X.java");
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("with --device aeron messages cross a real one"), r.toString());
    }
}
