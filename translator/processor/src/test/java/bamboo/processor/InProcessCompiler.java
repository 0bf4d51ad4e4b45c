package bamboo.processor;

import javax.annotation.processing.Processor;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Compiles sources with javac in this JVM, against the test class path, with the given processors. */
final class InProcessCompiler {
    /** What javac said and whether it succeeded. */
    record Outcome(boolean success, List<javax.tools.Diagnostic<? extends JavaFileObject>> diagnostics, String output) {
        List<javax.tools.Diagnostic<? extends JavaFileObject>> errors() {
            return diagnostics.stream().filter(d -> d.getKind() == javax.tools.Diagnostic.Kind.ERROR).toList();
        }
    }

    private InProcessCompiler() {
    }

    /**
     * Compiles {@code sources} into {@code classes}, generated sources going to {@code generated}.
     */
    static Outcome compile(List<Path> sources, Path classes, Path generated, List<Processor> processors)
            throws IOException {
        return compile(sources, classes, generated, processors, List.of());
    }

    /** The same with more javac options (e.g. {@code -Abamboo.collectives=DIR}; {@code -classpath} adds entries). */
    static Outcome compile(List<Path> sources, Path classes, Path generated, List<Processor> processors,
                           List<String> extraOptions) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Files.createDirectories(classes);
        Files.createDirectories(generated);
        String classPath = System.getProperty("java.class.path");
        int given = extraOptions.indexOf("-classpath");
        if (given >= 0) { // more entries, after the test class path
            classPath = classPath + java.io.File.pathSeparator + extraOptions.get(given + 1);
            extraOptions = new ArrayList<>(extraOptions);
            extraOptions.subList(given, given + 2).clear();
        }
        List<String> options = new ArrayList<>(List.of("--release", "17",
                "-classpath", classPath,
                "-d", classes.toString(), "-s", generated.toString()));
        options.addAll(extraOptions);
        StringWriter out = new StringWriter();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
            JavaCompiler.CompilationTask task = javac.getTask(out, files, diagnostics, options, null,
                    files.getJavaFileObjectsFromPaths(sources));
            task.setProcessors(processors);
            boolean ok = task.call();
            return new Outcome(ok, diagnostics.getDiagnostics(), out.toString());
        }
    }

    /** A program of the test resources, e.g. {@code demo/Ring.java}. */
    static Path program(String relative) {
        return Path.of("../test-programs").resolve(relative).toAbsolutePath().normalize();
    }
}
