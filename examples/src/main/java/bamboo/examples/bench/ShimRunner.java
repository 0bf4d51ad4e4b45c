package bamboo.examples.bench;

import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.ThreadsJob;
import java.net.URL;

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
        JobResult[] result = new JobResult[1];
        String output = OutputCapture.of(
                () -> result[0] = ThreadsJob.runMain(config, classpath, plan.app().mainClass(plan.form()), argv));
        if (!result[0].succeeded()) {
            throw new RunFailure(result[0].message());
        }
        return OutputParser.time(plan.app().name(), output);
    }
}
