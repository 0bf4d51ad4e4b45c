package bamboo.bench.apps;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where MPJ Express is installed and whether it can run here: {@code $MPJ_HOME} when it holds a
 * {@code lib/starter.jar}, else the Debian package's {@code /usr/share/mpj} ({@code libmpj-java}); and
 * log4j 1.2 ({@code liblog4j1.2-java}), which its starter needs but the Debian package does not put
 * next to its jars (the cause of {@code mpjrun}'s {@code NoClassDefFoundError: org/apache/log4j/Layout}).
 */
record MpjExpress(Path home, List<Path> starterClasspath, String problem) {
    /** The Debian package's MPJ_HOME. */
    static final Path DEBIAN_HOME = Path.of("/usr/share/mpj");
    /** The Debian package liblog4j1.2-java's jar. */
    static final Path DEBIAN_LOG4J = Path.of("/usr/share/java/log4j-1.2.jar");

    /**
     * The jars of the starter's JVM: exactly those MPJ Express's own {@code MulticoreDaemon} puts on it
     * (the device, buffers, starter and the exception classes all ranks share), plus the common runtime
     * and log4j. Not {@code mpi.jar}, {@code mpjdev.jar} or {@code mpj.jar}: the starter gives each rank
     * a class loader of its own over those, so that {@code mpi.MPI}'s statics are per rank.
     */
    private static final List<String> STARTER_JARS =
            List.of("smpdev", "xdev", "mpjbuf", "loader2", "starter", "mpiExp", "runtimecommon");
    /** What the per-rank loaders read from MPJ_HOME/lib. */
    private static final List<String> RANK_JARS = List.of("mpi", "mpjdev");

    /** Finds the installation; {@link #problem()} says why it cannot be used, or is null. */
    static MpjExpress locate() {
        String env = System.getenv("MPJ_HOME");
        Path home = env != null && Files.isRegularFile(Path.of(env, "lib", "starter.jar")) ? Path.of(env) : DEBIAN_HOME;
        Path lib = home.resolve("lib");
        if (!Files.isRegularFile(lib.resolve("starter.jar"))) {
            return new MpjExpress(home, List.of(), "not installed (no " + lib.resolve("starter.jar")
                    + "; apt-get install libmpj-java liblog4j1.2-java, or set MPJ_HOME)");
        }
        List<Path> cp = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (String name : STARTER_JARS) {
            Path jar = lib.resolve(name + ".jar");
            cp.add(jar);
            if (!Files.isRegularFile(jar)) {
                missing.add(jar.toString());
            }
        }
        for (String name : RANK_JARS) {
            if (!Files.isRegularFile(lib.resolve(name + ".jar"))) {
                missing.add(lib.resolve(name + ".jar").toString());
            }
        }
        if (!missing.isEmpty()) {
            return new MpjExpress(home, List.of(), "incomplete installation: missing " + String.join(", ", missing));
        }
        Path log4j = Files.isRegularFile(lib.resolve("log4j-1.2.jar")) ? lib.resolve("log4j-1.2.jar") : DEBIAN_LOG4J;
        if (!Files.isRegularFile(log4j)) {
            return new MpjExpress(home, List.of(), "log4j 1.2 not found (" + DEBIAN_LOG4J
                    + "; apt-get install liblog4j1.2-java)");
        }
        cp.add(log4j);
        return new MpjExpress(home, List.copyOf(cp), null);
    }

    /** The jar holding MPJ Express's {@code mpi.MPI}. */
    Path mpiJar() {
        return home.resolve("lib").resolve("mpi.jar");
    }

    /** The version MPJ Express's configuration names, or "?". */
    String version() {
        try {
            for (String line : Files.readAllLines(home.resolve("conf").resolve("mpjexpress.conf"))) {
                if (line.startsWith("mpjexpress.version=")) {
                    return line.substring(line.indexOf('=') + 1).trim();
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            // no version to show
        }
        return "?";
    }
}
