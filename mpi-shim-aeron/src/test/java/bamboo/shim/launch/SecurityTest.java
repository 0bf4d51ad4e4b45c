package bamboo.shim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.shim.aeron.AeronSettings;
import bamboo.shim.aeron.Drivers;
import bamboo.shim.aeron.JobKey;
import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.crypto.Mac;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The attacks a stranger on this machine could try against a running job, each refused: forged data,
 * abort and oversized frames on a rank's UDP port, a forged registration, a peek at the job's shared
 * memory, a class the program never meant to receive; and a flood, which is held rather than buffered.
 */
class SecurityTest {
    private static final String VICTIM = "bamboo.shim.launch.programs.Victim";
    private static final int FIRST = 1;
    private static final int ABORT = 5;
    private static final int HELLO = 9;

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void framesFromAStrangerOnARanksUdpPortAreDroppedAndTheJobGoesOn(@TempDir Path tmp) throws Exception {
        final Path hosts = tmp.resolve("hosts");
        Files.writeString(hosts, "127.0.0.1 slots=2\n");
        final Path go = tmp.resolve("go");
        final CompletableFuture<Jobs.Run> job = CompletableFuture.supplyAsync(
                () -> Jobs.aeron(ProcessConfig.of(2).withHostfile(hosts), VICTIM, go.toString()));
        final Set<Integer> ports = waitForRankPorts(ProcessHandle.current(), 2);
        for (ProcessHandle rank : rankProcesses(ProcessHandle.current())) {
            assertOwnerOnly(rank.pid()); // each rank's own driver directory
        }
        try (Stranger s = new Stranger()) {
            for (int port : ports) {
                for (int stream = 0; stream < 2; stream++) {
                    s.publish("aeron:udp?endpoint=127.0.0.1:" + port, AeronSettings.STREAM_BASE + stream);
                }
            }
            assertTrue(s.awaitConnected(), "the stranger's publications never connected: nothing was tested");
            final int claimed = 0; // every frame claims to come from rank 0
            for (int context = 0; context < 4; context++) {
                s.send(first(claimed, context, 1, serialised("forged"), 1));
            }
            s.send(frame(ABORT, claimed, "job aborted: forged by a stranger".getBytes(StandardCharsets.UTF_8)));
            s.send(hugeFirst(claimed));
            s.send(frame(HELLO, claimed, new byte[JobKey.MAC_BYTES])); // a HELLO with a wrong MAC
            s.settle();
        }
        Files.createFile(go);
        final Jobs.Run run = job.get(150, TimeUnit.SECONDS);
        assertEquals(0, run.exit(), run.err());
        assertEquals("rank 1 received genuine\n", run.out());
        assertTrue(run.err().contains("dropped frames of an Aeron session that did not prove it belongs to this job"),
                run.err());
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aFrameAnnouncingTwoGigabytesIsDroppedBeforeAllocationEvenFromAHolderOfTheKey(@TempDir Path tmp)
            throws Exception {
        final JobKey key = JobKey.generate();
        final int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        final Path go = tmp.resolve("go");
        final List<Process> ranks = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            ranks.add(startRank(Map.of("OMPI_COMM_WORLD_RANK", String.valueOf(r), "OMPI_COMM_WORLD_SIZE", "2",
                    "BAMBOO_BOOTSTRAP", "127.0.0.1:" + port, "BAMBOO_START_TIMEOUT_MS", "60000",
                    JobKey.ENV, key.hex()), VICTIM, go.toString()));
        }
        final Set<Integer> ports = new HashSet<>();
        final long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (ports.isEmpty() && System.nanoTime() < end) {
            ports.addAll(udpPorts(ranks.get(1).pid()));
            Thread.sleep(50);
        }
        try (Stranger s = new Stranger()) {
            for (int port1 : ports) {
                s.publish("aeron:udp?endpoint=127.0.0.1:" + port1, AeronSettings.STREAM_BASE + 1);
            }
            assertTrue(s.awaitConnected(), "no publication to rank 1 connected: nothing was tested");
            final Mac mac = key.mac();
            for (ExclusivePublication p : s.connected()) {
                final UnsafeBuffer text = new UnsafeBuffer(new byte[16]);
                text.putInt(0, 0x48454c4f, ByteOrder.LITTLE_ENDIAN);
                text.putInt(4, 0, ByteOrder.LITTLE_ENDIAN);
                text.putInt(8, 1, ByteOrder.LITTLE_ENDIAN);
                text.putInt(12, p.sessionId(), ByteOrder.LITTLE_ENDIAN);
                s.send(p, frame(HELLO, 0, mac.doFinal(text.byteArray())));
                s.send(p, hugeFirst(0));
            }
            s.settle();
        }
        Files.createFile(go);
        final String out0 = output(ranks.get(0));
        final String out1 = output(ranks.get(1));
        assertEquals(0, ranks.get(1).exitValue(), out1);
        assertEquals(0, ranks.get(0).exitValue(), out0);
        assertTrue(out1.contains("rank 1 received genuine"), out1);
        assertTrue(out1.contains("rank 1: dropped a bad frame from rank 0: a message header announcing 2147483647"
                + " elements, 2147483647 bytes (the limit is 1073741824 bytes, BAMBOO_AERON_MAX_MESSAGE)"), out1);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void theSharedDriversDirectoryAndFilesAreTheOwnersOnly(@TempDir Path tmp) throws Exception {
        final Path go = tmp.resolve("go");
        final CompletableFuture<Jobs.Run> job = CompletableFuture.supplyAsync(
                () -> Jobs.aeron(ProcessConfig.of(2), VICTIM, go.toString()));
        try {
            waitFor(() -> rankProcesses(ProcessHandle.current()).size() == 2 && logBuffers(ProcessHandle.current().pid())
                    >= 2, 60);
            // the launcher narrows what the ranks' publications created within a few hundred ms
            waitFor(() -> ownerOnly(ProcessHandle.current().pid()), 5);
            assertOwnerOnly(ProcessHandle.current().pid());
        } finally {
            Files.createFile(go);
        }
        final Jobs.Run run = job.get(100, TimeUnit.SECONDS);
        assertEquals(0, run.exit(), run.err());
        assertEquals("rank 1 received genuine\n", run.out());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void anObjectOfAClassThatMayNotTravelEndsTheJobWithOneLine(@TempDir Path tmp) throws Exception {
        final Path go = tmp.resolve("go");
        Files.createFile(go);
        final Jobs.Run run = Jobs.aeron(ProcessConfig.of(2), VICTIM, go.toString(), "file");
        assertEquals(1, run.exit(), run.err());
        assertTrue(run.err().contains("rank 1 failed: mpi.MPIException: Recv: cannot deserialise the received"
                + " MPI.OBJECT data: refused class java.io.File is not allowed in MPI.OBJECT data"), run.err());
        assertFalse(run.out().contains("received"), run.out());
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aFloodFromAnotherProcessIsHeldWithinTheReceiversBudget(@TempDir Path tmp) throws IOException {
        final Jobs.Run ipc = Jobs.aeron(ProcessConfig.of(2), "bamboo.shim.launch.programs.Flood", "120");
        assertEquals(0, ipc.exit(), ipc.err());
        assertEquals("received 120 in order: true, held within the budget: true\n", ipc.out());
        final Path hosts = tmp.resolve("hosts");
        Files.writeString(hosts, "127.0.0.1 slots=2\n");
        final Jobs.Run udp = Jobs.aeron(ProcessConfig.of(2).withHostfile(hosts), "bamboo.shim.launch.programs.Flood",
                "60");
        assertEquals(0, udp.exit(), udp.err());
        assertEquals("received 60 in order: true, held within the budget: true\n", udp.out());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void rankJvmOptionsComeFromTheEnvironmentAndTheRunOption() {
        final String saved = System.getProperty(ProcessConfig.JVM_OPTIONS_PROPERTY);
        System.setProperty(ProcessConfig.JVM_OPTIONS_PROPERTY, "-Dbamboo.test.opt=with space\n-Xmx200m");
        try {
            final ProcessConfig config = ProcessConfig.of(1);
            assertTrue(config.jvmOptions().contains("-Dbamboo.test.opt=with space"), config.jvmOptions().toString());
            final ByteArrayOutputStream out = new ByteArrayOutputStream();
            final List<String> options = new ArrayList<>(Jobs.LIGHT_JVM);
            options.addAll(config.jvmOptions());
            final int exit = ProcessJob.run(config.withSettings(Jobs.SETTINGS).withJvmOptions(options)
                            .withOutput(new PrintStream(out, true, StandardCharsets.UTF_8), System.err),
                    List.of(Jobs.testClasses()), "bamboo.shim.launch.programs.PrintProperty", List.of("bamboo.test.opt"));
            assertEquals(0, exit);
            assertEquals("bamboo.test.opt=with space\n", out.toString(StandardCharsets.UTF_8));
        } finally {
            if (saved == null) {
                System.clearProperty(ProcessConfig.JVM_OPTIONS_PROPERTY);
            } else {
                System.setProperty(ProcessConfig.JVM_OPTIONS_PROPERTY, saved);
            }
        }
    }

    // ---- the stranger -----------------------------------------------------------------------------------

    /** Another process's Aeron: its own driver and client, publishing to a job's ports. */
    private static final class Stranger implements AutoCloseable {
        private final Drivers.Embedded driver;
        private final Aeron aeron;
        private final List<ExclusivePublication> publications = new ArrayList<>();

        Stranger() {
            final String dir = Drivers.freshDirectory("stranger");
            driver = Drivers.launch(dir, 64 * 1024);
            aeron = Drivers.connect(dir);
        }

        void publish(String channel, int stream) {
            publications.add(aeron.addExclusivePublication(channel, stream));
        }

        boolean awaitConnected() throws InterruptedException {
            final long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (System.nanoTime() < end) {
                if (!connected().isEmpty()) {
                    Thread.sleep(500); // let the others connect as well
                    return true;
                }
                Thread.sleep(20);
            }
            return false;
        }

        List<ExclusivePublication> connected() {
            return publications.stream().filter(ExclusivePublication::isConnected).toList();
        }

        void send(byte[] frame) throws InterruptedException {
            for (ExclusivePublication p : connected()) {
                send(p, frame);
            }
        }

        void send(ExclusivePublication p, byte[] frame) throws InterruptedException {
            final UnsafeBuffer b = new UnsafeBuffer(frame);
            for (int i = 0; i < 500 && p.offer(b, 0, frame.length) < 0; i++) {
                Thread.sleep(2);
            }
        }

        /** Gives the frames time to arrive before the job is let go on. */
        void settle() throws InterruptedException {
            Thread.sleep(1000);
        }

        @Override
        public void close() {
            aeron.close();
            driver.close();
        }
    }

    private static byte[] frame(int type, int source, byte[] body) {
        final UnsafeBuffer b = new UnsafeBuffer(new byte[8 + body.length]);
        b.putInt(0, type, ByteOrder.LITTLE_ENDIAN);
        b.putInt(4, source, ByteOrder.LITTLE_ENDIAN);
        b.putBytes(8, body);
        return b.byteArray();
    }

    /** A whole message's first frame: context, tag, datatype OBJECT, the element count and its bytes. */
    private static byte[] first(int source, int context, int tag, byte[] payload, int elements) {
        final UnsafeBuffer b = new UnsafeBuffer(new byte[36 + payload.length]);
        b.putInt(0, FIRST, ByteOrder.LITTLE_ENDIAN);
        b.putInt(4, source, ByteOrder.LITTLE_ENDIAN);
        b.putInt(8, context, ByteOrder.LITTLE_ENDIAN);
        b.putInt(12, tag, ByteOrder.LITTLE_ENDIAN);
        b.putInt(16, mpi.Datatype.Base.OBJECT.ordinal(), ByteOrder.LITTLE_ENDIAN);
        b.putInt(20, elements, ByteOrder.LITTLE_ENDIAN);
        b.putInt(24, payload.length, ByteOrder.LITTLE_ENDIAN);
        b.putBytes(36, payload);
        return b.byteArray();
    }

    /** 44 bytes announcing a 2 GB byte message. */
    private static byte[] hugeFirst(int source) {
        final UnsafeBuffer b = new UnsafeBuffer(new byte[44]);
        b.putInt(0, FIRST, ByteOrder.LITTLE_ENDIAN);
        b.putInt(4, source, ByteOrder.LITTLE_ENDIAN);
        b.putInt(12, 1, ByteOrder.LITTLE_ENDIAN);
        b.putInt(16, mpi.Datatype.Base.BYTE.ordinal(), ByteOrder.LITTLE_ENDIAN);
        b.putInt(20, Integer.MAX_VALUE, ByteOrder.LITTLE_ENDIAN);
        b.putInt(24, Integer.MAX_VALUE, ByteOrder.LITTLE_ENDIAN);
        return b.byteArray();
    }

    private static byte[] serialised(Object o) throws IOException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        return bytes.toByteArray();
    }

    // ---- what an attacker (or a check) can see of the machine -------------------------------------------

    /** The rank JVMs a launcher started (its children running RankMain). */
    private static List<ProcessHandle> rankProcesses(ProcessHandle launcher) {
        return launcher.children().filter(p -> p.info().arguments().map(a -> List.of(a).contains(
                RankMain.class.getName())).orElse(false)).toList();
    }

    private static Set<Integer> waitForRankPorts(ProcessHandle launcher, int ranks) throws InterruptedException {
        final long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < end) {
            final List<ProcessHandle> children = rankProcesses(launcher);
            final Set<Integer> ports = new HashSet<>();
            int with = 0;
            for (ProcessHandle c : children) {
                final Set<Integer> p = udpPorts(c.pid());
                if (!p.isEmpty()) {
                    with++;
                }
                ports.addAll(p);
            }
            if (with == ranks) {
                return ports;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the ranks never opened their UDP endpoints");
    }

    /** UDP ports a process has bound (as {@code ss -ulnp} shows them): its sockets' inodes in /proc/net/udp. */
    private static Set<Integer> udpPorts(long pid) {
        final Set<String> inodes = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc", String.valueOf(pid), "fd"))) {
            fds.forEach(fd -> {
                try {
                    final String link = Files.readSymbolicLink(fd).toString();
                    if (link.startsWith("socket:[")) {
                        inodes.add(link.substring(8, link.length() - 1));
                    }
                } catch (IOException ignored) {
                    // closed meanwhile
                }
            });
            final Set<Integer> ports = new HashSet<>();
            for (String line : Files.readAllLines(Path.of("/proc/net/udp"))) {
                final String[] f = line.trim().split("\\s+");
                if (f.length > 9 && inodes.contains(f[9])) {
                    ports.add(Integer.parseInt(f[1].substring(f[1].indexOf(':') + 1), 16));
                }
            }
            return ports;
        } catch (IOException e) {
            return Set.of();
        }
    }

    private static List<Path> aeronDirs(long pid) {
        try (Stream<Path> dirs = Files.list(Drivers.baseDirectory().toPath())) {
            return dirs.filter(d -> d.getFileName().toString().startsWith("bamboo-aeron-" + pid + "-")).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static long logBuffers(long pid) {
        long n = 0;
        for (Path d : aeronDirs(pid)) {
            try (Stream<Path> files = Files.walk(d)) {
                n += files.filter(f -> f.toString().endsWith(".logbuffer")).count();
            } catch (IOException | java.io.UncheckedIOException ignored) {
                // changing under us
            }
        }
        return n;
    }

    private static boolean ownerOnly(long pid) {
        try {
            assertOwnerOnly(pid);
            return true;
        } catch (AssertionError e) {
            return false;
        }
    }

    /** Every Aeron directory of {@code pid} is 0700 and everything in it 0700 (directories) or 0600. */
    private static void assertOwnerOnly(long pid) {
        final List<Path> dirs = aeronDirs(pid);
        assertFalse(dirs.isEmpty(), "no Aeron directory of process " + pid);
        for (Path d : dirs) {
            try (Stream<Path> files = Files.walk(d)) {
                for (Path f : files.toList()) {
                    final String mode = PosixFilePermissions.toString(Files.getPosixFilePermissions(f));
                    if (f.equals(d) || Files.isDirectory(f)) {
                        assertEquals("rwx------", mode, f.toString());
                    } else if (!f.getFileName().toString().endsWith(".logbuffer") || Files.size(f) > 0) {
                        assertEquals("rw-------", mode, f.toString());
                    }
                }
            } catch (IOException | java.io.UncheckedIOException e) {
                throw new AssertionError("cannot walk " + d + ": " + e);
            }
        }
    }

    private interface Check {
        boolean ok() throws Exception;
    }

    private static void waitFor(Check c, int seconds) throws Exception {
        final long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!c.ok()) {
            if (System.nanoTime() > end) {
                return;
            }
            Thread.sleep(20);
        }
    }

    private static Process startRank(Map<String, String> env, String main, String... args) throws IOException {
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
