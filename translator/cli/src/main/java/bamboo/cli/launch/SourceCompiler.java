package bamboo.cli.launch;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles Java source files on the fly, as {@code java File.java} does, against a given class path.
 * Errors come back as {@code File.java:LINE:COL: error: message} lines, never as a stack trace.
 */
public final class SourceCompiler {

    /** What a successful compilation produced. */
    public record Output(Path classesDir, String mainClass) {
    }

    private SourceCompiler() {
    }

    /**
     * Compiles {@code source} (and nothing else) into a fresh temporary directory, which is deleted
     * when the JVM exits.
     *
     * @param classPath entries the source compiles against (the shim, the annotations, user jars)
     * @return the classes directory and the binary name of the class named after the file
     * @throws UserError listing every compiler error, one per line
     */
    public static Output compile(Path source, List<Path> classPath) {
        if (!Files.isRegularFile(source)) {
            throw new UserError("no such file: " + source);
        }
        return compile(List.of(source), source.getFileName().toString().replaceFirst("\\.java$", ""), classPath);
    }

    /**
     * Compiles {@code sources} together into a fresh temporary directory, deleted when the JVM exits.
     *
     * @param mainSimpleName simple name of the class whose binary name {@link Output#mainClass()} gives
     * @throws UserError listing every compiler error, one per line
     */
    public static Output compile(List<Path> sources, String mainSimpleName, List<Path> classPath) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new UserError("compiling needs a JDK, but this Java (" + System.getProperty("java.home")
                    + ") has no compiler; set JAVA_HOME to a JDK");
        }
        Path out = createTempDir();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            List<String> options = List.of(
                    "-d", out.toString(),
                    "-cp", classPath.stream().map(Path::toString).collect(Collectors.joining(java.io.File.pathSeparator)),
                    "-proc:none", "-nowarn", "-g");
            Iterable<? extends JavaFileObject> units = files.getJavaFileObjectsFromPaths(sources);
            boolean ok = javac.getTask(new StringWriter(), files, diagnostics, options, null, units).call();
            if (!ok) {
                throw new UserError(format(sources.get(0), diagnostics.getDiagnostics()), 1);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Output(out, mainClassOf(mainSimpleName, sources.get(0), out));
    }

    private static String format(Path source, List<Diagnostic<? extends JavaFileObject>> diagnostics) {
        List<String> lines = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics) {
            if (d.getKind() != Diagnostic.Kind.ERROR) {
                continue;
            }
            String file = d.getSource() == null ? source.toString() : Path.of(d.getSource().toUri()).toString();
            String message = oneLine(d.getMessage(Locale.ROOT));
            lines.add(file + ":" + d.getLineNumber() + ":" + d.getColumnNumber() + ": error: " + message);
        }
        if (lines.isEmpty()) {
            lines.add(source + ": error: does not compile");
        }
        return String.join(System.lineSeparator(), lines);
    }

    /** javac's message on one line: the headline, then its detail lines in parentheses. */
    static String oneLine(String message) {
        List<String> lines = message.lines().map(l -> l.strip().replaceAll("\\s+", " ")).filter(l -> !l.isEmpty()).collect(Collectors.toList());
        if (lines.size() <= 1) {
            return lines.isEmpty() ? "" : lines.get(0);
        }
        return lines.get(0) + " (" + String.join(", ", lines.subList(1, lines.size())) + ")";
    }

    /** Finds the class compiled from the file's own name, in whatever package it declares. */
    private static String mainClassOf(String simple, Path source, Path out) {
        try (Stream<Path> walk = Files.walk(out)) {
            return walk.filter(p -> p.getFileName().toString().equals(simple + ".class"))
                    .findFirst()
                    .map(p -> out.relativize(p).toString().replace(java.io.File.separatorChar, '.')
                            .replaceFirst("\\.class$", ""))
                    .orElseThrow(() -> new UserError(source + ": error: declares no class named " + simple));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A fresh temporary directory, deleted when the JVM exits. */
    public static Path createTempDir() {
        try {
            Path dir = Files.createTempDirectory("bamboo-run-");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(dir)));
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void deleteTree(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // Best effort: a temp dir left behind is harmless.
        }
    }
}
