package bamboo.cli.launch;

import bamboo.runtime.Graph;
import bamboo.runtime.GraphDeadlock;
import bamboo.runtime.GraphFailure;
import bamboo.runtime.GraphTimeout;
import bamboo.shim.net.RankPlacement;
import bamboo.translator.GeneratedSource;
import bamboo.translator.TranslationResult;
import bamboo.translator.Translator;
import bamboo.translator.diagnostics.Diagnostic;
import bamboo.translator.parse.SourceFile;
import bamboo.translator.parse.SourcePath;
import bamboo.translator.smap.SourceMaps;
import bamboo.translator.tree.OutputTree;
import bamboo.translator.tree.CollectivesDir;
import bamboo.translator.tree.SourceTree;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Runs a program translated, on the task-graph runtime: from a {@code .java} file it translates and
 * compiles on the fly; from a class path it runs the compiled companion {@code X_Bamboo} of program
 * {@code X} (what {@code bamboo translate}, the Maven goal or the javac processor produced).
 */
public final class TranslatedLauncher {

    /** Suffix of the entry-point companion the translator generates. */
    public static final String ENTRY_SUFFIX = "_Bamboo";

    /** What to run and how. */
    public record Request(int tasks, int workers, int nodes, long latencyNanos, double bandwidth, Path trace,
                          boolean verbose, String classPath, String target, List<String> args,
                          boolean processes, Path hostfile, Path collectives, List<Path> sourcePath) {
        /** The classes the program's file uses found by the translation in its own source directory. */
        public Request(int tasks, int workers, int nodes, long latencyNanos, double bandwidth, Path trace,
                       boolean verbose, String classPath, String target, List<String> args,
                       boolean processes, Path hostfile, Path collectives) {
            this(tasks, workers, nodes, latencyNanos, bandwidth, trace, verbose, classPath, target, args, processes,
                    hostfile, collectives, List.of());
        }

        /** One JVM: the threads device between the runtime's processes; the library's collectives. */
        public Request(int tasks, int workers, int nodes, long latencyNanos, double bandwidth, Path trace,
                       boolean verbose, String classPath, String target, List<String> args) {
            this(tasks, workers, nodes, latencyNanos, bandwidth, trace, verbose, classPath, target, args, false, null,
                    null);
        }
    }

    /**
     * The runtime's limits: {@code inboxLimit} flow control's bytes per task, {@code taskTimeoutNanos} the
     * watchdog (0 = off).
     */
    public record Limits(long inboxLimit, long taskTimeoutNanos) {
        /** The runtime's defaults (256 MiB, 60 s). */
        public static final Limits DEFAULTS = new Limits(256L << 20, 60_000_000_000L);
    }

    private TranslatedLauncher() {
    }

    /** Runs the request with the default limits. */
    public static int run(Request r) {
        return run(r, Limits.DEFAULTS);
    }

    /**
     * Runs the request and returns the exit code (0, 1 failure or translation errors, 2 usage, 3 deadlock,
     * 4 a task stuck past the task timeout).
     */
    public static int run(Request r, Limits limits) {
        return run(r, limits, RankPlacement.BLOCK);
    }

    /** {@link #run(Request, Limits)} with the tasks placed on the processes as {@code placement} says. */
    public static int run(Request r, Limits limits, RankPlacement placement) {
        List<Path> userPath = ShimLauncher.classPathEntries(r.classPath());
        List<Path> runPath = new ArrayList<>(userPath);
        String entry;
        Path[] generated = new Path[1];
        if (r.target().endsWith(".java")) {
            SourceCompiler.Output out = translateAndCompile(Path.of(r.target()), userPath, r.collectives(),
                    r.sourcePath(), tree -> generated[0] = tree);
            runPath.add(0, out.classesDir());
            entry = out.mainClass();
        } else if (r.collectives() != null) {
            throw new UserError("--collectives applies when the program is translated here: give its .java file, "
                    + "or translate it with ./bamboo translate --collectives DIR and run the result");
        } else {
            entry = r.target() + ENTRY_SUFFIX;
        }
        if (r.processes()) {
            return ProcessLauncher.run(r, limits, runPath, entry, generated[0]);
        }
        try (URLClassLoader loader = new URLClassLoader(ShimLauncher.urls(runPath),
                TranslatedLauncher.class.getClassLoader())) {
            Graph.Builder builder = graphOf(loader, entry, r);
            builder.workers(r.workers()).nodes(r.nodes()).placement(placement).latency(r.latencyNanos())
                    .bandwidth(Double.isInfinite(r.bandwidth()) ? 0 : r.bandwidth()) // the runtime's 0 = unlimited
                    .inboxLimit(limits.inboxLimit()).taskTimeout(Duration.ofNanos(limits.taskTimeoutNanos()));
            if (r.trace() != null) {
                builder.trace(r.trace());
            }
            Graph.Result result = builder.build().run();
            System.out.flush();
            if (r.verbose()) {
                System.err.print(result);
            }
            return 0;
        } catch (GraphTimeout t) {
            System.out.flush();
            System.err.println("bamboo: " + t.getMessage() + SourceLines.origin(t.taskFrame(), generated[0]));
            return 4;
        } catch (GraphDeadlock d) {
            System.out.flush();
            System.err.println("bamboo: " + d.getMessage());
            return 3;
        } catch (GraphFailure f) {
            System.out.flush();
            Throwable cause = f.getCause();
            if (cause != null && generated[0] != null) {
                // Frames of the generated classes name the lines of the program they were translated from.
                SourceLines.rewrite(cause, generated[0]);
            }
            System.err.println("bamboo: " + f.getMessage() + SourceLines.at(cause, generated[0]));
            if (r.verbose() && cause != null) {
                cause.printStackTrace();
            }
            return 1;
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Calls the companion's {@code graph(int numTasks, String[] args)}. */
    private static Graph.Builder graphOf(ClassLoader loader, String entry, Request r) {
        return graphOf(loader, entry, r.tasks(), r.args());
    }

    /** Calls the companion {@code entry}'s {@code graph(int numTasks, String[] args)}. */
    public static Graph.Builder graphOf(ClassLoader loader, String entry, int tasks, List<String> args) {
        Class<?> companion = companion(loader, entry);
        try {
            Method graph = companion.getMethod("graph", int.class, String[].class);
            return (Graph.Builder) graph.invoke(null, tasks, args.toArray(new String[0]));
        } catch (NoSuchMethodException | IllegalAccessException | ClassCastException e) {
            throw new UserError(entry + " is not a companion generated by this version of Bamboo (" + e + "); "
                    + "translate the program again");
        } catch (InvocationTargetException e) {
            throw new UserError(entry + ".graph failed: " + e.getCause());
        }
    }

    /** Loads the companion class {@code entry}, or says how to make one. */
    static Class<?> companion(ClassLoader loader, String entry) {
        try {
            return Class.forName(entry, true, loader);
        } catch (ClassNotFoundException e) {
            String program = entry.substring(0, entry.length() - ENTRY_SUFFIX.length());
            throw new UserError("no translated program " + program + " on the class path (looked for its companion "
                    + entry + "): translate it first ('bamboo translate', the Maven goal or the javac processor) "
                    + "or pass its .java file");
        } catch (LinkageError e) {
            throw new UserError("cannot load " + entry + ": " + e);
        }
    }

    /**
     * {@code source} and the files of its source directory and of {@code sourcePath} that it uses, so that the
     * classes it reaches are translated with it (their statics per task) rather than shared from the class path.
     */
    static List<Path> withUsedSources(Path source, List<Path> sourcePath) throws IOException {
        List<Path> roots = new ArrayList<>();
        SourcePath.rootOf(source).ifPresent(roots::add);
        for (Path p : sourcePath) {
            if (!Files.isDirectory(p)) {
                throw new UserError("--source-path: no such directory: " + p);
            }
            roots.add(p);
        }
        List<Path> files = new ArrayList<>(List.of(source));
        files.addAll(new SourcePath(roots).needed(List.of(source)));
        return files;
    }

    private static String classPathText(List<Path> entries) {
        return entries.stream().map(Path::toString).collect(Collectors.joining(java.io.File.pathSeparator));
    }

    /**
     * Translates {@code source} with the sources it uses from its own source directory, then compiles it with
     * its companions; translation errors end the run.
     */
    public static SourceCompiler.Output translateAndCompile(Path source, List<Path> userPath) {
        return translateAndCompile(source, userPath, null, List.of(), tree -> { });
    }

    /**
     * The same with the user's collectives from {@code collectives} (null: ours) and the sources it uses
     * from {@code sourcePath} besides its own source directory, telling {@code generatedTree} where the
     * generated sources were written.
     */
    static SourceCompiler.Output translateAndCompile(Path source, List<Path> userPath, Path collectives,
                                                     List<Path> sourcePath,
                                                     java.util.function.Consumer<Path> generatedTree) {
        if (!Files.isRegularFile(source)) {
            throw new UserError("no such file: " + source);
        }
        ProgramChecks.requireUtf8(source);
        try {
            SourceTree tree = SourceTree.of(withUsedSources(source, sourcePath));
            List<SourceFile> inputs = tree.javaSources();
            Translator translator = (collectives == null ? new Translator()
                    : new Translator().withCollectives(CollectivesDir.read(collectives))).withClassPath(userPath);
            TranslationResult result = translator.translate(inputs);
            List<String> errors = new ArrayList<>(ProgramChecks.errors(
                    result.diagnostics().stream().map(Diagnostic::toString).toList(),
                    () -> CompileCheck.errors(inputs, classPathText(userPath))));
            if (errors.isEmpty()) {
                errors.addAll(ProgramChecks.missingMpiInit(inputs));
            }
            if (!errors.isEmpty()) {
                throw new UserError(String.join(System.lineSeparator(), errors), 1);
            }
            String program = source.getFileName().toString().replaceFirst("\\.java$", "");
            String entry = result.generated().stream().map(GeneratedSource::className)
                    .filter(c -> c.equals(program + ENTRY_SUFFIX)).findFirst()
                    .orElseThrow(() -> new UserError(source + ": error: no @Bamboo program named " + program
                            + " here; annotate the class with @bamboo.Bamboo to run it translated", 1));
            Path tree2 = SourceCompiler.createTempDir().resolve("src");
            OutputTree.write(tree, result.generated(), tree2);
            generatedTree.accept(tree2);
            List<Path> sources;
            try (Stream<Path> walk = Files.walk(tree2)) {
                sources = walk.filter(p -> p.toString().endsWith(".java")).sorted().collect(Collectors.toList());
            }
            List<Path> compilePath = new ArrayList<>(userPath);
            compilePath.addAll(ShimLauncher.apiJars());
            compilePath.add(ShimLauncher.locationOf(Graph.class));
            try {
                SourceCompiler.Output compiled = SourceCompiler.compile(sources, entry, compilePath);
                // Debuggers and IDEs then show and step through the program's lines, not the companions'.
                SourceMaps.stamp(compiled.classesDir(), tree2);
                return compiled;
            } catch (UserError e) {
                // The input compiled on its own (or javac says so above), so this is on us, not the user.
                throw new UserError(e.getMessage() + System.lineSeparator() + "the translation of " + source
                        + " does not compile: if " + source.getFileName() + " compiles on its own, this is a "
                        + "translator bug; please report it with the file", 2);
            }
        } catch (IOException e) {
            throw new UserError("cannot translate " + source + ": " + e.getMessage().toLowerCase(Locale.ROOT));
        }
    }
}
