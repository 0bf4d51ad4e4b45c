package bamboo.cli;

import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.ThreadsJob;
import bamboo.translator.GeneratedSource;
import bamboo.translator.TranslationResult;
import bamboo.translator.Translator;
import bamboo.translator.parse.SourceFile;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Test support: translates a program, compiles original and companions with javax.tools against the
 * test class path (runtime, shim, annotations), and runs it untranslated on the shim's threads device or
 * translated on the runtime, capturing what it prints (lines sorted: tasks print concurrently).
 */
final class TranslatedPrograms {
    private TranslatedPrograms() {
    }

    /** A compiled program: its classes directory and main class. */
    record Compiled(Path classes, String mainClass, String entryClass, List<GeneratedSource> generated) {
    }

    static Compiled compile(Path work, String fileName, String source) throws IOException {
        return compile(work, fileName, source, java.util.Map.of());
    }

    /** Like {@link #compile(Path, String, String)}, with more input files of the program's package
     *  ({@code helpers}: file name to source), translated with it and compiled beside it. */
    static Compiled compile(Path work, String fileName, String source, java.util.Map<String, String> helpers)
            throws IOException {
        List<SourceFile> inputs = new ArrayList<>();
        inputs.add(new SourceFile(fileName, source));
        helpers.forEach((name, text) -> inputs.add(new SourceFile(name, text)));
        TranslationResult r = new Translator().translate(inputs);
        if (!r.ok()) {
            throw new AssertionError("translation failed: " + r.diagnostics());
        }
        Path src = work.resolve("src");
        Path classes = work.resolve("classes");
        Files.createDirectories(classes);
        List<Path> files = new ArrayList<>();
        GeneratedSource task = r.generated().get(0);
        Path dir = src.resolve(task.relativePath()).getParent();
        Files.createDirectories(dir);
        Path original = dir.resolve(fileName);
        Files.writeString(original, source, StandardCharsets.UTF_8);
        files.add(original);
        for (java.util.Map.Entry<String, String> h : helpers.entrySet()) {
            Path helper = dir.resolve(h.getKey());
            Files.writeString(helper, h.getValue(), StandardCharsets.UTF_8);
            files.add(helper);
        }
        for (GeneratedSource g : r.generated()) {
            Path p = src.resolve(g.relativePath());
            Files.writeString(p, g.text(), StandardCharsets.UTF_8);
            files.add(p);
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diags = new DiagnosticCollector<>();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(diags, null, StandardCharsets.UTF_8)) {
            List<String> options = List.of("--release", "17", "-Xlint:all", "-Xlint:-processing", "-Xlint:-options",
                    "-Xlint:-rawtypes", "-Xlint:-unchecked", "-Xlint:-serial", "-classpath",
                    System.getProperty("java.class.path"), "-d", classes.toString());
            boolean ok = javac.getTask(null, fm, diags, options, null, fm.getJavaFileObjectsFromPaths(files)).call();
            StringBuilder b = new StringBuilder();
            for (Diagnostic<? extends JavaFileObject> d : diags.getDiagnostics()) {
                b.append(d).append('\n');
            }
            if (!ok) {
                StringBuilder all = new StringBuilder(b);
                for (GeneratedSource g : r.generated()) {
                    all.append("==== ").append(g.relativePath()).append('\n').append(g.text());
                }
                throw new AssertionError("generated code does not compile:\n" + all);
            }
            String pkg = task.packageName().isEmpty() ? "" : task.packageName() + ".";
            String main = pkg + fileName.replace(".java", "");
            return new Compiled(classes, main, main + "_Bamboo", r.generated());
        }
    }

    /** The program's output on the shim with {@code np} ranks, sorted. */
    static List<String> untranslated(Compiled c, int np) throws IOException {
        Capture cap = new Capture();
        JobResult r;
        try {
            r = ThreadsJob.runMain(JobConfig.of(np), new URL[] {c.classes().toUri().toURL()}, c.mainClass(),
                    new String[0]);
        } finally {
            cap.close();
        }
        if (!r.succeeded()) {
            throw new AssertionError("untranslated run failed: " + r);
        }
        return cap.lines();
    }

    /** The translated program's output on the runtime, sorted. */
    static List<String> translated(Compiled c, int tasks, int workers, int nodes) throws Exception {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {c.classes().toUri().toURL()},
                TranslatedPrograms.class.getClassLoader())) {
            Method run = loader.loadClass(c.entryClass()).getMethod("run", int.class, int.class, int.class,
                    String[].class);
            Capture cap = new Capture();
            try {
                run.invoke(null, tasks, workers, nodes, new String[0]);
            } catch (InvocationTargetException e) {
                throw new AssertionError("translated run failed (tasks=" + tasks + " workers=" + workers + " nodes="
                        + nodes + "): " + e.getCause(), e.getCause());
            } finally {
                cap.close();
            }
            return cap.lines();
        }
    }

    /** Captures System.out (every thread prints there). */
    private static final class Capture {
        private final PrintStream old = System.out;
        private final ByteArrayOutputStream buf = new ByteArrayOutputStream();

        Capture() {
            System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        }

        void close() {
            System.out.flush();
            System.setOut(old);
        }

        List<String> lines() {
            List<String> l = new ArrayList<>(buf.toString(StandardCharsets.UTF_8).lines().toList());
            Collections.sort(l);
            return l;
        }
    }
}
