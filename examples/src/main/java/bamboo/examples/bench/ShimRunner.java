package bamboo.examples.bench;

import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.ThreadsJob;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;

/**
 * Runs a plan untranslated on the shim's threads device: {@code np} ranks as threads of this JVM, each
 * with its own class loader, under the plan's simulated interconnect. The ranks' standard output is
 * captured to read the program's verification and time lines.
 */
public final class ShimRunner implements Runner {
    private final URL[] classpath;

    /** A runner loading the programs from {@code classpath}. */
    public ShimRunner(URL[] classpath) {
        this.classpath = classpath.clone();
    }

    /** A runner loading the programs from wherever the examples' classes are. */
    public static ShimRunner forExamples() {
        return new ShimRunner(new URL[] {AppBench.class.getProtectionDomain().getCodeSource().getLocation()});
    }

    @Override
    public double run(RunPlan plan, String[] argv) throws RunFailure {
        JobConfig config = JobConfig.of(plan.np())
                .withNodes(plan.nodes())
                .withLatencyNanos(plan.latencyNanos())
                .withBandwidth(plan.bandwidth())
                .withRanksAs(plan.virtual() ? JobConfig.RanksAs.VIRTUAL : JobConfig.RanksAs.PLATFORM);
        String output;
        JobResult result;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        // System.out is global: one job at a time may capture it.
        synchronized (ShimRunner.class) {
            PrintStream previous = System.out;
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            try {
                result = ThreadsJob.runMain(config, classpath, plan.app().mainClass(plan.form()), argv);
            } finally {
                System.out.flush();
                System.setOut(previous);
            }
            output = captured.toString(StandardCharsets.UTF_8);
        }
        if (!result.succeeded()) {
            throw new RunFailure(result.message());
        }
        return OutputParser.time(plan.app().name(), output);
    }
}
