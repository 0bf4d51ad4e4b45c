package bamboo.corpus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles corpus programs in-process with javax.tools against the annotations and the mpi-shim (found
 * from the classes themselves, so it works whatever class path layout the test runner uses). Each case
 * gets its own output directory, so cases may reuse class names. Warnings fail the compilation: the
 * corpus is held to the project's {@code -Xlint:all} rule.
 */
final class ProgramCompiler {
    private static final Map<String, Path> COMPILED = new ConcurrentHashMap<>();

    private ProgramCompiler() {
    }

    /** The directory holding the compiled classes of {@code program}, compiling it on first use. */
    static Path compile(CorpusProgram program) {
        return COMPILED.computeIfAbsent(program.name(), n -> doCompile(program));
    }

    /** The class path programs compile against: the annotations and the shim. */
    static List<Path> libraries() {
        return List.of(locationOf(bamboo.Bamboo.class), locationOf(mpi.MPI.class));
    }

    static Path outputRoot() {
        return Paths.get(System.getProperty("bamboo.corpus.out", "target/corpus-classes"));
    }

    private static Path doCompile(CorpusProgram program) {
        Path out = outputRoot().resolve(program.name());
        javac("corpus program " + program.name(), List.of(program.source()), libraries(), out, true);
        return out;
    }

    /** Compiles {@code sources} against {@code classPath} into {@code out}; an error fails, and so does a
     *  warning when {@code warningsFail}. */
    static void javac(String what, List<Path> sources, List<Path> classPath, Path out, boolean warningsFail) {
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
            String path = classPath.stream().map(Path::toString).collect(Collectors.joining(java.io.File.pathSeparator));
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
                throw new AssertionError(what + " does not compile cleanly:\n" + String.join("\n", problems));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("compiling " + what, e);
        }
    }

    static Path locationOf(Class<?> type) {
        try {
            return Paths.get(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the classes of " + type.getName(), e);
        }
    }
}
