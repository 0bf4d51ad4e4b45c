package bamboo.cli.launch;

import bamboo.translator.parse.SourceFile;
import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * The compile half of {@code bamboo check} and {@code bamboo translate}: the translator reads programs
 * but is no compiler (an unknown symbol or a type error passes it), so the inputs are also compiled with
 * javac, in memory, against the mpi-shim, the annotations and the user's class path. Errors come back in
 * the translator's form, {@code File.java:LINE:COL: error: message}, with the file as the user named it.
 */
public final class CompileCheck {
    private CompileCheck() {
    }

    /**
     * The javac errors of {@code sources}, sorted by file, line and column; empty when they compile.
     *
     * @param userClassPath what the sources compile against besides the shim and the annotations
     *                      ({@code File.pathSeparator}-separated), or null
     * @throws UserError when a class path entry does not exist
     */
    public static List<String> errors(List<SourceFile> sources, String userClassPath) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new UserError("checking that the programs compile needs a JDK, but this Java ("
                    + System.getProperty("java.home") + ") has no compiler; set JAVA_HOME to a JDK or pass --no-compile");
        }
        Map<JavaFileObject, String> names = new IdentityHashMap<>();
        List<JavaFileObject> units = new ArrayList<>();
        for (SourceFile s : sources) {
            JavaFileObject unit = new InMemorySource(s);
            names.put(unit, s.displayName());
            units.add(unit);
        }
        List<Path> classPath = new ArrayList<>(ShimLauncher.apiJars());
        classPath.addAll(ShimLauncher.classPathEntries(userClassPath == null ? "" : userClassPath));
        Path out = SourceCompiler.createTempDir();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            List<String> options = List.of("-d", out.toString(), "-proc:none", "-nowarn", "-implicit:none",
                    "-cp", classPath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)));
            javac.getTask(new StringWriter(), files, diagnostics, options, null, units).call();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            SourceCompiler.deleteTree(out);
        }
        return diagnostics.getDiagnostics().stream()
                .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                .sorted(Comparator.<Diagnostic<? extends JavaFileObject>, String>comparing(d -> nameOf(d, names))
                        .thenComparingLong(Diagnostic::getLineNumber).thenComparingLong(Diagnostic::getColumnNumber))
                .map(d -> nameOf(d, names) + ":" + d.getLineNumber() + ":" + d.getColumnNumber() + ": error: "
                        + SourceCompiler.oneLine(d.getMessage(Locale.ROOT)))
                .toList();
    }

    private static String nameOf(Diagnostic<? extends JavaFileObject> d, Map<JavaFileObject, String> names) {
        String name = d.getSource() == null ? null : names.get(d.getSource());
        return name != null ? name : d.getSource() == null ? "<javac>" : d.getSource().getName();
    }

    /** A source held in memory, named so that javac's public-class-per-file rule sees its file name. */
    private static final class InMemorySource extends SimpleJavaFileObject {
        private final String text;

        InMemorySource(SourceFile source) {
            super(URI.create("string:///" + source.displayName().replace('\\', '/').replace(" ", "%20")), Kind.SOURCE);
            this.text = source.text();
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }
}
