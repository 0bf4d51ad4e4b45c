package bamboo.cli.launch;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code bamboo run --device mpi}: runs a program untranslated on the native MPI device (module
 * mpi-shim-native), one rank per process started by the system's {@code mpirun} ({@code BAMBOO_MPIRUN} names
 * another launcher), exactly as a user would on a cluster. The device's jar comes before the program on
 * the class path, so its {@code mpi} classes are the ones the program links to.
 */
public final class NativeLauncher {
    /** The first JDK whose foreign function API is final. */
    static final int MIN_JDK = 22;

    private NativeLauncher() {
    }

    /** Runs the program on {@code np} ranks and returns mpirun's exit code. */
    public static int run(int np, String classPath, String target, List<String> args, boolean verbose) {
        final int jdk = Runtime.version().feature();
        if (jdk < MIN_JDK) {
            throw new UserError("--device mpi needs JDK " + MIN_JDK + " or later (the foreign function API); this is JDK "
                    + jdk + ": add --java-home DIR of a newer JDK");
        }
        final Path jar = deviceJar();
        List<Path> runPath = new ArrayList<>(ShimLauncher.classPathEntries(classPath));
        String mainClass = target;
        if (target.endsWith(".java")) {
            List<Path> compilePath = new ArrayList<>(runPath);
            compilePath.addAll(ShimLauncher.apiJars());
            SourceCompiler.Output out = SourceCompiler.compile(Path.of(target), compilePath);
            runPath.add(0, out.classesDir());
            mainClass = out.mainClass();
        }
        final StringBuilder cp = new StringBuilder(jar.toString());
        for (Path p : runPath) {
            cp.append(File.pathSeparator).append(p.toAbsolutePath());
        }
        final String mpirun = System.getenv().getOrDefault("BAMBOO_MPIRUN", "mpirun");
        final List<String> command = new ArrayList<>(List.of(mpirun, "-np", String.valueOf(np),
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-XX:+UseSerialGC", "-cp", cp.toString(),
                "bamboo.shim.nativempi.RankMain", mainClass));
        command.addAll(args);
        final ProcessBuilder pb = new ProcessBuilder(command).inheritIO();
        final Map<String, String> env = pb.environment();
        // Open MPI refuses root and more ranks than cores unless told; MPICH ignores these variables.
        env.putIfAbsent("OMPI_ALLOW_RUN_AS_ROOT", "1");
        env.putIfAbsent("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
        env.putIfAbsent("OMPI_MCA_rmaps_base_oversubscribe", "1");
        if (verbose) {
            env.put("BAMBOO_VERBOSE", "1");
        }
        System.out.flush();
        try {
            final Process p = pb.start();
            return p.waitFor();
        } catch (IOException e) {
            throw new UserError("cannot start " + mpirun + " (" + e.getMessage() + "): install an MPI "
                    + "(scripts/install-mpi.sh) or set BAMBOO_MPIRUN");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        }
    }

    /** The device's jar: {@code BAMBOO_NATIVE_JAR}, else the worktree's, built on first use (or when its
     *  sources changed) with this JDK. */
    private static Path deviceJar() {
        final String given = System.getenv("BAMBOO_NATIVE_JAR");
        if (given != null) {
            final Path p = Path.of(given);
            if (!Files.isRegularFile(p)) {
                throw new UserError("BAMBOO_NATIVE_JAR " + given + " is not a file");
            }
            return p;
        }
        final String home = System.getProperty("bamboo.home");
        if (home == null) {
            throw new UserError("--device mpi: set BAMBOO_NATIVE_JAR to bamboo-mpi-shim-native.jar");
        }
        final Path module = Path.of(home, "mpi-shim-native");
        final Path jar = module.resolve("target").resolve("bamboo-mpi-shim-native.jar");
        if (!Files.isRegularFile(jar) || newerSource(module.resolve("src").resolve("main"), jar)) {
            build(Path.of(home));
        }
        return jar;
    }

    private static boolean newerSource(Path sources, Path jar) {
        try (var files = Files.walk(sources)) {
            final long built = Files.getLastModifiedTime(jar).toMillis();
            return files.anyMatch(f -> {
                try {
                    return Files.isRegularFile(f) && Files.getLastModifiedTime(f).toMillis() > built;
                } catch (IOException e) {
                    return true;
                }
            });
        } catch (IOException e) {
            return true;
        }
    }

    private static void build(Path home) {
        System.err.println("bamboo: building the native MPI device (first use or sources changed)...");
        final ProcessBuilder pb = new ProcessBuilder("mvn", "-B", "-q", "-DskipTests", "-pl", "mpi-shim-native",
                "package").directory(home.toFile()).redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        try {
            final Path log = Files.createTempFile("bamboo-native-build", ".log");
            pb.redirectOutput(log.toFile());
            final Process p = pb.start();
            if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
                p.destroyForcibly();
                System.err.print(Files.readString(log));
                throw new UserError("building the native MPI device failed (output above)");
            }
            Files.deleteIfExists(log);
        } catch (IOException e) {
            throw new UserError("cannot run mvn to build the native MPI device: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while building the native MPI device");
        }
    }
}
