package bamboo.bench.apps;

import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.RankLoaders;
import bamboo.shim.job.ThreadsJob;
import java.net.URL;
import java.util.HashMap;
import java.util.Map;

/**
 * Runs a plan untranslated on the shim's threads device: {@code np} ranks as threads of this JVM, each
 * with its own class loader, under the plan's simulated interconnect. The ranks' standard output is
 * captured to read the program's verification and time lines.
 *
 * <p>A plan that is {@link #retain retained} (steady state) keeps its ranks' loaders ({@link RankLoaders})
 * from run to run, so rank r of every run executes the classes rank r of the first run loaded and the JIT
 * compiled; other plans get new loaders per run.
 */
public final class ShimRunner implements Runner {
    private final URL[] classpath;
    private final Map<RunPlan, RankLoaders> kept = new HashMap<>();

    /** A runner loading the programs from {@code classpath}. */
    public ShimRunner(URL[] classpath) {
        this.classpath = classpath.clone();
    }

    /** A runner loading the programs from wherever the examples' classes are. */
    public static ShimRunner forExamples() {
        return new ShimRunner(new URL[] {
                bamboo.examples.common.Reference.class.getProtectionDomain().getCodeSource().getLocation()});
    }

    @Override
    public void retain(RunPlan plan) {
        kept.computeIfAbsent(plan, p -> RankLoaders.open(classpath, p.np()));
    }

    @Override
    public void release(RunPlan plan) {
        RankLoaders loaders = kept.remove(plan);
        if (loaders != null) {
            loaders.close();
        }
    }

    @Override
    public double run(RunPlan plan, String[] argv) throws RunFailure {
        return run(plan, kept.get(plan), argv);
    }

    /** Loaders for {@code np} ranks of the programs this runner loads, for a caller that keeps its own. */
    RankLoaders openLoaders(int np) {
        return RankLoaders.open(classpath, np);
    }

    /** Runs {@code plan} on {@code loaders}' classes, or on fresh ones when null. */
    double run(RunPlan plan, RankLoaders loaders, String[] argv) throws RunFailure {
        // each node of a row has plan.coresPerNode() cores, so k ranks per node run at most that many at once
        // and cannot borrow a core of another node whose ranks wait (a no-op for one rank per core)
        JobConfig config = JobConfig.of(plan.np())
                .withCoresPerNode(BenchConfiguration.coreGate() && !plan.variant().endsWith(BenchOptions.UNGATED) ? plan.coresPerNode() : 0)
                .withNodes(plan.nodes())
                .withPlacement(plan.placement())
                .withLatencyNanos(plan.latencyNanos())
                .withBandwidth(plan.bandwidth())
                .withRanksAs(plan.virtual() ? JobConfig.RanksAs.VIRTUAL : JobConfig.RanksAs.PLATFORM);
        String mainClass = plan.app().mainClass(plan.form());
        JobResult[] result = new JobResult[1];
        String output = OutputCapture.of(() -> result[0] = loaders == null
                ? ThreadsJob.runMain(config, classpath, mainClass, argv)
                : ThreadsJob.runMain(config, loaders, mainClass, argv));
        if (!result[0].succeeded()) {
            throw new RunFailure(result[0].message());
        }
        if (loaders != null) {
            // Refused after its first run rather than before its second: the warm-up fails the row at once.
            String stateful = loaders.mutableStatic();
            if (stateful != null) {
                throw new RunFailure(stateful + ": its runs cannot share classes (steady state); measure it with "
                        + BenchOptions.FRESH_CLASSES);
            }
        }
        return OutputParser.time(plan.app().name(), output);
    }
}
