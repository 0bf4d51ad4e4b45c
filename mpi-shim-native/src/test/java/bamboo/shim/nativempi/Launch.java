package bamboo.shim.nativempi;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Starts a test program on N ranks with a real launcher of an installed MPI, as a user would. */
final class Launch {
    /** What a run printed and how it ended. */
    record Result(int exit, String out, String err) {
    }

    /** An MPI implementation: its launcher and library. */
    enum Mpi {
        OPEN_MPI("mpirun.openmpi", "/usr/lib/x86_64-linux-gnu/libmpi.so.40", "openmpi"),
        MPICH("mpiexec.mpich", "/usr/lib/x86_64-linux-gnu/libmpich.so.12", "mpich");

        final String launcher;
        final String library;
        final String name;

        Mpi(String launcher, String library, String name) {
            this.launcher = launcher;
            this.library = library;
            this.name = name;
        }

        /** Null when installed, else why the tests skip. */
        String missing() {
            if (which(launcher) == null) {
                return launcher + " is not installed (scripts/install-mpi.sh)";
            }
            if (!Files.exists(Path.of(library))) {
                return library + " is not installed (scripts/install-mpi.sh)";
            }
            return null;
        }
    }

    private Launch() {
    }

    static Path which(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            final Path p = Path.of(dir, command);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /** The class path of the device and the test programs. */
    static String classPath() {
        return System.getProperty("java.class.path");
    }

    static Result run(Mpi mpi, int np, Class<?> main, String... args) throws IOException, InterruptedException {
        final List<String> command = new ArrayList<>(List.of(mpi.launcher, "-n", String.valueOf(np),
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "--enable-native-access=ALL-UNNAMED",
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-cp", classPath(),
                RankMain.class.getName(), main.getName()));
        command.addAll(List.of(args));
        return exec(command, mpi, 180);
    }

    static Result exec(List<String> command, Mpi mpi, int timeoutSeconds) throws IOException, InterruptedException {
        final ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("OMPI_ALLOW_RUN_AS_ROOT", "1");
        pb.environment().put("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
        pb.environment().put("OMPI_MCA_rmaps_base_oversubscribe", "1");
        if (mpi != null) {
            pb.environment().put("BAMBOO_MPI_LIB", mpi.name);
        }
        return exec(pb, timeoutSeconds);
    }

    /** Runs {@code pb} (its environment as given) and collects what it printed. */
    static Result exec(ProcessBuilder pb, int timeoutSeconds) throws IOException, InterruptedException {
        final List<String> command = pb.command();
        final Path out = Files.createTempFile("native-out", ".txt");
        final Path err = Files.createTempFile("native-err", ".txt");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        final Process p = pb.start();
        try {
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new AssertionError("timed out after " + timeoutSeconds + " s: " + command + "\n"
                        + Files.readString(out, StandardCharsets.UTF_8) + Files.readString(err, StandardCharsets.UTF_8));
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
