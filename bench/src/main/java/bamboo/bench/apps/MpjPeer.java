package bamboo.bench.apps;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

/**
 * The peer of the issue: MPJ Express (Debian package {@code libmpj-java} 0.44) runs the {@code Basic}
 * form of an example, the same compiled classes our shim runs, on its multicore device, in a child JVM.
 *
 * <p>How the child is started, and why (see docs/benchmarks.md, "MPJ Express as a peer"):
 * <ul>
 *   <li>system class path: only MPJ Express's starter jars ({@link MpjExpress}) and {@link MpjChild};
 *       the examples' classes go to the starter as its class-path argument, so its per-rank
 *       {@code URLClassLoader}s load them together with {@code mpi.jar}; with {@code mpi.*} on the system
 *       class path every rank shares one {@code mpi.MPI} (all print the same rank, Barrier hangs);</li>
 *   <li>{@code mpi.MPI} with its {@code Wtime()} mended ({@link WtimeFix}) first on that class path:
 *       the examples time their loop with {@code MPI.Wtime()}, which in 0.44 has a resolution of one
 *       second;</li>
 *   <li>the same JDK as the benchmark, with its heap and {@code -XX} options; one untimed run of the
 *       program in the child before the timed one ({@link MpjChild}), as our runs get a warm-up.</li>
 * </ul>
 * The time is what the program itself prints ({@code Report.time}), the run counts only after its
 * verification line, exactly as for our runs. MPJ Express has no simulated interconnect: its row
 * compares with our side of the same plan (same classes, ranks and problem, latency 0, bandwidth
 * infinite).
 *
 * <p>Our side of the comparison runs alike: the row {@value #OURS_VARIANT} runs the same {@code Basic} on
 * our threads device in a fresh child JVM per run ({@link MicroChild}: the same JVM options, an untimed
 * run, then the timed one), so neither library profits from a JVM warmed by the benchmark's other rows
 * or suffers from its heap. The benchmark runs the two rows one after the other in every repeat, in
 * alternating order. The {@code nocomm} row (in the benchmark's JVM) stays the bound of the
 * communication-hidden figure; the peer's note gives its ratio too.
 */
public final class MpjPeer implements Runner {
    /** The variant name of the peer's rows. */
    public static final String VARIANT = "mpj-express";
    /** The variant name of our side of the comparison: Basic on our shim in a child JVM, as the peer. */
    public static final String OURS_VARIANT = "nocomm-child";
    /** A run that takes longer is ended and reported as failed (a rank that failed can hang the others). */
    static final long TIMEOUT_SECONDS = 600;

    private static final Pattern CHILD_FAILED = Pattern.compile("(?m)^FAILED: (.*)$");
    private static final Pattern EXCEPTION = Pattern.compile("(?m)^(?:Caused by: )?([\\w.$]+(?:Exception|Error)\\b.*)$");

    private final MpjExpress mpj;
    /** The programs the children run: the examples' classes and the bench's own (MicroOps, the child mains). */
    private final String examples;
    private final Path shim;
    private final String unusable;
    private final String oursUnusable;
    /** The CPU time of the last run's timed part, read from the child's {@link MpjChild#CPU} line. */
    private double lastCpu = Double.NaN;

    private MpjPeer(MpjExpress mpj, String examples, Path shim, String unusable, String oursUnusable) {
        this.mpj = mpj;
        this.examples = examples;
        this.shim = shim;
        this.unusable = unusable;
        this.oursUnusable = oursUnusable;
    }

    /** The peer for the examples' classes wherever this class was loaded from. */
    public static MpjPeer forExamples() {
        MpjExpress mpj = MpjExpress.locate();
        Path apps;
        Path bench;
        Path shim;
        try {
            apps = location(bamboo.examples.common.Reference.class);
            bench = location(MpjPeer.class);
            shim = location(bamboo.shim.job.ThreadsJob.class);
        } catch (URISyntaxException | RuntimeException e) {
            String why = "cannot tell where the examples' and the shim's classes are: " + e.getMessage();
            return new MpjPeer(mpj, null, null, why, why);
        }
        String why = mpj.problem();
        for (Path p : List.of(apps, bench)) {
            if (why == null && containsMpiPackage(p)) {
                why = p + " carries an mpi package of its own; MPJ Express must provide mpi.*";
            }
        }
        return new MpjPeer(mpj, apps + java.io.File.pathSeparator + bench, shim, why, null);
    }

    /** Where a class was loaded from (a classes folder or a jar). */
    static Path location(Class<?> c) throws URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** Why the peer cannot run here, or null. */
    public String skipReason() {
        return unusable;
    }

    /** Why our side in a child JVM cannot run here, or null (it needs no MPJ Express). */
    public String oursSkipReason() {
        return oursUnusable;
    }

    /** One line for the benchmark header. */
    public String status() {
        if (unusable != null) {
            return "peer MPJ Express: skipped: " + unusable;
        }
        return "peer MPJ Express " + mpj.version() + " (" + mpj.home() + "): multicore device in a child JVM, "
                + "Basic classes; row '" + VARIANT + "' compares with '" + OURS_VARIANT + "' (our shim in a child "
                + "JVM alike; no simulated interconnect)";
    }

    /** True for the rows of the comparison with the peer (its own and our side's): each run in a child
     *  JVM that warms itself up, no speed-up over basic, run by this class. */
    public static boolean isPeer(RunPlan plan) {
        return isPeerVariant(plan.variant()) || plan.variant().equals(OURS_VARIANT);
    }

    /** True for the peer's variant name. */
    public static boolean isPeerVariant(String variant) {
        return variant.equals(VARIANT);
    }

    /**
     * The note of a peer row: {@code ours/MPJ Express} as our {@value #OURS_VARIANT} median over the peer's
     * (below 1: our shim is faster; both in fresh child JVMs), with our in-benchmark {@code nocomm} ratio
     * beside it; without our child row, the {@code nocomm} ratio alone. Our child row's note says how it
     * runs. A row without figures shows its status.
     */
    public static String note(ResultTable table, Row row) {
        if (!row.ok()) {
            return row.status();
        }
        if (row.plan().variant().equals(OURS_VARIANT)) {
            return "our shim in a child JVM per run, as MPJ Express";
        }
        String app = row.plan().app().name();
        double child = table.medianOf(app, OURS_VARIANT);
        double ours = table.medianOf(app, "nocomm");
        if (!Double.isNaN(child)) {
            return String.format(Locale.ROOT, "ours/MPJ Express %.2fx (both in child JVMs: ours %.4f s)%s%s",
                    child / row.median(), child, spread(table.row(app, OURS_VARIANT), row), Double.isNaN(ours) ? ""
                            : String.format(Locale.ROOT, "; our nocomm in this JVM %.2fx", ours / row.median()));
        }
        if (Double.isNaN(ours)) {
            return "ours/MPJ Express: - (needs the " + OURS_VARIANT + " or nocomm row)";
        }
        return String.format(Locale.ROOT, "ours/MPJ Express %.2fx (our nocomm %.4f s vs MPJ Express multicore)",
                ours / row.median(), ours);
    }

    /**
     * How far the ratio can be trusted: {@code ; per pair 0.95x [0.81-1.12]} (repeat i of our child row over
     * repeat i of the peer's, which ran right next to it: median and min-max of those ratios), then
     * {@code , CPU 0.92x [0.85-1.01]} (the same for the child JVMs' CPU times) when both rows have them.
     * Empty with fewer than two pairs.
     */
    static String spread(Row ours, Row peer) {
        PairRatios wall = PairRatios.of(ours.times(), peer.times());
        if (wall.pairs() < 2) {
            return "";
        }
        PairRatios cpu = PairRatios.of(ours.cpuTimes(), peer.cpuTimes());
        return "; per pair " + wall.format() + (cpu.pairs() < 2 ? "" : ", CPU " + cpu.format());
    }

    @Override
    public double run(RunPlan plan, String[] argv) throws RunFailure {
        lastCpu = Double.NaN;
        String mainClass = plan.app().mainClass(plan.form());
        String out;
        double t;
        if (plan.variant().equals(OURS_VARIANT)) {
            if (oursUnusable != null) {
                throw new RunFailure(oursUnusable);
            }
            out = oursOutput(shim, plan.np(), mainClass, List.of(argv));
            t = timeOf("our shim in a child JVM", plan.app().name(), out);
        } else {
            out = output(plan.np(), mainClass, List.of(argv));
            t = timeOf(plan.app().name(), out);
        }
        lastCpu = cpuOf(out);
        return t;
    }

    /** The child's CPU time in its timed run, in seconds ({@link MpjChild#CPU}); NaN when it printed none. */
    @Override
    public double lastCpuSeconds() {
        return lastCpu;
    }

    /** The {@link MpjChild#CPU} figure after the timed run's marker, in seconds; NaN without one. */
    static double cpuOf(String output) {
        int at = output.indexOf(MpjChild.TIMED);
        int cpu = at < 0 ? -1 : output.indexOf(MpjChild.CPU, at);
        if (cpu < 0) {
            return Double.NaN;
        }
        int end = output.indexOf('\n', cpu);
        try {
            return Double.parseDouble(output.substring(cpu + MpjChild.CPU.length(),
                    end < 0 ? output.length() : end).trim()) / 1000;
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /**
     * Runs {@code mainClass} of the examples' classes with {@code np} ranks on the shim at {@code shimClasses}
     * (its classes folder or jar) in a child JVM ({@link MicroChild}: an untimed run, the
     * {@link MpjChild#TIMED} line, the timed run, as {@link MpjChild}; the same JVM options) and returns
     * everything the child printed.
     */
    String oursOutput(Path shimClasses, int np, String mainClass, List<String> argv) throws RunFailure {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions());
        cmd.addAll(shimProperties(ManagementFactory.getRuntimeMXBean().getInputArguments()));
        cmd.add("-cp");
        cmd.add(shimClasses + java.io.File.pathSeparator + examples);
        cmd.add(MicroChild.class.getName());
        cmd.add(Integer.toString(np));
        cmd.add(examples);
        cmd.add(mainClass);
        cmd.addAll(argv);
        Path dir = null;
        try {
            dir = Files.createTempDirectory("bamboo-child-");
            return runChild(new ProcessBuilder(cmd), dir, "our run in a child JVM", "the child JVM");
        } catch (IOException e) {
            throw new RunFailure("cannot start the child JVM: " + e.getMessage());
        } finally {
            deleteQuietly(dir);
        }
    }

    /**
     * Runs {@code mainClass} of the examples' classes with {@code np} ranks on MPJ Express's multicore device
     * in a child JVM ({@link MpjChild}: an untimed run, the {@link MpjChild#TIMED} line, the timed run) and
     * returns everything the child printed; also used by {@link MicroBench}.
     */
    String output(int np, String mainClass, List<String> argv) throws RunFailure {
        if (unusable != null) {
            throw new RunFailure(unusable);
        }
        Path dir = null;
        try {
            dir = Files.createTempDirectory("bamboo-mpj-");
            ProcessBuilder builder = new ProcessBuilder(command(np, mainClass, argv, dir));
            // The starter reads MPJ_HOME to find the jars of the ranks' loaders (mpi.jar, mpjdev.jar).
            builder.environment().put("MPJ_HOME", mpj.home().toString());
            return runChild(builder, dir, "MPJ Express run", "MPJ Express");
        } catch (IOException e) {
            throw new RunFailure("cannot start MPJ Express: " + e.getMessage());
        } finally {
            deleteQuietly(dir);
        }
    }

    /**
     * Starts {@code builder} in {@code dir} with its output (both streams) to a file there and returns
     * that output; a child that has not ended after {@link #TIMEOUT_SECONDS} is ended, with its own
     * children, and reported as {@code what} did not finish.
     */
    private static String runChild(ProcessBuilder builder, Path dir, String what, String who) throws RunFailure {
        Path output = dir.resolve("output.txt");
        try {
            Process child = builder
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .redirectInput(ProcessBuilder.Redirect.PIPE)
                    .start();
            child.getOutputStream().close();
            if (!child.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                child.descendants().forEach(ProcessHandle::destroyForcibly);
                child.destroyForcibly();
                child.waitFor(10, TimeUnit.SECONDS);
                throw new RunFailure(what + " did not finish within " + TIMEOUT_SECONDS + " s");
            }
            return Files.readString(output, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new RunFailure("cannot start " + who + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailure("interrupted");
        }
    }

    /**
     * The program's own time from the timed run's part of the child's output; a run that printed no
     * verification line fails with the first exception it printed (MPJ Express's starter exits 0 even when
     * the program threw).
     */
    static double timeOf(String app, String output) throws RunFailure {
        return timeOf("MPJ Express", app, output);
    }

    /** {@link #timeOf(String, String)} for a child JVM of {@code who} (named in the failure). */
    static double timeOf(String who, String app, String output) throws RunFailure {
        int at = output.indexOf(MpjChild.TIMED);
        try {
            if (at < 0) {
                OutputParser.time(app, output); // the warm-up's own failure, if it printed one
                throw new RunFailure("the child JVM ended before the timed run");
            }
            return OutputParser.time(app, output.substring(at + MpjChild.TIMED.length()));
        } catch (RunFailure e) {
            String cause = e.getMessage().startsWith("verification failed") ? null : firstCause(output);
            throw new RunFailure(who + ": " + e.getMessage() + (cause != null ? " (" + cause + ")" : ""));
        }
    }

    /** The first exception the output names, past the starter's reflective wrapper; or null. */
    private static String firstCause(String output) {
        Matcher failed = CHILD_FAILED.matcher(output); // our child's one-line report (MicroChild)
        if (failed.find()) {
            return failed.group(1);
        }
        Matcher m = EXCEPTION.matcher(output);
        while (m.find()) {
            if (!m.group(1).startsWith("java.lang.reflect.InvocationTargetException")) {
                return m.group(1);
            }
        }
        return null;
    }

    /** The child's command line; writes the mended {@code mpi.MPI} and {@link MpjChild} into {@code dir}. */
    List<String> command(RunPlan plan, String[] argv, Path dir) throws IOException, RunFailure {
        return command(plan.np(), plan.app().mainClass(plan.form()), List.of(argv), dir);
    }

    private List<String> command(int np, String mainClass, List<String> argv, Path dir)
            throws IOException, RunFailure {
        Path fix = dir.resolve("mpi-fix");
        Path launcher = dir.resolve("launcher");
        writeMendedMpi(fix);
        copyClass(MpjChild.class, launcher);
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions());
        cmd.add("-cp");
        cmd.add(Stream.concat(Stream.of(launcher), mpj.starterClasspath().stream()).map(Path::toString)
                .collect(Collectors.joining(java.io.File.pathSeparator)));
        cmd.add(MpjChild.class.getName());
        cmd.add(dir.toString()); // the starter's working folder (it adds it to the ranks' class path)
        cmd.add(Integer.toString(np));
        cmd.add("smpdev");
        cmd.add("useLocalLoader");
        cmd.add(fix + java.io.File.pathSeparator + examples);
        cmd.add(mainClass);
        cmd.addAll(argv);
        return cmd;
    }

    /**
     * The heap and -XX options of this JVM, so both sides run with the same ones; but not
     * {@code -XX:+AlwaysPreTouch}: touching the whole heap costs a child JVM a second or two of start-up
     * per run, and a child's timed run reuses the young generation its untimed run touched (the child's
     * full collection in between empties it: docs/benchmarks.md, "Timing").
     */
    static List<String> jvmOptions() {
        return jvmOptions(ManagementFactory.getRuntimeMXBean().getInputArguments());
    }

    /**
     * This JVM's {@code -Dbamboo.shim.*} settings (e.g. {@code BAMBOO_JAVA_OPTS=-Dbamboo.shim.spinMaxUs=20}),
     * passed to our side's child JVM only, so an A/B of a shim switch reaches the shim that is measured.
     */
    static List<String> shimProperties(List<String> ours) {
        List<String> out = new ArrayList<>();
        for (String a : ours) {
            if (a.startsWith("-Dbamboo.shim.")) {
                out.add(a);
            }
        }
        return out;
    }

    static List<String> jvmOptions(List<String> ours) {
        List<String> out = new ArrayList<>();
        for (String a : ours) {
            if (a.equals("-XX:+AlwaysPreTouch")) {
                continue;
            }
            if (a.startsWith("-Xmx") || a.startsWith("-Xms") || a.startsWith("-Xss") || a.startsWith("-XX:")) {
                out.add(a);
            }
        }
        if (out.stream().noneMatch(a -> a.startsWith("-Xmx"))) {
            out.add("-Xmx" + Runtime.getRuntime().maxMemory() / (1024 * 1024) + "m");
        }
        return out;
    }

    private void writeMendedMpi(Path fix) throws IOException, RunFailure {
        byte[] original;
        try (ZipFile jar = new ZipFile(mpj.mpiJar().toFile())) {
            var entry = jar.getEntry("mpi/MPI.class");
            if (entry == null) {
                throw new RunFailure(mpj.mpiJar() + " has no mpi/MPI.class");
            }
            try (InputStream in = jar.getInputStream(entry)) {
                original = in.readAllBytes();
            }
        }
        byte[] mended;
        try {
            mended = WtimeFix.apply(original);
        } catch (IllegalArgumentException e) {
            throw new RunFailure("cannot mend MPJ Express's whole-second MPI.Wtime: " + e.getMessage());
        }
        Files.createDirectories(fix.resolve("mpi"));
        Files.write(fix.resolve("mpi").resolve("MPI.class"), mended);
    }

    private static void copyClass(Class<?> c, Path root) throws IOException {
        String file = c.getName().replace('.', '/') + ".class";
        try (InputStream in = c.getClassLoader().getResourceAsStream(file)) {
            if (in == null) {
                throw new IOException("cannot read " + file);
            }
            Path target = root.resolve(file);
            Files.createDirectories(target.getParent());
            Files.write(target, in.readAllBytes());
        }
    }

    private static boolean containsMpiPackage(Path location) {
        if (Files.isDirectory(location)) {
            return Files.exists(location.resolve("mpi").resolve("MPI.class"));
        }
        try (ZipFile jar = new ZipFile(location.toFile())) {
            return jar.getEntry("mpi/MPI.class") != null;
        } catch (IOException e) {
            return false;
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // a temporary folder left behind is harmless
        }
    }
}
