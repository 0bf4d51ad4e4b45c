package bamboo.shim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two "hosts" as network namespaces on a bridge (veth pairs), one with a netem delay: ranks placed by a
 * hostfile talk UDP across them. Needs root and {@code ip netns}; skipped with the reason otherwise.
 */
class NetnsTest {
    private static final String HALO = "bamboo.shim.launch.programs.Halo";
    private final String id = String.valueOf(ProcessHandle.current().pid() % 100_000);
    private final String bridge = "bbr" + id;
    private final List<String> namespaces = new ArrayList<>();
    /** A subnet of our own, so that test runs of several worktrees at once do not route into each other. */
    private final String net = "10.77." + (20 + ProcessHandle.current().pid() % 200) + ".";
    private FileChannel lockFile;
    private FileLock lock;

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void haloAcrossTwoNamespacesMatchesTheThreadsDevice(@TempDir Path dir) throws Exception {
        final String why = setUp();
        assumeTrue(why == null, () -> "network namespaces unavailable, test skipped: " + why);
        final Path hosts = dir.resolve("hosts");
        Files.writeString(hosts, net + "2 slots=1 exec=ip netns exec " + namespaces.get(0) + "\n"
                + net + "3 slots=1 exec=ip netns exec " + namespaces.get(1) + "\n");
        final Jobs.Run aeron = Jobs.aeron(ProcessConfig.of(2).withHostfile(hosts).withBootstrapHost(net + "1"),
                HALO, "40", "20");
        assertEquals(0, aeron.exit(), aeron.err());
        final Jobs.Run threads = Jobs.threads(2, HALO, "40", "20");
        assertEquals(threads.out(), aeron.out());
        assertTrue(aeron.out().startsWith("halo checksum "), aeron.out());
    }

    /** Builds bridge, namespaces and veth pairs; returns why it cannot, or null. */
    private String setUp() {
        if (!"root".equals(System.getProperty("user.name"))) {
            return "not running as root";
        }
        try {
            // one namespace test at a time on this machine (other worktrees may run theirs)
            lockFile = FileChannel.open(Path.of(System.getProperty("java.io.tmpdir"), "bamboo-netns-test.lock"),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            lock = lockFile.lock();
            run("ip", "link", "add", bridge, "type", "bridge");
            run("ip", "addr", "add", net + "1/24", "dev", bridge);
            run("ip", "link", "set", bridge, "up");
            for (int h = 1; h <= 2; h++) {
                final String ns = "bamboo-h" + h + "-" + id;
                run("ip", "netns", "add", ns);
                namespaces.add(ns);
                final String veth = "bv" + h + "-" + id;
                run("ip", "link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", ns);
                run("ip", "link", "set", veth, "master", bridge, "up");
                run("ip", "-n", ns, "addr", "add", net + (h + 1) + "/24", "dev", "eth0");
                run("ip", "-n", ns, "link", "set", "eth0", "up");
                run("ip", "-n", ns, "link", "set", "lo", "up");
            }
        } catch (IOException e) {
            return e.getMessage();
        }
        try {
            run("ip", "netns", "exec", namespaces.get(0), "tc", "qdisc", "add", "dev", "eth0", "root", "netem", "delay",
                    "2ms");
        } catch (IOException e) {
            System.err.println("NetnsTest: no netem delay (" + e.getMessage() + "); running without");
        }
        return null;
    }

    @AfterEach
    void tearDown() {
        for (String ns : namespaces) {
            quietly("ip", "netns", "del", ns);
        }
        quietly("ip", "link", "del", bridge);
        try {
            if (lock != null) {
                lock.release();
            }
            if (lockFile != null) {
                lockFile.close();
            }
        } catch (IOException ignored) {
            // released with the JVM anyway
        }
    }

    private static void run(String... cmd) throws IOException {
        final Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(20, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException("'" + String.join(" ", cmd) + "' failed: " + out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        } finally {
            p.destroyForcibly();
        }
    }

    private static void quietly(String... cmd) {
        try {
            run(cmd);
        } catch (IOException ignored) {
            // best effort
        }
    }
}
