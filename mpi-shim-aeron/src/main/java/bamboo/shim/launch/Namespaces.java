package bamboo.shim.launch;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Emulated hosts on one machine: network namespaces {@code bamboo-h1-ID ...} on a bridge (veth pairs),
 * each with its own address, optionally a netem delay or a rate limit on every host's link, and a hostfile that places
 * ranks in them ({@code exec=ip netns exec ...}). Needs root and iproute2; {@link #unavailable()} says
 * why not. One set at a time per machine (a lock file), so test runs of several checkouts never mix.
 * Used by the namespace tests and, through {@link #main}, to measure under a real network delay:
 *
 * <pre>
 * java -cp translator/cli/target/bamboo-cli.jar bamboo.shim.launch.Namespaces --hosts 2 --delay 1ms \
 *      --hostfile /tmp/hosts -- ./bamboo run --device aeron --hostfile /tmp/hosts --np 2 ...
 * </pre>
 */
public final class Namespaces implements AutoCloseable {
    private final String id = String.valueOf(ProcessHandle.current().pid() % 100_000);
    private final String bridge = "bbr" + id;
    /** A subnet of our own per process. */
    private final String net = "10.77." + (20 + ProcessHandle.current().pid() % 200) + ".";
    private final List<String> names = new ArrayList<>();
    /** Why the requested delay or rate could not be applied (e.g. a kernel without netem), or null. */
    private String shapingProblem;
    private FileChannel lockFile;
    private FileLock lock;

    private Namespaces() {
    }

    /** Why namespaces cannot be made here, or null when they can (root, and the ip command). */
    public static String unavailable() {
        if (!"root".equals(System.getProperty("user.name"))) {
            return "not running as root";
        }
        try {
            run("ip", "netns", "list");
            return null;
        } catch (IOException e) {
            return e.getMessage();
        }
    }

    /**
     * Creates {@code hosts} namespaces; {@code delay} (a tc time such as {@code 1ms}, or null) is added by
     * netem to what each host sends (egress of its link), so every message between two hosts takes that
     * much longer one way (a round trip twice it); {@code rate} (a tc rate such as {@code 100mbit}, or
     * null) limits what each host sends (netem's rate with a delay, else a token bucket, tbf). Shaping the
     * kernel cannot do is not an error here: {@link #shapingProblem()} says what was left out.
     *
     * @throws IOException when a step fails (what is made so far is removed)
     */
    public static Namespaces create(int hosts, String delay, String rate) throws IOException {
        final Namespaces n = new Namespaces();
        try {
            n.build(hosts, delay, rate);
            return n;
        } catch (IOException | RuntimeException e) {
            n.close();
            throw e;
        }
    }

    private void build(int hosts, String delay, String rate) throws IOException {
        lockFile = FileChannel.open(Path.of(System.getProperty("java.io.tmpdir"), "bamboo-netns-test.lock"),
                StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        lock = lockFile.lock();
        run("ip", "link", "add", bridge, "type", "bridge");
        run("ip", "addr", "add", net + "1/24", "dev", bridge);
        run("ip", "link", "set", bridge, "up");
        for (int h = 1; h <= hosts; h++) {
            final String ns = "bamboo-h" + h + "-" + id;
            run("ip", "netns", "add", ns);
            names.add(ns);
            final String veth = "bv" + h + "-" + id;
            run("ip", "link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", ns);
            run("ip", "link", "set", veth, "master", bridge, "up");
            run("ip", "-n", ns, "addr", "add", address(h - 1) + "/24", "dev", "eth0");
            run("ip", "-n", ns, "link", "set", "eth0", "up");
            run("ip", "-n", ns, "link", "set", "lo", "up");
            shape(ns, delay, rate);
        }
    }

    private void shape(String ns, String delay, String rate) {
        final List<String> tc = new ArrayList<>(List.of("ip", "netns", "exec", ns, "tc", "qdisc", "add", "dev", "eth0",
                "root"));
        if (delay != null) {
            tc.addAll(List.of("netem", "delay", delay));
            if (rate != null) {
                tc.addAll(List.of("rate", rate));
            }
        } else if (rate != null) {
            tc.addAll(List.of("tbf", "rate", rate, "burst", "32kbit", "latency", "100ms"));
        } else {
            return;
        }
        try {
            run(tc.toArray(new String[0]));
        } catch (IOException e) {
            shapingProblem = e.getMessage() + (e.getMessage().contains("qdisc kind is unknown")
                    ? " (this kernel has no " + (delay != null ? "sch_netem" : "sch_tbf") + ")" : "");
        }
    }

    /** Why the delay or rate asked for is not applied, or null when it is (or none was asked for). */
    public String shapingProblem() {
        return shapingProblem;
    }

    /** The address of host {@code h} (0-based). */
    public String address(int h) {
        return net + (h + 2);
    }

    /** This machine's address on the bridge: where the hosts reach the launcher. */
    public String bridgeAddress() {
        return net + "1";
    }

    public List<String> names() {
        return List.copyOf(names);
    }

    /** Writes a hostfile with {@code slots} ranks per host, each started inside its namespace. */
    public Path writeHostfile(Path file, int slots) throws IOException {
        final StringBuilder b = new StringBuilder();
        for (int h = 0; h < names.size(); h++) {
            b.append(address(h)).append(" slots=").append(slots).append(" exec=ip netns exec ").append(names.get(h))
                    .append('\n');
        }
        Files.writeString(file, b.toString());
        return file;
    }

    @Override
    public void close() {
        for (String ns : names) {
            quietly("ip", "netns", "del", ns);
        }
        names.clear();
        quietly("ip", "link", "del", bridge);
        try {
            if (lock != null) {
                lock.release();
            }
            if (lockFile != null) {
                lockFile.close();
            }
        } catch (IOException ignored) {
            // released with the process anyway
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

    /**
     * {@code Namespaces --hosts N [--delay TIME] [--rate RATE] [--slots K] --hostfile FILE -- COMMAND...}:
     * makes the namespaces, writes the hostfile, runs the command (its output as-is) and removes
     * everything; exits with the command's exit code (2 on bad usage, or when the namespaces or the
     * shaping asked for cannot be made).
     */
    public static void main(String[] argv) throws IOException, InterruptedException {
        int hosts = 2;
        int slots = 1;
        String delay = null;
        String rate = null;
        Path hostfile = null;
        int i = 0;
        for (; i < argv.length && !argv[i].equals("--"); i += 2) {
            if (i + 1 >= argv.length) {
                usage("option " + argv[i] + " needs a value");
            }
            switch (argv[i]) {
                case "--hosts" -> hosts = Integer.parseInt(argv[i + 1]);
                case "--slots" -> slots = Integer.parseInt(argv[i + 1]);
                case "--delay" -> delay = argv[i + 1];
                case "--rate" -> rate = argv[i + 1];
                case "--hostfile" -> hostfile = Path.of(argv[i + 1]);
                default -> usage("unknown option " + argv[i]);
            }
        }
        if (hostfile == null || i + 1 >= argv.length) {
            usage("give --hostfile FILE and a command after --");
        }
        final String why = unavailable();
        if (why != null) {
            System.err.println("Namespaces: cannot make network namespaces here: " + why);
            System.exit(2);
        }
        final int code;
        try (Namespaces n = create(hosts, delay, rate)) {
            if (n.shapingProblem() != null) {
                System.err.println("Namespaces: " + n.shapingProblem());
                System.exit(2);
            }
            n.writeHostfile(hostfile, slots);
            final Process p = new ProcessBuilder(Arrays.asList(argv).subList(i + 1, argv.length)).inheritIO().start();
            code = p.waitFor();
        }
        System.exit(code);
    }

    private static void usage(String why) {
        System.err.println("Namespaces: " + why);
        System.err.println("usage: Namespaces --hosts N [--delay TIME] [--rate RATE] [--slots K] --hostfile FILE -- "
                + "COMMAND...");
        System.exit(2);
    }
}
