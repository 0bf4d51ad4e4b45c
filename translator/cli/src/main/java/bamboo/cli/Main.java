package bamboo.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code ./bamboo}: dispatches to one subcommand and exits with its code. */
@Command(name = "bamboo", mixinStandardHelpOptions = true, version = "Bamboo for Java 0.1.0-SNAPSHOT",
        description = "Overlap communication with computation in message-passing Java programs.",
        subcommands = {CommandLine.HelpCommand.class, TranslateCommand.class, CheckCommand.class})
public final class Main {

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns the exit code, without exiting (for tests). */
    public static int execute(String... args) {
        return new CommandLine(new Main()).execute(args);
    }
}
