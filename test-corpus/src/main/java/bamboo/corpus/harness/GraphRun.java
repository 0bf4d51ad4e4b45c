package bamboo.corpus.harness;

import bamboo.runtime.Graph;
import bamboo.runtime.GraphDeadlock;
import bamboo.runtime.GraphFailure;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs a translated program on the task-graph runtime: its generated entry point
 * {@code X_Bamboo.graph(tasks, args)}, then {@code workers}, {@code nodes}, {@code latency},
 * {@code build().run()}, with {@code System.out} captured. The run happens on a thread of its own with
 * a time limit, so a translation that loops forever is reported instead of hanging the caller.
 */
public final class GraphRun {
    /** Suffix of the entry-point companion the translator generates. */
    public static final String ENTRY_SUFFIX = "_Bamboo";

    private GraphRun() {
    }

    /**
     * Runs the companion of {@code mainClass} found in {@code classes}.
     *
     * @param name names the program in the outcome's label
     * @param timeoutMillis how long the run may take before it is reported as hanging
     */
    public static RunOutcome run(String name, Path classes, String mainClass, int tasks, int workers, int nodes,
                                 long latencyNanos, long timeoutMillis) {
        String label = name + " translated tasks=" + tasks + " workers=" + workers + " nodes=" + nodes
                + (latencyNanos > 0 ? " latency=" + latencyNanos + "ns" : "");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {ShimRun.toUrl(classes)}, GraphRun.class.getClassLoader())) {
            Class<?> entry;
            try {
                entry = Class.forName(mainClass + ENTRY_SUFFIX, true, loader);
            } catch (ClassNotFoundException e) {
                return new RunOutcome(label, "the translator generated no entry point " + mainClass + ENTRY_SUFFIX, "");
            }
            StdoutCapture.Captured<String> run = StdoutCapture.of(() -> runGraph(entry, loader, tasks, workers, nodes,
                    latencyNanos, timeoutMillis));
            return new RunOutcome(label, run.value(), run.output());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Builds and runs the graph; null on success, else one line naming the failure. */
    private static String runGraph(Class<?> entry, ClassLoader loader, int tasks, int workers, int nodes,
                                   long latencyNanos, long timeoutMillis) {
        FutureTask<String> job = new FutureTask<>(() -> {
            Graph.Builder builder = (Graph.Builder) entry.getMethod("graph", int.class, String[].class)
                    .invoke(null, tasks, new String[0]);
            Graph.Result result = builder.workers(workers).nodes(nodes).latency(latencyNanos).build().run();
            return result.unreceivedMessages() == 0 ? null
                    : result.unreceivedMessages() + " message(s) sent but never received";
        });
        Thread thread = new Thread(job, "graph-run");
        thread.setDaemon(true);
        // As a launcher would: the program's loader is the context loader of the threads the graph starts.
        thread.setContextClassLoader(loader);
        thread.start();
        try {
            return job.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            job.cancel(true);
            return "hangs: no result within " + timeoutMillis + " ms";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } catch (ExecutionException e) {
            return describe(e.getCause());
        }
    }

    private static String describe(Throwable t) {
        Throwable cause = t instanceof InvocationTargetException ite ? ite.getCause() : t;
        if (cause instanceof GraphDeadlock) {
            return "deadlocked: " + cause.getMessage();
        }
        if (cause instanceof GraphFailure) {
            return "failed: " + cause.getMessage();
        }
        return "failed: " + cause;
    }
}
