package bamboo.corpus;

import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.ThreadsJob;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs a compiled corpus program untranslated on the mpi-shim's threads device with
 * {@link ThreadsJob#runMain}: every rank a thread with its own class loader.
 *
 * <p>The ranks print with {@code System.out}, which is one stream for the whole JVM, and the job API has
 * no per-job output; so the runner swaps {@code System.out} for a buffer around the job. Runs are
 * serialised on a lock, and JUnit runs this module's tests on one thread, so no other output is mixed
 * in.
 */
final class UntranslatedRunner {
    private static final Object CAPTURE = new Object();
    private static final Map<String, RunOutcome> REFERENCE = new ConcurrentHashMap<>();

    private UntranslatedRunner() {
    }

    /** Runs {@code program} on {@code np} ranks over {@code nodes} simulated nodes. */
    static RunOutcome run(CorpusProgram program, int np, int nodes, long latencyNanos) {
        Path classes = ProgramCompiler.compile(program);
        String label = program.name() + " untranslated np=" + np + " nodes=" + nodes
                + (latencyNanos > 0 ? " latency=" + latencyNanos + "ns" : "");
        JobConfig config = JobConfig.of(np).withNodes(nodes).withLatencyNanos(latencyNanos);
        URL[] classpath = {toUrl(classes)};
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        JobResult result;
        synchronized (CAPTURE) {
            PrintStream original = System.out;
            PrintStream capture = new PrintStream(captured, true, StandardCharsets.UTF_8);
            System.setOut(capture);
            try {
                result = ThreadsJob.runMain(config, classpath, program.mainClass(), new String[0]);
            } finally {
                capture.flush();
                System.setOut(original);
            }
        }
        String output = captured.toString(StandardCharsets.UTF_8);
        return new RunOutcome(label, result.succeeded() ? null : describe(result), output);
    }

    /** The untranslated run on one node without latency: what every other run is compared with. */
    static RunOutcome reference(CorpusProgram program, int np) {
        return REFERENCE.computeIfAbsent(program.name() + "@" + np, k -> run(program, np, 1, 0));
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

    private static URL toUrl(Path dir) {
        try {
            return dir.toAbsolutePath().toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException("bad class directory " + dir, e);
        }
    }
}
