package bamboo.bench.cli;

import bamboo.bench.apps.TranslatedAppRunner;
import bamboo.cli.Main;
import bamboo.bench.apps.AppBench;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code bamboo bench}: the benchmark suites. Each suite parses its own options (see its --help). */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Runs a benchmark suite and prints its figures.", "",
                "Suites:",
                "  apps     the applications in every variant of BRIEF section 5",
                "           (basic, oversubscribed, virtual, splitphase, bamboo, nocomm,",
                "           mpj-express): median times, speed-up, communication hidden;",
                "           writes CSV and a plot. 'bamboo bench apps --help' for options.",
                "  shim     OSU-style ping-pong latency and streaming bandwidth of the",
                "           mpi-shim against a plain array copy",
                "           ([--quick] [--ranks-as platform|virtual]).",
                "  runtime  JMH: task switch, inject-and-fire, task-to-task latency,",
                "           bandwidth, allocation per message, and the same ping-pong on",
                "           virtual threads ([--quick]).",
                "",
                "Every suite ends with 'metric NAME VALUE UNIT' lines, one per figure."},
        subcommands = {BenchCommand.Apps.class, BenchCommand.Shim.class, BenchCommand.Runtime.class})
public final class BenchCommand implements Callable<Integer> {

    @Override
    public Integer call() {
        System.err.println("bamboo: bench needs a suite: apps, shim or runtime (see 'bamboo bench --help')");
        return Main.USAGE;
    }

    /** The application benchmark of issue 6. */
    @Command(name = "apps", description = "Application benchmark (all options are the suite's own; try --help).")
    static final class Apps implements Callable<Integer> {
        @Parameters(paramLabel = "OPTIONS", description = "Options of the suite, e.g. --quick --app jacobi3d")
        List<String> args = new ArrayList<>();

        @Override
        public Integer call() {
            return AppBench.run(args.toArray(new String[0]), System.out, System.err,
                    TranslatedAppRunner.forCheckout());
        }
    }

    /** The mpi-shim's ping-pong and bandwidth (issue 2). Exits the JVM with the suite's code. */
    @Command(name = "shim", description = "mpi-shim latency and bandwidth (options: --quick, --ranks-as platform|virtual).")
    static final class Shim implements Callable<Integer> {
        @Parameters(paramLabel = "OPTIONS", description = "Options of the suite")
        List<String> args = new ArrayList<>();

        @Override
        public Integer call() {
            bamboo.bench.shim.ShimBench.main(args.toArray(new String[0]));
            return 0;
        }
    }

    /** The runtime's JMH benchmarks (issue 3). Exits the JVM with the suite's code. */
    @Command(name = "runtime", description = "Task-graph runtime micro-benchmarks (options: --quick).")
    static final class Runtime implements Callable<Integer> {
        @Parameters(paramLabel = "OPTIONS", description = "Options of the suite")
        List<String> args = new ArrayList<>();

        @Override
        public Integer call() {
            bamboo.bench.runtime.RuntimeBench.main(args.toArray(new String[0]));
            return 0;
        }
    }
}
