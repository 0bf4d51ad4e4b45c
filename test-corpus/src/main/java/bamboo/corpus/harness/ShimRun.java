package bamboo.corpus.harness;

import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.ThreadsJob;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Path;

/**
 * Runs a compiled program untranslated on the mpi-shim's threads device with {@link ThreadsJob#runMain}:
 * every rank a thread with its own class loader, so mutable statics are per rank. The job never hangs:
 * a failing rank aborts the others and a deadlock is reported.
 */
public final class ShimRun {
    private ShimRun() {
    }

    /**
     * Runs {@code mainClass} from {@code classes} on {@code np} ranks over {@code nodes} simulated nodes.
     *
     * @param name names the program in the outcome's label
     */
    public static RunOutcome run(String name, Path classes, String mainClass, int np, int nodes, long latencyNanos) {
        String label = name + " untranslated np=" + np + " nodes=" + nodes
                + (latencyNanos > 0 ? " latency=" + latencyNanos + "ns" : "");
        JobConfig config = JobConfig.of(np).withNodes(nodes).withLatencyNanos(latencyNanos);
        URL[] classpath = {toUrl(classes)};
        StdoutCapture.Captured<JobResult> run =
                StdoutCapture.of(() -> ThreadsJob.runMain(config, classpath, mainClass, new String[0]));
        JobResult result = run.value();
        return new RunOutcome(label, result.succeeded() ? null : describe(result), run.output());
    }

    private static String describe(JobResult result) {
        String how = switch (result.exitCode()) {
            case JobResult.FAILED -> "failed";
            case JobResult.DEADLOCK -> "deadlocked";
            case JobResult.SETUP -> "could not start";
            default -> "ended with code " + result.exitCode();
        };
        String text = how + ": " + result.message();
        return result.deadlockReport() == null ? text : text + "\n" + result.deadlockReport();
    }

    static URL toUrl(Path dir) {
        try {
            return dir.toAbsolutePath().toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException("bad class directory " + dir, e);
        }
    }
}
