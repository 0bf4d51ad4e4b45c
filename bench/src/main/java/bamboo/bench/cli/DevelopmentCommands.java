package bamboo.bench.cli;

import bamboo.cli.CommandSet;
import java.util.List;
import picocli.CommandLine;

/** The development side's commands in {@code ./bamboo}: the demo, the benchmark suites and the fuzzer. */
public final class DevelopmentCommands implements CommandSet {

    @Override
    public List<Object> commands() {
        return List.of(new DemoCommand(), new BenchCommand(), new FuzzCommand());
    }

    @Override
    public void configure(CommandLine root) {
        // The application benchmark parses its options itself (its child JVMs get the same command line).
        CommandLine apps = root.getSubcommands().get("bench").getSubcommands().get("apps");
        apps.setStopAtPositional(true);
        apps.setUnmatchedOptionsArePositionalParams(true);
    }
}
