package bamboo.corpus.harness;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles programs in-process with javax.tools ({@code --release 17 -Xlint:all}, no annotation
 * processing) against the annotations, the mpi-shim and, for translated programs, the task-graph
 * runtime, all found from their classes, so it works whatever class path layout the caller has.
 */
public final class Javac {
    private Javac() {
    }

    /** Thrown when sources do not compile (cleanly, when warnings count); one line per problem. */
    public static final class CompileError extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CompileError(String message) {
            super(message);
        }
    }

    /** The class path untranslated programs compile against: the annotations and the shim. */
    public static List<Path> shimClassPath() {
        return List.of(locationOf(bamboo.Bamboo.class), locationOf(mpi.MPI.class));
    }

    /** The class path translated programs compile against: the shim's and the runtime. */
    public static List<Path> runtimeClassPath() {
        List<Path> path = new ArrayList<>(shimClassPath());
        path.add(locationOf(bamboo.runtime.Graph.class));
        return path;
    }

    /**
     * Compiles {@code sources} against {@code classPath} into {@code out}.
     *
     * @param what names the sources in the error message
     * @param warningsFail whether a warning fails the compilation like an error
     * @throws CompileError naming every error (and warning, when they fail), one per line
     */
    public static void compile(String what, List<Path> sources, List<Path> classPath, Path out, boolean warningsFail) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("no Java compiler in this JVM (a JRE, not a JDK?)");
        }
        try {
            Files.createDirectories(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + out, e);
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            String path = classPath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
            List<String> options = new ArrayList<>(List.of("--release", "17", "-Xlint:all", "-Xlint:-processing",
                    "-proc:none", "-classpath", path, "-d", out.toString()));
            Iterable<? extends JavaFileObject> units =
                    files.getJavaFileObjectsFromFiles(sources.stream().map(Path::toFile).toList());
            boolean ok = javac.getTask(null, files, diagnostics, options, null, units).call();
            List<String> problems = diagnostics.getDiagnostics().stream()
                    .filter(d -> d.getKind() == Diagnostic.Kind.ERROR || warningsFail && d.getKind() != Diagnostic.Kind.NOTE)
                    .map(d -> d.getSource() == null ? d.getMessage(Locale.ROOT)
                            : Paths.get(d.getSource().toUri()).getFileName() + ":" + d.getLineNumber() + ": "
                            + d.getKind().toString().toLowerCase(Locale.ROOT) + ": " + d.getMessage(Locale.ROOT))
                    .toList();
            if (!ok || !problems.isEmpty()) {
                throw new CompileError(what + " does not compile cleanly:\n" + String.join("\n", problems));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("compiling " + what, e);
        }
    }

    /** The jar or directory {@code type} was loaded from. */
    public static Path locationOf(Class<?> type) {
        try {
            return Paths.get(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the classes of " + type.getName(), e);
        }
    }
}
