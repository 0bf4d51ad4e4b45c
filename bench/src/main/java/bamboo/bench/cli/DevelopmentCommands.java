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
        // A suite's options are its own: pass them through untouched.
        root.getSubcommands().get("bench").getSubcommands().values().forEach(sub -> {
            sub.setStopAtPositional(true);
            sub.setUnmatchedOptionsArePositionalParams(true);
        });
    }
}
