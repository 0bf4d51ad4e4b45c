package bamboo.bench.osu;

import bamboo.cli.launch.Units;
import bamboo.cli.launch.UserError;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bamboo bench osu}: one OSU-style program ({@link OsuProgram}; {@code osu.c} for C) on every
 * device, in rounds that take the devices in turn (so all see the same machine load), medians per device
 * and message size in one table, every round's figures in a CSV.
 */
@Command(name = "osu", mixinStandardHelpOptions = true,
        description = {"OSU-style latency (blocking ping-pong, one way) and streaming",
                "bandwidth (windows of Isend, as osu_bw) over message sizes, for 2 ranks",
                "on every device: threads (one JVM), aeron (a JVM per rank: IPC through",
                "shared memory, and UDP on loopback), mpi (the native device on each MPI",
                "found, with a JDK 22+), and the same program in C built with each MPI's",
                "mpicc (Open MPI over shared memory and TCP loopback, MPICH). A device",
                "that cannot run says why in one line. Rounds take the devices in turn;",
                "the table has the medians, the ratios to C on the same path and, with",
                "--baseline, to an older build; --csv gets every round's figures."})
public final class OsuBench implements Callable<Integer> {
    static final String DEFAULT_SIZES = "1,8,64,512,4KiB,32KiB,256KiB,1MiB";
    private static final long RUN_TIMEOUT_MINUTES = 20;
    private static final String TEMURIN_25 = "/usr/lib/jvm/temurin-25-jdk-amd64";

    @Option(names = "--device", split = ",", paramLabel = "DEVICE",
            description = "threads, aeron, mpi; comma-separated or repeated (default: all).")
    List<String> devices = new ArrayList<>(List.of("threads", "aeron", "mpi"));

    @Option(names = "--sizes", split = ",", paramLabel = "SIZE",
            description = "Message sizes, e.g. 8,4KiB,1MiB (default: " + DEFAULT_SIZES + ").")
    List<String> sizes = new ArrayList<>(List.of(DEFAULT_SIZES.split(",")));

    @Option(names = "--rounds", paramLabel = "N", description = "Runs of every device, taken in turn (default: ${DEFAULT-VALUE}).")
    int rounds = 3;

    @Option(names = "--quick", description = "Fewer ping-pongs and windows per size (about 64 MiB streamed per size instead of 256).")
    boolean quick;

    @Option(names = "--csv", paramLabel = "FILE", description = "Where every round's figures go (default: ${DEFAULT-VALUE}).")
    Path csv = Path.of("osu.csv");

    @Option(names = "--baseline", paramLabel = "CLASSPATH",
            description = "An older build of mpi-shim and mpi-shim-aeron (class directories or jars): adds rows aeron-base and aeron-udp-base, run in the same rounds.")
    String baseline;

    @Option(names = "--term-length", paramLabel = "SIZE", description = "Aeron term buffer length (default: ${DEFAULT-VALUE}).")
    String termLength = "1MiB";

    @Option(names = "--mpi-java-home", paramLabel = "DIR",
            description = "JDK 22+ for the mpi device (default: BAMBOO_NATIVE_JAVA_HOME, this JDK if 22+, else " + TEMURIN_25 + ").")
    Path mpiJavaHome;

    @Option(names = "--no-reference", negatable = false, description = "Leave out the C rows.")
    boolean noReference;

    private final PrintStream out;
    private final PrintStream err;

    public OsuBench() {
        this(System.out, System.err);
    }

    OsuBench(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /** A way to run the program: a name, its command line, extra environment, and the reference row. */
    record Device(String name, List<String> command, Map<String, String> env, String reference) {
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        final List<Integer> bytes = parseSizes(sizes);
        final int term;
        try {
            term = Math.toIntExact(Units.parseBytes(termLength));
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new UserError("--term-length: " + e.getMessage());
        }
        if (rounds < 1) {
            throw new UserError("--rounds must be at least 1 (got " + rounds + ")");
        }
        for (String d : devices) {
            if (!List.of("threads", "aeron", "mpi").contains(d)) {
                throw new UserError("--device: unknown device '" + d + "' (threads, aeron or mpi)");
            }
        }
        final String sizeArg = String.join(",", bytes.stream().map(String::valueOf).toList());
        final String mode = quick ? "quick" : "full";
        final List<Device> rows = devices(term, sizeArg, mode);
        if (rows.isEmpty()) {
            throw new UserError("no device can run here (the lines above say why)");
        }
        final double loadStart = loadAverage();
        out.printf(Locale.ROOT, "# osu bench: 2 ranks, %s, %d rounds, JDK %s, %d cores, load average %.2f at start%n",
                mode, rounds, Runtime.version(), Runtime.getRuntime().availableProcessors(), loadStart);
        final Map<String, Results> results = new LinkedHashMap<>();
        for (Device d : rows) {
            results.put(d.name(), new Results(d.name(), d.reference(), bytes));
        }
        boolean failed = false;
        for (int r = 1; r <= rounds; r++) {
            for (Device d : rows) {
                err.printf(Locale.ROOT, "round %d of %d: %s (load %.1f)%n", r, rounds, d.name(), loadAverage());
                final String output = run(d);
                if (output == null || !results.get(d.name()).add(output)) {
                    failed = true;
                }
            }
        }
        final double loadEnd = loadAverage();
        out.printf(Locale.ROOT, "# load average %.2f at the end%n", loadEnd);
        final OsuTable table = new OsuTable(new ArrayList<>(results.values()));
        table.print(out);
        final Path parent = csv.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(csv, table.csv(loadStart, loadEnd));
        out.println("# CSV: " + csv);
        table.metrics(out);
        return failed ? 1 : 0;
    }

    /** Sizes in bytes, in the order given; each from 1 byte to 64 MiB. */
    static List<Integer> parseSizes(List<String> sizes) {
        final List<Integer> bytes = new ArrayList<>();
        for (String s : sizes) {
            final long b;
            try {
                b = Units.parseBytes(s.trim());
            } catch (IllegalArgumentException e) {
                throw new UserError("--sizes: " + e.getMessage());
            }
            if (b < 1 || b > 64 << 20) {
                throw new UserError("--sizes: " + s + " is not from 1 byte to 64MiB");
            }
            bytes.add((int) b);
        }
        return bytes;
    }

    private List<Device> devices(int term, String sizeArg, String mode) throws IOException, InterruptedException {
        final List<Device> rows = new ArrayList<>();
        final String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        final String cp = System.getProperty("java.class.path");
        final boolean openMpi = onPath("mpirun.openmpi");
        final String shmRef = openMpi ? "c-openmpi" : null;
        if (devices.contains("threads")) {
            rows.add(jvm("threads", java, cp, "threads", term, sizeArg, mode, shmRef));
        }
        if (devices.contains("aeron")) {
            final String tcpRef = openMpi ? "c-openmpi-tcp" : null;
            if (baseline != null) {
                final String base = baseline + File.pathSeparator + cp;
                rows.add(jvm("aeron-base", java, base, "aeron", term, sizeArg, mode, shmRef));
                rows.add(jvm("aeron", java, cp, "aeron", term, sizeArg, mode, shmRef));
                rows.add(jvm("aeron-udp-base", java, base, "aeron-udp", term, sizeArg, mode, tcpRef));
                rows.add(jvm("aeron-udp", java, cp, "aeron-udp", term, sizeArg, mode, tcpRef));
            } else {
                rows.add(jvm("aeron", java, cp, "aeron", term, sizeArg, mode, shmRef));
                rows.add(jvm("aeron-udp", java, cp, "aeron-udp", term, sizeArg, mode, tcpRef));
            }
        }
        final List<Mpi> mpis = Mpi.found();
        if (mpis.isEmpty()) {
            err.println("mpi and C rows: skipped (no MPI launcher: mpirun.openmpi or mpiexec.mpich; scripts/install-mpi.sh)");
        }
        if (devices.contains("mpi") && !mpis.isEmpty()) {
            final String why = nativeMissing();
            if (why != null) {
                err.println("mpi: skipped (" + why + ")");
            } else {
                final String launcher = System.getProperty("bamboo.launcher");
                for (Mpi m : mpis) {
                    final List<String> command = new ArrayList<>(List.of(launcher, "run", "--device", "mpi", "--np", "2",
                            "--java-home", nativeJavaHome().toString(), "-cp", programClasses().toString(),
                            OsuProgram.class.getName(), sizeArg, mode));
                    rows.add(new Device("mpi-" + m.name(), command,
                            Map.of("BAMBOO_MPIRUN", m.launcher(), "BAMBOO_MPI_LIB", m.name()), "c-" + m.name()));
                }
            }
        }
        if (!noReference) {
            for (Mpi m : mpis) {
                if (!onPath(m.compiler())) {
                    err.println("c-" + m.name() + ": skipped (" + m.compiler() + " not installed)");
                    continue;
                }
                final Path binary = compile(m);
                if (binary == null) {
                    continue;
                }
                if (m.name().equals("openmpi")) {
                    rows.add(new Device("c-openmpi", m.command(binary, "self,vader", sizeArg, mode), Map.of(), null));
                    rows.add(new Device("c-openmpi-tcp", m.command(binary, "self,tcp", sizeArg, mode), Map.of(), null));
                } else {
                    rows.add(new Device("c-" + m.name(), m.command(binary, null, sizeArg, mode), Map.of(), null));
                }
            }
        }
        return rows;
    }

    private static Device jvm(String name, String java, String cp, String device, int term, String sizeArg, String mode,
                              String reference) {
        return new Device(name, List.of(java, "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
                "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
                "--add-opens", "java.base/java.nio=ALL-UNNAMED", "-XX:+UseSerialGC", "-cp", cp,
                OsuRunner.class.getName(), device, String.valueOf(term), sizeArg, mode), Map.of(), reference);
    }

    /** An MPI installation: its name (as {@code BAMBOO_MPI_LIB} knows it), launcher and compiler. */
    record Mpi(String name, String launcher, String compiler) {
        static List<Mpi> found() {
            final List<Mpi> all = new ArrayList<>();
            if (onPath("mpirun.openmpi")) {
                all.add(new Mpi("openmpi", "mpirun.openmpi", "mpicc.openmpi"));
            }
            if (onPath("mpiexec.mpich")) {
                all.add(new Mpi("mpich", "mpiexec.mpich", "mpicc.mpich"));
            }
            return all;
        }

        List<String> command(Path binary, String btl, String sizeArg, String mode) {
            final List<String> c = new ArrayList<>(List.of(launcher, "-n", "2"));
            if (name.equals("openmpi")) {
                c.add("--oversubscribe");
                c.addAll(List.of("--mca", "btl", btl));
            }
            c.addAll(List.of(binary.toString(), sizeArg, mode));
            return c;
        }
    }

    /** Builds osu.c with the MPI's compiler into a private directory under /tmp; null (said why) on failure. */
    private Path compile(Mpi m) throws IOException, InterruptedException {
        final Path dir = Path.of(System.getProperty("java.io.tmpdir"), "bamboo-osu-" + ProcessHandle.current().pid());
        if (!Files.isDirectory(dir)) {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            dir.toFile().deleteOnExit();
        }
        final Path source = dir.resolve("osu.c");
        try (InputStream in = OsuBench.class.getResourceAsStream("osu.c")) {
            Files.write(source, in.readAllBytes());
        }
        source.toFile().deleteOnExit();
        final Path binary = dir.resolve("osu-" + m.name());
        final Process p = new ProcessBuilder(m.compiler(), "-O2", "-o", binary.toString(), source.toString())
                .redirectErrorStream(true).start();
        final String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            err.println("c-" + m.name() + ": skipped (" + m.compiler() + " failed: " + log.lines().findFirst().orElse("") + ")");
            return null;
        }
        binary.toFile().deleteOnExit();
        return binary;
    }

    /** Why the native device cannot run here, or null. */
    private String nativeMissing() {
        if (System.getProperty("bamboo.launcher") == null) {
            return "it is started through ./bamboo, which this JVM was not";
        }
        final Path home = nativeJavaHome();
        final int feature = feature(home);
        if (feature < 22) {
            return "it needs a JDK 22+: " + home + (feature == 0 ? " is not a JDK" : " is JDK " + feature)
                    + "; --mpi-java-home DIR";
        }
        return null;
    }

    private Path nativeJavaHome() {
        if (mpiJavaHome != null) {
            return mpiJavaHome;
        }
        final String env = System.getenv("BAMBOO_NATIVE_JAVA_HOME");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        if (Runtime.version().feature() >= 22) {
            return Path.of(System.getProperty("java.home"));
        }
        return Path.of(TEMURIN_25);
    }

    /** The JDK's feature version from its {@code release} file, or 0. */
    static int feature(Path home) {
        try {
            for (String line : Files.readAllLines(home.resolve("release"))) {
                if (line.startsWith("JAVA_VERSION=")) {
                    final String v = line.substring(13).replace("\"", "");
                    return Integer.parseInt(v.split("[.+-]")[0]);
                }
            }
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }

    private static Path programClasses() {
        try {
            return Path.of(OsuProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static boolean onPath(String command) {
        final String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }

    /** Runs one device once; its standard output, or null (said why) when it failed. */
    private String run(Device d) throws IOException, InterruptedException {
        final ProcessBuilder pb = new ProcessBuilder(d.command()).redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().putAll(d.env());
        // Open MPI refuses root and more ranks than cores unless told; MPICH ignores these variables.
        pb.environment().putIfAbsent("OMPI_ALLOW_RUN_AS_ROOT", "1");
        pb.environment().putIfAbsent("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
        final Process p = pb.start();
        final byte[][] output = new byte[1][];
        final Thread reader = new Thread(() -> {
            try {
                output[0] = p.getInputStream().readAllBytes();
            } catch (IOException e) {
                output[0] = new byte[0];
            }
        });
        reader.start();
        if (!p.waitFor(RUN_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            err.println(d.name() + ": run stopped after " + RUN_TIMEOUT_MINUTES + " minutes");
            return null;
        }
        reader.join();
        final String text = new String(output[0], StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            err.println(d.name() + ": run failed (exit code " + p.exitValue() + ")");
            return null;
        }
        return text;
    }

    static double loadAverage() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
