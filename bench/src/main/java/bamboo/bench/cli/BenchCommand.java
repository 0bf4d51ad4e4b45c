package bamboo.bench.cli;

import bamboo.bench.apps.AppBench;
import bamboo.bench.apps.BenchOptions;
import bamboo.bench.apps.TranslatedAppRunner;
import bamboo.bench.osu.OsuBench;
import bamboo.bench.runtime.RuntimeBench;
import bamboo.bench.shim.ShimBench;
import bamboo.cli.launch.UserError;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code bamboo bench}: the benchmark suites, each a command of its own. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Runs a benchmark suite and prints its figures.", "",
                "Suites:",
                "  apps     the applications as the plain program (basic), oversubscribed,",
                "           on virtual threads, with hand-written overlap (splitphase),",
                "           translated (bamboo), with communication free (nocomm) and on",
                "           MPJ Express: median times, speed-up, communication hidden;",
                "           writes CSV and a plot. 'bamboo bench apps --help' for options.",
                "  shim     OSU-style ping-pong latency and streaming bandwidth of the",
                "           mpi-shim against a plain array copy.",
                "  runtime  JMH: task switch, inject-and-fire, task-to-task latency,",
                "           bandwidth, allocation per message, and the same ping-pong on",
                "           virtual threads.",
                "  osu      OSU-style latency and bandwidth over message sizes on every",
                "           device (threads, aeron, mpi) and in C over the MPIs found.",
                "",
                "Every suite ends with 'metric NAME VALUE UNIT' lines, one per figure."},
        subcommands = {BenchCommand.Apps.class, ShimBench.Cli.class, RuntimeBench.class, OsuBench.class})
public final class BenchCommand implements Callable<Integer> {

    @Override
    public Integer call() {
        throw new UserError("bench needs a suite: apps, shim, runtime or osu (see 'bamboo bench --help')");
    }

    /**
     * The application benchmark. Its options are {@link BenchOptions}, a picocli command of its own, parsed by
     * {@link AppBench#run}: the same command line also starts the benchmark's child JVMs ({@code --jvms}).
     */
    @Command(name = "apps", description = "Application benchmark ('bamboo bench apps --help' lists its options).")
    static final class Apps implements Callable<Integer> {
        @Parameters(paramLabel = "OPTIONS", description = "Options of the suite, e.g. --quick --app jacobi3d")
        List<String> args = new ArrayList<>();

        @Override
        public Integer call() {
            return AppBench.run(args.toArray(new String[0]), System.out, System.err,
                    TranslatedAppRunner.forCheckout());
        }
    }
}
