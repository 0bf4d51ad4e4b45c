package bamboo.bench.cli;

import bamboo.cli.Main;
import bamboo.cli.launch.SourceCompiler;
import bamboo.corpus.fuzz.Campaign;
import bamboo.corpus.fuzz.Program;
import bamboo.corpus.fuzz.RunPlan;
import bamboo.corpus.fuzz.Verdict;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bamboo fuzz}: differential fuzzing of the translator; the work is {@link Campaign}'s. */
@Command(name = "fuzz", mixinStandardHelpOptions = true,
        description = {"Differential fuzzing: random annotated programs, untranslated against translated.",
                "",
                "Generates random annotated SPMD programs, runs each untranslated on the mpi-shim and "
                + "translated on the task-graph runtime at several task, worker and node counts, and compares "
                + "their output. A divergence is shrunk to a small program and written as a test-corpus case.",
                "Program i has seed SEED+i: '--seed SEED+i --count 1' reruns it alone (--keep shows its source).",
                "",
                "Exit code 0 when every program ran clean; 1 when a translated run diverged from the untranslated "
                + "one (a translator or runtime bug), or the generator made programs the translator refused or that "
                + "fail untranslated (a generator bug): the summary says which."})
public final class FuzzCommand implements Callable<Integer> {
    @Option(names = "--count", paramLabel = "N", defaultValue = "100", description = "programs to run (default ${DEFAULT-VALUE})")
    int count;

    @Option(names = "--seed", paramLabel = "S", description = "seed of the first program (default: from the clock, printed)")
    Long seed;

    @Option(names = "--np", split = ",", paramLabel = "N,..", description = "rank / task counts (default 1,2,3,5,8)")
    List<Integer> ranks;

    @Option(names = "--workers", split = ",", paramLabel = "W,..", description = "worker counts of translated runs (default 1,2)")
    List<Integer> workers;

    @Option(names = "--nodes", paramLabel = "K", defaultValue = "3",
            description = "translated runs also on min(K, np) simulated nodes with 20 us latency (default ${DEFAULT-VALUE})")
    int nodes;

    @Option(names = "--keep", paramLabel = "DIR", description = "keep every generated program's source in DIR")
    Path keep;

    @Option(names = {"-d", "--output"}, paramLabel = "DIR", defaultValue = "fuzz-found",
            description = "where shrunk divergences are written as corpus cases (default ${DEFAULT-VALUE})")
    Path out;

    @Option(names = "--shrink", paramLabel = "N", defaultValue = "300",
            description = "most variants tried when shrinking a divergence; 0 writes it unshrunk (default ${DEFAULT-VALUE})")
    int shrink;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "60",
            description = "a translated run taking longer counts as hanging (default ${DEFAULT-VALUE})")
    int timeoutSeconds;

    @Option(names = {"-q", "--quiet"}, description = "no line per program, only problems, progress and the summary")
    boolean quiet;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter outWriter = spec.commandLine().getOut();
        if (count < 0 || shrink < 0 || timeoutSeconds < 1) {
            throw new bamboo.cli.launch.UserError("--count and --shrink must be >= 0 and --timeout >= 1");
        }
        RunPlan plan;
        try {
            plan = RunPlan.standard().withNodes(nodes);
            if (ranks != null) {
                plan = plan.withRanks(ranks);
            }
            if (workers != null) {
                plan = plan.withWorkers(workers);
            }
            plan = new RunPlan(plan.ranks(), plan.workers(), plan.manyNodes(), plan.latencyNanos(), timeoutSeconds * 1000L);
        } catch (IllegalArgumentException e) {
            err.println("bamboo: " + e.getMessage());
            return Main.USAGE;
        }
        long first = seed != null ? seed : System.currentTimeMillis();
        outWriter.printf(Locale.ROOT, "fuzz: %d programs, seeds %d..%d, np %s, workers %s, nodes 1 and %d%n", count, first,
                first + count - 1, plan.ranks(), plan.workers(), plan.manyNodes());
        outWriter.flush();
        Campaign.Settings settings = new Campaign.Settings(first, count, plan, SourceCompiler.createTempDir(), keep, out, shrink);
        Campaign.Summary summary = Campaign.run(settings, new Progress(outWriter, err, quiet, count));
        report(summary, first, outWriter);
        if (summary.diverged() > 0) {
            return Main.FAILED;
        }
        return summary.allClean() ? 0 : Main.FAILED;
    }

    private static void report(Campaign.Summary s, long first, PrintWriter out) {
        out.printf(Locale.ROOT, "fuzz: %d programs (seeds %d..%d) in %.1f s: %d clean, %d diverged, %d refused by the "
                        + "translator (generator bug), %d invalid (generator bug)%n", s.ran(), first, first + s.ran() - 1,
                s.elapsedNanos() / 1e9, s.clean(), s.diverged(), s.refused(), s.invalid());
        for (Campaign.Finding f : s.findings()) {
            out.println("  seed " + f.seed() + ": " + f.verdict().kind().name().toLowerCase(Locale.ROOT)
                    + (f.shrunk() != null ? ", shrunk to " + f.shrunk().size() + " nodes" : "")
                    + (f.writtenCase() != null ? ", written to " + f.writtenCase() : ""));
            f.verdict().detail().lines().limit(12).forEach(l -> out.println("    " + l));
        }
        out.flush();
    }

    /** One line per program (unless quiet), problems as they happen. */
    private static final class Progress implements Campaign.Listener {
        private final PrintWriter out;
        private final PrintWriter err;
        private final boolean quiet;
        private final int total;

        Progress(PrintWriter out, PrintWriter err, boolean quiet, int total) {
            this.out = out;
            this.err = err;
            this.quiet = quiet;
            this.total = total;
        }

        @Override
        public void finished(int index, long seed, Verdict verdict, Campaign.Summary soFar) {
            String counts = String.format(Locale.ROOT, "%d clean, %d diverged, %d refused, %d invalid, %.1f s",
                    soFar.clean(), soFar.diverged(), soFar.refused(), soFar.invalid(), soFar.elapsedNanos() / 1e9);
            if (!quiet || !verdict.isClean()) {
                out.printf(Locale.ROOT, "[%d/%d] seed %d: %s (%s)%n", index + 1, total, seed,
                        verdict.kind().name().toLowerCase(Locale.ROOT), counts);
                if (!verdict.isClean()) {
                    verdict.detail().lines().limit(12).forEach(l -> out.println("    " + l));
                }
                out.flush();
            } else if ((index + 1) % Math.max(1, total / 20) == 0 || index + 1 == total) {
                err.printf(Locale.ROOT, "fuzz: %d/%d (%s)%n", index + 1, total, counts);
                err.flush();
            }
        }

        @Override
        public void shrinking(long seed) {
            err.println("fuzz: shrinking the divergence of seed " + seed + "...");
            err.flush();
        }

        @Override
        public void found(Campaign.Finding f) {
            Program p = f.shrunk();
            err.println("fuzz: seed " + f.seed() + " shrunk to " + (p == null ? "?" : p.size()) + " nodes"
                    + (f.writtenCase() != null ? ", written to " + f.writtenCase() : ""));
            err.flush();
        }
    }
}
