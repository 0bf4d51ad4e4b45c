package bamboo.cli;

import bamboo.cli.launch.UserError;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code ./bamboo}: dispatches to one subcommand and exits with its code. */
@Command(name = "bamboo", mixinStandardHelpOptions = true, version = "Bamboo for Java 0.1.0-SNAPSHOT",
        description = {"Overlap communication with computation in message-passing Java programs.", "",
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

    /** The exit codes of every command, the same table in every --help. */
    public static final Map<String, String> EXIT_CODES = exitCodes();

    /** What every message to the user starts with (a file's own errors start with the file instead). */
    public static final String PREFIX = "bamboo: ";

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
        applyEverywhere(cl);
        return cl;
    }

    /** One exit-code table and the same error handling on every command, the added ones included. */
    private static void applyEverywhere(CommandLine cl) {
        cl.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(EXIT_CODES);
        cl.setParameterExceptionHandler(Main::badUsage);
        cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> failure(e, commandLine));
        for (CommandLine sub : cl.getSubcommands().values()) {
            applyEverywhere(sub);
        }
    }

    private static Map<String, String> exitCodes() {
        Map<String, String> codes = new LinkedHashMap<>();
        codes.put("0", "success");
        codes.put("1", "failed: the program threw or does not compile, check or translate found errors, a "
                + "benchmark run failed or did not verify, a fuzzed program diverged");
        codes.put("2", "bad usage or input: an unknown or misspelt option, options that do not go together, a "
                + "missing or unreadable file, an unknown class");
        codes.put("3", "deadlock: every live rank (or task) waits in MPI with nothing in flight; the report says who "
                + "waits for what");
        codes.put("4", "a translated task ran past --task-timeout without reaching an evaluation point (the "
                + "message names the task and its line)");
        return java.util.Collections.unmodifiableMap(codes);
    }

    private static int badUsage(CommandLine.ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        PrintWriter err = cl.getErr();
        String help = cl.getCommandSpec().qualifiedName();
        String hint = "";
        String message = firstLower(e.getMessage());
        if (e instanceof CommandLine.UnmatchedArgumentException u) {
            List<String> suggestions = u.getSuggestions();
            List<String> unmatched = u.getUnmatched();
            String first = unmatched.isEmpty() ? "" : unmatched.get(0);
            if (!cl.getSubcommands().isEmpty() && !first.startsWith("-") && cl.getCommandSpec().positionalParameters().isEmpty()) {
                // A word where a command goes: picocli suggests only options, so match the commands here.
                message = "unknown command '" + first + "'";
                suggestions = closest(first, cl.getSubcommands().keySet());
            }
            if (!suggestions.isEmpty()) {
                hint = " (did you mean " + orList(suggestions) + "?)";
            }
        }
        err.println(PREFIX + message + hint + " (see '" + help + " --help')");
        return USAGE;
    }

    /** The names within two edits of {@code word} (or that start with it), nearest first. */
    static List<String> closest(String word, java.util.Collection<String> names) {
        return names.stream().filter(n -> n.startsWith(word) || distance(word, n) <= 2)
                .sorted(java.util.Comparator.comparingInt(n -> distance(word, n))).toList();
    }

    /** Edits (insert, delete, replace, swap two neighbours) from {@code a} to {@code b}. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            for (int j = 0; j <= b.length(); j++) {
                if (i == 0 || j == 0) {
                    d[i][j] = i + j;
                    continue;
                }
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    /** "a", "a or b", "a, b or c". */
    static String orList(List<String> words) {
        List<String> w = words.size() > 3 ? words.subList(0, 3) : words;
        if (w.size() == 1) {
            return w.get(0);
        }
        return String.join(", ", w.subList(0, w.size() - 1)) + " or " + w.get(w.size() - 1);
    }

    private static String firstLower(String message) {
        if (message == null || message.isEmpty() || message.length() > 1 && Character.isUpperCase(message.charAt(1))) {
            return String.valueOf(message);
        }
        return Character.toLowerCase(message.charAt(0)) + message.substring(1);
    }

    private static int failure(Exception e, CommandLine commandLine) {
        PrintWriter err = commandLine.getErr();
        if (e instanceof UserError) {
            err.println(e.getMessage().lines().map(l -> l.contains(": error: ") || l.startsWith(PREFIX) ? l : PREFIX + l)
                    .reduce((a, b) -> a + System.lineSeparator() + b).orElse("bamboo: error"));
            return ((UserError) e).exitCode();
        }
        err.println(PREFIX + "internal error: " + e + " (please report it; rerun with --verbose for details)");
        if (Boolean.getBoolean("bamboo.verbose")) {
            e.printStackTrace(err);
        }
        return FAILED;
    }
}
