package bamboo.examples;

import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.ThreadsJob;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;

/** Runs an example program on the shim's threads device and captures what its ranks print. */
public final class AppRun {
    private AppRun() {
    }

    /** The result of a job and its standard output. */
    public record Outcome(JobResult result, String output) {
    }

    /** Runs {@code mainClass} on {@code np} ranks over {@code nodes} simulated nodes (20us, 1GB/s). */
    public static Outcome run(String mainClass, int np, int nodes, String... args) {
        JobConfig config = JobConfig.of(np).withNodes(nodes).withLatencyNanos(nodes > 1 ? 20_000 : 0)
                .withBandwidth(nodes > 1 ? 1e9 : Double.POSITIVE_INFINITY);
        URL[] cp = {AppRun.class.getProtectionDomain().getCodeSource().getLocation(),
                    bamboo.examples.common.Params.class.getProtectionDomain().getCodeSource().getLocation()};
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream previous = System.out;
        JobResult result;
        synchronized (AppRun.class) {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            try {
                result = ThreadsJob.runMain(config, cp, mainClass, args);
            } finally {
                System.setOut(previous);
            }
        }
        return new Outcome(result, captured.toString(StandardCharsets.UTF_8));
    }

    /**
     * Runs on two simulated nodes (one for a single rank), so that messages between the halves are
     * delayed and arrive while the ranks compute, and requires success and rank 0's verification and
     * time lines.
     */
    public static String verified(String app, String form, String mainClass, int np, String... args) {
        Outcome o = run(mainClass, np, Math.min(np, 2), args);
        assertTrue(o.result().succeeded(), () -> mainClass + " np=" + np + ": " + o.result().message()
                + "\n" + o.output());
        String prefix = app + " " + form + ": ";
        assertTrue(o.output().contains(prefix + "verified"),
                () -> "no verification line from " + mainClass + " np=" + np + ":\n" + o.output());
        assertTrue(o.output().matches("(?s).*" + prefix + "time [0-9.]+ s\\R.*"),
                () -> "no time line from " + mainClass + " np=" + np + ":\n" + o.output());
        return o.output();
    }
}
