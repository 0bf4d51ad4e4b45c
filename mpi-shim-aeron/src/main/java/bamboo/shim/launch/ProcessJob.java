package bamboo.shim.launch;

import bamboo.shim.aeron.Drivers;
import bamboo.shim.aeron.JobKey;
import io.aeron.Aeron;
import io.aeron.driver.MediaDriver;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.agrona.DirectBuffer;

/**
 * Runs a program as N processes of one rank each over the aeron device (what {@code ./bamboo run
 * --device aeron --np N} does):
 *
 * <pre>{@code
 * int exit = ProcessJob.run(ProcessConfig.of(4), List.of(Path.of("classes")), "demo.Ring", List.of("10"));
 * }</pre>
 *
 * Locally the launcher embeds one media driver that every rank shares (aeron:ipc); with a hostfile each
 * rank embeds its own and ranks talk UDP, finding each other through the launcher's bootstrap server.
 * Returns when every rank has ended: 0 when all succeeded, else the exit code of the first rank that
 * failed (1 for an exception or an abort, 3 for a deadlock, the code given to {@code Abort}, 128+signal
 * for a killed process), or 2 when the job could not start. When a rank fails the others are given a moment to stop
 * by themselves and are then killed; the ranks die with the launcher (shutdown hook) and watch it.
 */
public final class ProcessJob {
    /** Exit code when the job could not start. */
    public static final int SETUP = 2;
    private static final long GRACE_MILLIS = 3000;
    private static final long KILL_MILLIS = 2000;
    private static final long RESTRICT_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

    /** The flags Agrona and Aeron need in every JVM that runs them. */
    public static final List<String> JVM_FLAGS = List.of(
            "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens", "java.base/java.nio=ALL-UNNAMED",
            "-Xss8m");

    private ProcessJob() {
    }

    /**
     * Runs {@code mainClass.main(args)} in {@code config.np()} JVMs.
     *
     * @param classpath the program's classes and jars (the shim and Aeron are added)
     * @return the job's exit code (see the class comment)
     */
    public static int run(ProcessConfig config, List<Path> classpath, String mainClass, List<String> args) {
        if (mainClass == null || mainClass.isBlank()) {
            config.err().println("bamboo: no main class given");
            return SETUP;
        }
        final Hostfile.Host[] placement;
        try {
            placement = config.hostfile() == null ? null : Hostfile.read(config.hostfile()).place(config.np());
        } catch (IOException e) {
            config.err().println("bamboo: cannot read the hostfile " + config.hostfile() + ": " + e.getMessage());
            return SETUP;
        } catch (IllegalArgumentException e) {
            config.err().println("bamboo: " + e.getMessage());
            return SETUP;
        }
        try (Launch launch = new Launch(config, placement)) {
            return launch.run(classpath == null ? List.of() : classpath, mainClass, args == null ? List.of() : args);
        }
    }

    /** The state of one job: driver or bootstrap server, children, output pumps. */
    private static final class Launch implements AutoCloseable {
        private final ProcessConfig config;
        private final Hostfile.Host[] placement;
        private final Process[] children;
        private final List<OutputPump> pumps = new ArrayList<>();
        private Drivers.Embedded driver;
        private String driverDir;
        private Bootstrap.Server server;
        /** The job's secret: in each rank's environment, or on its standard input across an exec= prefix. */
        private final JobKey key = JobKey.generate();
        private Thread hook;

        Launch(ProcessConfig config, Hostfile.Host[] placement) {
            this.config = config;
            this.placement = placement;
            this.children = new Process[config.np()];
        }

        int run(List<Path> classpath, String mainClass, List<String> args) {
            final Map<String, String> common = new LinkedHashMap<>(config.settings().toEnvironment());
            common.put(RankEnv.SIZE, String.valueOf(config.np()));
            try {
                if (placement == null) {
                    String dir = config.aeronDir();
                    if (dir == null) {
                        dir = Drivers.freshDirectory("launcher");
                        driver = Drivers.launch(dir, config.settings().termLength());
                        driverDir = dir;
                    }
                    common.put(RankEnv.AERON_DIR, dir);
                } else {
                    // Listen only where the hosts reach us (loopback when they all are local), never on
                    // every interface.
                    final String host = bootstrapHost();
                    server = Bootstrap.serve(new InetSocketAddress(InetAddress.getByName(host), 0), config.np(),
                            config.settings().startTimeoutMillis(), key);
                    common.put(RankEnv.BOOTSTRAP, host + ":" + server.port());
                    common.put(RankEnv.BOOTSTRAP_EXTERNAL, "1");
                }
            } catch (IOException | RuntimeException e) {
                config.err().println("bamboo: cannot start the aeron device: " + e.getMessage());
                return SETUP;
            }
            hook = new Thread(this::killAll, "bamboo-launcher-cleanup");
            Runtime.getRuntime().addShutdownHook(hook);
            final String cp = classpath(classpath);
            for (int r = 0; r < children.length; r++) {
                try {
                    children[r] = start(r, cp, common, mainClass, args);
                } catch (IOException e) {
                    config.err().println("bamboo: cannot start rank " + r + ": " + e.getMessage());
                    killAll();
                    return SETUP;
                }
            }
            return await();
        }

        private String bootstrapHost() throws UnknownHostException {
            if (config.bootstrapHost() != null) {
                return config.bootstrapHost();
            }
            final Hostfile hosts = new Hostfile(List.of(placement));
            if (hosts.allLoopback()) {
                return "127.0.0.1";
            }
            // The address of our interface on the route to the first remote host: what that host can reach
            // (the host name's address may be a loopback alias or on another network).
            for (Hostfile.Host h : placement) {
                final InetAddress a = InetAddress.getByName(h.address());
                if (!a.isLoopbackAddress()) {
                    final InetAddress mine = Bootstrap.localAddressTowards(new InetSocketAddress(a, 9));
                    if (!mine.isLoopbackAddress()) {
                        return mine.getHostAddress();
                    }
                }
            }
            return InetAddress.getLocalHost().getHostAddress();
        }

        private Process start(int rank, String cp, Map<String, String> common, String mainClass, List<String> args)
                throws IOException {
            final Map<String, String> env = new LinkedHashMap<>(common);
            env.put(RankEnv.RANK, String.valueOf(rank));
            final List<String> exec = placement == null ? List.of() : placement[rank].exec();
            if (placement != null) {
                env.put(RankEnv.HOST, placement[rank].address());
            }
            final List<String> cmd = new ArrayList<>(exec);
            if (!exec.isEmpty()) {
                cmd.add("env"); // the environment must cross ssh and the like
                env.forEach((k, v) -> cmd.add(k + "=" + v));
                cmd.add(JobKey.ENV + "=-"); // the key itself goes on standard input: a command line is public
            } else {
                env.put(JobKey.ENV, key.hex()); // a process's environment is readable by its owner only
            }
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.addAll(JVM_FLAGS);
            cmd.addAll(config.jvmOptions());
            cmd.add("-cp");
            cmd.add(cp);
            cmd.add(RankMain.class.getName());
            cmd.add(mainClass);
            cmd.addAll(args);
            final ProcessBuilder pb = new ProcessBuilder(cmd);
            pb.environment().putAll(env);
            final Process p = pb.start();
            if (!exec.isEmpty()) {
                p.getOutputStream().write((key.hex() + "\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            }
            p.getOutputStream().close();
            final String prefix = config.prefixOutput() ? "[" + rank + "] " : "";
            pumps.add(new OutputPump(p.getInputStream(), config.out(), prefix, "bamboo-out-" + rank));
            pumps.add(new OutputPump(p.getErrorStream(), config.err(), prefix, "bamboo-err-" + rank));
            pumps.get(pumps.size() - 2).start();
            pumps.get(pumps.size() - 1).start();
            return p;
        }

        /** Waits for every rank; after the first failure gives the rest a grace period, then kills them. */
        private int await() {
            final boolean[] ended = new boolean[children.length];
            int left = children.length;
            int result = 0;
            long failedAt = 0;
            int failedRank = -1;
            boolean terminated = false;
            long restricted = 0;
            while (left > 0) {
                for (int r = 0; r < children.length; r++) {
                    if (!ended[r] && !children[r].isAlive()) {
                        ended[r] = true;
                        left--;
                        final int code = children[r].exitValue();
                        if (code != 0 && result == 0) {
                            result = code;
                            failedRank = r;
                            failedAt = System.nanoTime();
                            // A killed rank said nothing: say it now. A rank that exited with a code has said
                            // why itself, and its peers usually end on their own (the task-graph runtime's
                            // nodes all exit with the graph's code): speak only if they do not (below).
                            if (left > 0 && signalled(code)) {
                                config.err().println("bamboo: rank " + r + " " + describe(code)
                                        + "; stopping the other ranks");
                            }
                        }
                    }
                }
                if (failedAt != 0 && left > 0) {
                    final long since = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - failedAt);
                    if (since > GRACE_MILLIS + KILL_MILLIS) {
                        for (Process p : children) {
                            p.destroyForcibly();
                        }
                    } else if (since > GRACE_MILLIS && !terminated) {
                        terminated = true;
                        if (!signalled(result)) {
                            config.err().println("bamboo: rank " + failedRank + " " + describe(result) + " and "
                                    + stillRunning(ended) + " still running " + GRACE_MILLIS / 1000
                                    + " s later; stopping " + (left == 1 ? "it" : "them"));
                        }
                        for (Process p : children) {
                            p.destroy();
                        }
                    }
                }
                if (left > 0) {
                    sleep(20);
                }
                if (driverDir != null && System.nanoTime() - restricted > RESTRICT_NANOS) {
                    restricted = System.nanoTime();
                    Drivers.restrict(driverDir); // log buffers the ranks' publications made: 0600
                }
            }
            for (OutputPump pump : pumps) {
                try {
                    pump.join(2000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (result == 0 && server != null && server.error() != null) {
                config.err().println("bamboo: " + server.error());
            }
            return result;
        }

        private static boolean signalled(int code) {
            return code > 128 && code < 160;
        }

        private static String stillRunning(boolean[] ended) {
            final List<Integer> ranks = new ArrayList<>();
            for (int r = 0; r < ended.length; r++) {
                if (!ended[r]) {
                    ranks.add(r);
                }
            }
            return (ranks.size() == 1 ? "rank " : "ranks ") + ranks.toString().replaceAll("[\\[\\]]", "");
        }

        private static String describe(int code) {
            if (code == RankMain.DEADLOCK) {
                return "stopped on a deadlock (exit code " + code + ")";
            }
            return code > 128 && code < 160 ? "was killed by signal " + (code - 128) : "failed (exit code " + code + ")";
        }

        private void killAll() {
            for (Process p : children) {
                if (p != null && p.isAlive()) {
                    p.destroyForcibly();
                }
            }
        }

        @Override
        public void close() {
            killAll();
            if (hook != null) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException ignored) {
                    // already shutting down: the hook runs anyway
                }
            }
            if (server != null) {
                server.close();
            }
            if (driver != null) {
                driver.close();
            }
        }
    }

    /** The rank JVMs' class path: the program's, then the shim, this device, Aeron and Agrona. */
    static String classpath(List<Path> user) {
        final Set<String> entries = new LinkedHashSet<>();
        for (Path p : user) {
            entries.add(p.toAbsolutePath().toString());
        }
        for (Class<?> c : List.of(mpi.MPI.class, ProcessJob.class, Aeron.class, MediaDriver.class, DirectBuffer.class)) {
            entries.add(location(c));
        }
        return String.join(File.pathSeparator, entries);
    }

    private static String location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("cannot find the jar of " + c.getName(), e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
