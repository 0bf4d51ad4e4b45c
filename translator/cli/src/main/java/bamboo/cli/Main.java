package bamboo.cli;

import bamboo.cli.launch.UserError;
import java.io.PrintWriter;
import java.util.ServiceLoader;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code ./bamboo}: dispatches to one subcommand and exits with its code. */
@Command(name = "bamboo", mixinStandardHelpOptions = true, version = "Bamboo for Java 0.1.0-SNAPSHOT",
        description = {"Overlap communication with computation in message-passing Java programs.", "",
                "Exit codes: 0 success, 1 the program or check failed, 2 bad usage or input, 3 deadlock, "
                        + "4 a translated task ran past --task-timeout without reaching an evaluation point.",
                "",
                "'bamboo help COMMAND' or 'bamboo COMMAND --help' explains a command."},
        subcommands = {
                RunCommand.class,
                TranslateCommand.class,
                CheckCommand.class,
                CommandLine.HelpCommand.class})
public final class Main {

    /** Exit code when the program, check or benchmark itself failed. */
    public static final int FAILED = 1;
    /** Exit code for bad usage or bad input. */
    public static final int USAGE = 2;
    /** Exit code when the program deadlocked (ranks blocked in MPI, or tasks waiting, nothing in flight). */
    public static final int DEADLOCK = 3;
    /** Exit code when the watchdog found a translated task stuck between evaluation points. */
    public static final int TASK_TIMEOUT = 4;

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns the exit code, without exiting (for tests). */
    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    /** The configured command line: one-line errors, never a stack trace for a user's mistake. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.setParameterExceptionHandler(Main::badUsage);
        cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> failure(e, commandLine));
        // Everything after the program's name belongs to the program, options included.
        cl.getSubcommands().get("run").setStopAtPositional(true);
        for (CommandSet set : ServiceLoader.load(CommandSet.class, Main.class.getClassLoader())) {
            set.commands().forEach(cl::addSubcommand);
            set.configure(cl);
        }
        return cl;
    }

    private static int badUsage(CommandLine.ParameterException e, String[] args) {
        PrintWriter err = e.getCommandLine().getErr();
        err.println("bamboo: " + e.getMessage() + " (see '" + e.getCommandLine().getCommandSpec().qualifiedName()
                + " --help')");
        return USAGE;
    }

    private static int failure(Exception e, CommandLine commandLine) {
        PrintWriter err = commandLine.getErr();
        if (e instanceof UserError) {
            err.println(e.getMessage().lines().map(l -> l.contains(": error: ") ? l : "bamboo: " + l)
                    .reduce((a, b) -> a + System.lineSeparator() + b).orElse("bamboo: error"));
            return ((UserError) e).exitCode();
        }
        err.println("bamboo: internal error: " + e + " (please report it; rerun with --verbose for details)");
        if (Boolean.getBoolean("bamboo.verbose")) {
            e.printStackTrace(err);
        }
        return FAILED;
    }
}
