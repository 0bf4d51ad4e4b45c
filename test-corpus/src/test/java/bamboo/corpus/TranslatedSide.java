package bamboo.corpus;

import bamboo.translator.GeneratedSource;
import bamboo.translator.TranslationResult;
import bamboo.translator.Translator;
import bamboo.translator.parse.SourceFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The translated half of the differential harness: translate a corpus program with the translator core,
 * compile the program and its companions against the task-graph runtime, and run the generated entry
 * point ({@code X_Bamboo.graph(tasks, args)}, then {@code workers}, {@code nodes}, {@code latency},
 * {@code build().run()}) capturing what the tasks print.
 *
 * <p>The runtime's {@code bamboo.runtime.Graph} is reached by reflection, because the generated code
 * that uses it is compiled at test time and the harness must compile (and report "not available")
 * before the runtime exists.
 */
final class TranslatedSide {
    static final String TRANSLATOR = "bamboo.translator.Translator";
    static final String RUNTIME = "bamboo.runtime.Graph";
    /** Per case: the compiled classes, or the AssertionError that translating or compiling ended with
     *  (kept, so the five task counts of a case do not translate and compile it five times). */
    private static final Map<String, Object> COMPILED = new ConcurrentHashMap<>();
    private static final Object CAPTURE = new Object();

    private TranslatedSide() {
    }

    /** Null when the translated side can run, else why not (the message of the skipped tests). */
    static String unavailable() {
        if (!present(TRANSLATOR)) {
            return "translator not available yet";
        }
        if (!present(RUNTIME)) {
            return "translator not available yet: the task-graph runtime (" + RUNTIME + ") is not on main yet";
        }
        return null;
    }

    /** Translates (once) and runs {@code program} on the runtime. */
    static RunOutcome run(CorpusProgram program, int tasks, int workers, int nodes, long latencyNanos) {
        Object compiled = COMPILED.computeIfAbsent(program.name(), n -> {
            try {
                return translateAndCompile(program);
            } catch (AssertionError e) {
                return e;
            }
        });
        if (compiled instanceof AssertionError e) {
            throw e;
        }
        Path classes = (Path) compiled;
        String label = program.name() + " translated tasks=" + tasks + " workers=" + workers + " nodes=" + nodes
                + (latencyNanos > 0 ? " latency=" + latencyNanos + "ns" : "");
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        String problem;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {toUrl(classes)}, TranslatedSide.class.getClassLoader())) {
            Class<?> entry = Class.forName(program.mainClass() + "_Bamboo", true, loader);
            synchronized (CAPTURE) {
                PrintStream original = System.out;
                PrintStream capture = new PrintStream(captured, true, StandardCharsets.UTF_8);
                // As a launcher would: the program's loader is the context loader of the threads the
                // graph starts (they inherit it), e.g. for deserialising the program's own classes.
                Thread self = Thread.currentThread();
                ClassLoader context = self.getContextClassLoader();
                System.setOut(capture);
                self.setContextClassLoader(loader);
                try {
                    problem = runGraph(entry, tasks, workers, nodes, latencyNanos);
                } finally {
                    self.setContextClassLoader(context);
                    capture.flush();
                    System.setOut(original);
                }
            }
        } catch (ClassNotFoundException e) {
            throw new AssertionError(program.name() + ": the translator generated no entry point "
                    + program.mainClass() + "_Bamboo", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new RunOutcome(label, problem, captured.toString(StandardCharsets.UTF_8));
    }

    /** Builds and runs the graph; null on success, else one line naming the failure. */
    private static String runGraph(Class<?> entry, int tasks, int workers, int nodes, long latencyNanos) {
        try {
            Object builder = entry.getMethod("graph", int.class, String[].class).invoke(null, tasks, new String[0]);
            builder = call(builder, "workers", int.class, workers);
            builder = call(builder, "nodes", int.class, nodes);
            builder = call(builder, "latency", long.class, latencyNanos);
            Object graph = builder.getClass().getMethod("build").invoke(builder);
            graph.getClass().getMethod("run").invoke(graph);
            return null;
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            return "failed: " + cause.getClass().getName() + ": " + cause.getMessage();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("the generated entry point " + entry.getName()
                    + " does not have the runtime API the harness expects: " + e, e);
        }
    }

    private static Object call(Object target, String name, Class<?> type, Object value) throws ReflectiveOperationException {
        Method m = target.getClass().getMethod(name, type);
        return m.invoke(target, value);
    }

    private static Path translateAndCompile(CorpusProgram program) {
        String display = "programs/" + program.name() + "/" + program.source().getFileName();
        // A case may bring its own collectives (--collectives): the directory collectives/ next to it.
        Path library = program.source().getParent().resolve("collectives");
        Translator translator = new Translator();
        if (Files.isDirectory(library)) {
            try {
                translator = translator.withCollectives(bamboo.translator.tree.CollectivesDir.read(library));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        TranslationResult result = translator.translate(List.of(new SourceFile(display, program.text())));
        if (!result.ok()) {
            throw new Refused(program.name(), result.diagnostics().stream().map(Object::toString).toList());
        }
        Path root = ProgramCompiler.outputRoot().resolveSibling("corpus-translated").resolve(program.name());
        Path sources = root.resolve("src");
        List<Path> files = new ArrayList<>(List.of(program.source()));
        try {
            for (GeneratedSource g : result.generated()) {
                Path file = sources.resolve(g.relativePath());
                Files.createDirectories(file.getParent());
                Files.writeString(file, g.text(), StandardCharsets.UTF_8);
                files.add(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the generated sources of " + program.name(), e);
        }
        List<Path> classPath = new ArrayList<>(ProgramCompiler.libraries());
        classPath.add(ProgramCompiler.locationOf(load(RUNTIME)));
        Path classes = root.resolve("classes");
        ProgramCompiler.javac("translated program " + program.name(), files, classPath, classes, false);
        return classes;
    }

    /** The translator refused the program; the diagnostics say why. */
    static final class Refused extends AssertionError {
        private static final long serialVersionUID = 1L;
        private final transient List<String> diagnostics;

        Refused(String caseName, List<String> diagnostics) {
            super(caseName + " does not translate:\n" + String.join("\n", diagnostics));
            this.diagnostics = List.copyOf(diagnostics);
        }

        List<String> diagnostics() {
            return diagnostics;
        }
    }

    private static boolean present(String className) {
        return load(className) != null;
    }

    private static Class<?> load(String className) {
        try {
            return Class.forName(className, false, TranslatedSide.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

    private static URL toUrl(Path dir) {
        try {
            return dir.toAbsolutePath().toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException("bad class directory " + dir, e);
        }
    }
}
