package bamboo.cli.launch;

import bamboo.runtime.Graph;
import bamboo.runtime.GraphMain;
import bamboo.shim.launch.ProcessConfig;
import bamboo.shim.launch.ProcessJob;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a translated program as {@code --nodes} processes of the task-graph runtime over the aeron device:
 * one JVM per node ({@link ProcessJob}), each running {@link GraphMain} on the compiled companion, which
 * joins the world the device sets up and runs its block of the tasks. The nodes forward their output as
 * the untranslated aeron runs do and agree on how the graph ends; the job's exit code is the runtime's
 * (0, 1 a task failed, 3 deadlock, 4 a task overran --task-timeout) or the device's (a lost process, a job that could not start).
 */
final class ProcessLauncher {
    private ProcessLauncher() {
    }

    /**
     * @param generated the translated source tree when the program was translated here (its nodes then
     *                  name the program's lines in stack traces, {@link NodeMain}), or null
     */
    static int run(TranslatedLauncher.Request r, TranslatedLauncher.Limits limits, List<Path> runPath, String entry,
                   Path generated) {
        if (r.nodes() > r.tasks()) {
            throw new UserError("--nodes " + r.nodes() + " is more than --np " + r.tasks()
                    + ": every process needs at least one task");
        }
        checkCompanion(runPath, entry);
        List<Path> classpath = new ArrayList<>(runPath);
        classpath.add(ShimLauncher.locationOf(Graph.class));      // the runtime
        classpath.add(ShimLauncher.locationOf(bamboo.Bamboo.class)); // annotations and TaskHints
        List<String> args = new ArrayList<>(List.of("--tasks", String.valueOf(r.tasks()),
                "--workers", String.valueOf(r.workers())));
        if (r.trace() != null) {
            args.add("--trace");
            args.add(r.trace().toAbsolutePath().toString());
        }
        args.addAll(List.of("--inbox-limit", String.valueOf(limits.inboxLimit()),
                "--task-timeout-ms", String.valueOf((limits.taskTimeoutNanos() + 999_999) / 1_000_000)));
        if (r.verbose()) {
            args.add("--verbose");
        }
        args.add(entry);
        args.addAll(r.args());
        ProcessConfig config = ProcessConfig.of(r.nodes()).withHostfile(r.hostfile());
        System.out.flush();
        if (generated != null) {
            classpath.add(ShimLauncher.locationOf(NodeMain.class)); // last: the program's own classes come first
            args.add(0, generated.toAbsolutePath().toString());
            return ProcessJob.run(config, classpath, NodeMain.class.getName(), args);
        }
        return ProcessJob.run(config, classpath, GraphMain.class.getName(), args);
    }

    /** Fails here, with the one-JVM run's message, rather than in every child. */
    private static void checkCompanion(List<Path> runPath, String entry) {
        try (URLClassLoader loader = new URLClassLoader(ShimLauncher.urls(runPath),
                TranslatedLauncher.class.getClassLoader())) {
            TranslatedLauncher.companion(loader, entry);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
