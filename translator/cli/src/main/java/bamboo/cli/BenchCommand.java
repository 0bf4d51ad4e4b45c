package bamboo.cli;

import bamboo.examples.bench.AppBench;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code bamboo bench}: the benchmark suites. Each suite parses its own options (see its --help). */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Runs a benchmark suite and prints its figures.", "",
                "Suites:",
                "  apps     the applications in every variant of BRIEF section 5 (basic, oversubscribed,",
                "           virtual, splitphase, bamboo, nocomm): median times, speed-up, communication",
                "           hidden; writes CSV and a plot. './bamboo bench apps --help' for its options."},
        subcommands = {BenchCommand.Apps.class})
public final class BenchCommand implements Callable<Integer> {

    @Override
    public Integer call() {
        System.err.println("bamboo: bench needs a suite: apps (see 'bamboo bench --help')");
        return Main.USAGE;
    }

    /** The application benchmark of issue 6. */
    @Command(name = "apps", description = "Application benchmark (all options are the suite's own; try --help).")
    static final class Apps implements Callable<Integer> {
        @Parameters(paramLabel = "OPTIONS", description = "Options of the suite, e.g. --quick --app jacobi3d")
        List<String> args = new ArrayList<>();

        @Override
        public Integer call() {
            return AppBench.run(args.toArray(new String[0]), System.out, System.err, null);
        }
    }
}
