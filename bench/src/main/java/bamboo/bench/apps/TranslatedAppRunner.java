package bamboo.bench.apps;

import bamboo.bench.apps.AppBench;
import bamboo.bench.apps.BenchOptions;
import bamboo.bench.apps.OutputCapture;
import bamboo.bench.apps.OutputParser;
import bamboo.bench.apps.RunPlan;
import bamboo.bench.apps.ShimRunner;
import bamboo.bench.apps.Runner;
import bamboo.cli.launch.ShimLauncher;
import bamboo.cli.launch.SourceCompiler;
import bamboo.cli.launch.TranslatedLauncher;
import bamboo.cli.launch.UserError;
import bamboo.runtime.Graph;
import bamboo.runtime.GraphFailure;
import bamboo.shim.job.StaticState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the benchmark's {@code bamboo} variant: the application's {@code Annotated} form, translated from
 * its source in the repository, as {@code plan.np()} tasks on {@code plan.nodes()} runtime processes with
 * {@code plan.coresPerNode()} workers each, under the plan's simulated interconnect.
 *
 * <p>Each run loads the program in a new {@link RunClassLoader}, except for a {@link #retain retained} plan
 * (steady state): its runs share one loader, so from the second on they run the classes the first loaded
 * and the JIT compiled.
 */
public final class TranslatedAppRunner implements Runner {
    private final Path sourceRoot;
    /** Per application: the translated, compiled classes and the examples' classes, for each run's loader. */
    private final Map<String, URL[]> classpaths = new HashMap<>();
    /** Per retained plan: the one loader of all its runs. */
    private final Map<RunPlan, RunClassLoader> kept = new HashMap<>();

    /** A runner translating the applications found under {@code sourceRoot} (examples/src/main/java). */
    public TranslatedAppRunner(Path sourceRoot) {
        this.sourceRoot = sourceRoot;
    }

    /**
     * The examples' sources in the Bamboo checkout: {@code bamboo.home} (set by ./bamboo), else the
     * nearest enclosing directory of the working directory that has them. Looked up at the first run, so
     * a benchmark that runs no bamboo variant needs no checkout.
     */
    public static TranslatedAppRunner forCheckout() {
        return new TranslatedAppRunner(null);
    }

    private Path sourceRoot() throws RunFailure {
        if (sourceRoot != null) {
            return sourceRoot;
        }
        String home = System.getProperty("bamboo.home");
        for (Path dir = Path.of(home != null ? home : ".").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path root = dir.resolve("examples").resolve("src").resolve("main").resolve("java");
            if (Files.isDirectory(root)) {
                return root;
            }
            if (home != null) {
                break;
            }
        }
        throw new RunFailure("the bamboo variant translates the examples' sources, which are not here: run it from"
                + " a Bamboo checkout (./bamboo sets bamboo.home)");
    }

    @Override
    public String preparing(RunPlan plan) {
        String mainClass = plan.app().mainClass(plan.form());
        return classpaths.containsKey(mainClass) ? null : "translating and compiling " + mainClass;
    }

    @Override
    public void prepare(RunPlan plan) throws RunFailure {
        classpathFor(plan.app().mainClass(plan.form()));
    }

    @Override
    public void retain(RunPlan plan) {
        kept.putIfAbsent(plan, null); // the loader is made at the first run, once the classes exist
    }

    @Override
    public void release(RunPlan plan) {
        close(kept.remove(plan));
    }

    /** The loader of a retained plan's runs (null before its first run, or when not retained): for tests. */
    RunClassLoader keptLoader(RunPlan plan) {
        return kept.get(plan);
    }

    @Override
    public double run(RunPlan plan, String[] argv) throws RunFailure {
        return OutputParser.time(plan.app().name(), output(plan, argv));
    }

    /** A loader of {@code plan}'s program (translated and compiled first if need be), for a caller that
     *  keeps one across plans. */
    RunClassLoader openLoader(RunPlan plan) throws RunFailure {
        return new RunClassLoader(classpathFor(plan.app().mainClass(plan.form())), TranslatedAppRunner.class.getClassLoader());
    }

    /** Runs {@code plan} on {@code loader}'s classes, which stay loaded for its next run. */
    double run(RunPlan plan, RunClassLoader loader, String[] argv) throws RunFailure {
        String output = output(loader, plan.app().mainClass(plan.form()), plan, argv);
        String stateful = StaticState.mutableStatic(loader.defined());
        if (stateful != null) {
            throw new RunFailure(stateful + ": its runs cannot share classes");
        }
        return OutputParser.time(plan.app().name(), output);
    }

    /** Runs the plan and returns what the program printed (its verification and time lines). */
    String output(RunPlan plan, String[] argv) throws RunFailure {
        String mainClass = plan.app().mainClass(plan.form());
        URL[] classpath = classpathFor(mainClass);
        boolean keep = kept.containsKey(plan);
        RunClassLoader loader = keep ? kept.get(plan) : null;
        if (loader == null) {
            loader = new RunClassLoader(classpath, TranslatedAppRunner.class.getClassLoader());
            if (keep) {
                kept.put(plan, loader);
            }
        }
        try {
            String output = output(loader, mainClass, plan, argv);
            if (keep) {
                // Refused after the first run (the warm-up) rather than before the second: the row fails at once.
                String stateful = StaticState.mutableStatic(loader.defined());
                if (stateful != null) {
                    throw new RunFailure(stateful + ": its runs cannot share classes (steady state); measure it"
                            + " with " + BenchOptions.FRESH_CLASSES);
                }
            }
            return output;
        } finally {
            if (!keep) {
                close(loader);
            }
        }
    }

    private static String output(RunClassLoader loader, String mainClass, RunPlan plan, String[] argv)
            throws RunFailure {
        try {
            return OutputCapture.of(() -> {
                Graph.Builder graph = TranslatedLauncher.graphOf(loader, mainClass + TranslatedLauncher.ENTRY_SUFFIX,
                        plan.np(), List.of(argv));
                graph.workers(plan.coresPerNode()).nodes(plan.nodes()).placement(plan.placement()).latency(plan.latencyNanos())
                        .coreGate(BenchConfiguration.handlersGated() && !plan.variant().endsWith(BenchOptions.UNGATED))
                        .bandwidth(Double.isInfinite(plan.bandwidth()) ? 0 : plan.bandwidth()).build().run();
            });
        } catch (GraphFailure | UserError e) {
            throw new RunFailure(e.getMessage());
        }
    }

    private static void close(URLClassLoader loader) {
        if (loader == null) {
            return;
        }
        try {
            loader.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // closing a URLClassLoader over directories and jars
        }
    }

    /** Translates and compiles each application once per benchmark; each run loads the result afresh. */
    private URL[] classpathFor(String mainClass) throws RunFailure {
        URL[] cached = classpaths.get(mainClass);
        if (cached != null) {
            return cached;
        }
        Path source = sourceRoot().resolve(mainClass.replace('.', '/') + ".java");
        try {
            Path examples = ShimLauncher.locationOf(bamboo.examples.common.Reference.class);
            SourceCompiler.Output out = TranslatedLauncher.translateAndCompile(source, List.of(examples));
            URL[] classpath = ShimLauncher.urls(List.of(out.classesDir(), examples));
            classpaths.put(mainClass, classpath);
            return classpath;
        } catch (UserError e) {
            throw new RunFailure("translation failed: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }
}
