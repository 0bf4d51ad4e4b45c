package bamboo.bench.apps;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code bench apps --jvms N}: the whole pass run N times, each application in a JVM of its own every time
 * (this JVM's own command line with {@code --app A --output DIR/jvm-I/A}), and the N passes judged as one, each
 * row's repeats pooled in pass order ({@link PooledPasses}, as {@code --targets-from} does).
 *
 * <p>Why: a row's speed can differ more between JVMs of one build than between its repeats in one JVM
 * (Cannon's {@code bamboo} k=16: medians 0.333-0.372 s in 19 JVMs, each JVM's repeats within
 * 3.5%), and a pass takes all its repeats in one JVM, so one pass is one draw. This makes the verdict over
 * several draws one command instead of a shell loop and a {@code --targets-from}. One JVM per application
 * because what one application's runs leave in a JVM can change the next one's figures (Cannon's
 * {@code bamboo} k=9 ran 0.351-0.367 s in 7 of 8 JVMs of Cannon alone, 0.328-0.345 s in 6 of 6 that ran
 * jacobi3d first), while a user runs one application per JVM.
 */
final class JvmPasses {
    /** The system property that tells a child JVM which pass and application it is ("2/4 cannon"),
     *  for its progress lines. */
    static final String PASS_PROPERTY = "bamboo.bench.pass";
    /** The option. */
    static final String OPTION = "--jvms";

    /** Runs one pass's command with its folder; returns the child's exit code. Replaced in tests. */
    interface Launcher {
        int run(List<String> command, Path dir) throws IOException, InterruptedException;
    }

    private final BenchOptions options;
    private final Launcher launcher;
    private final PrintStream out;
    private final PrintStream err;

    JvmPasses(BenchOptions options, Launcher launcher, PrintStream out, PrintStream err) {
        this.options = options;
        this.launcher = launcher;
        this.out = out;
        this.err = err;
    }

    /** This JVM's command line (the executable, then every argument), or empty when the OS does not say. */
    static List<String> ownCommandLine() {
        ProcessHandle.Info info = ProcessHandle.current().info();
        Optional<String> exe = info.command();
        Optional<String[]> args = info.arguments();
        if (exe.isEmpty() || args.isEmpty()) {
            return List.of();
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(exe.get());
        cmd.addAll(List.of(args.get()));
        return cmd;
    }

    /**
     * The command of pass {@code pass} of {@code passes} for application {@code app}: {@code own} (this JVM's
     * command line, which must end with {@code benchArgs}, the suite's own arguments) with the pass property
     * after the executable, and the bench arguments without {@code --jvms}, {@code --app} and {@code --out},
     * then {@code --app app --output dir}. An {@link IllegalArgumentException} says why when {@code own} does not
     * end with {@code benchArgs}.
     */
    static List<String> childCommand(List<String> own, List<String> benchArgs, int pass, int passes, AppSpec app,
                                     Path dir) {
        int prefix = own.size() - benchArgs.size();
        if (own.isEmpty() || prefix < 1 || !own.subList(prefix, own.size()).equals(benchArgs)) {
            throw new IllegalArgumentException(OPTION + " starts this command again in new JVMs, but this JVM's command"
                    + " line does not end with the bench's arguments (" + String.join(" ", benchArgs) + "): run it"
                    + " as './bamboo bench apps ...'");
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(own.get(0));
        cmd.add("-D" + PASS_PROPERTY + "=" + pass + "/" + passes + " " + app.name());
        cmd.addAll(own.subList(1, prefix));
        for (int i = 0; i < benchArgs.size(); i++) {
            String a = benchArgs.get(i);
            if (a.equals(OPTION) || a.equals("--output") || a.equals("-d") || a.equals("--app")) {
                i++; // and its value
            } else {
                cmd.add(a);
            }
        }
        cmd.addAll(List.of("--app", app.name(), "--output", dir.toString()));
        return cmd;
    }

    /** The folder of pass {@code pass} (1-based) under {@code out}: the pass's pooled results.csv and runs.csv. */
    static Path passDir(Path out, int pass) {
        return out.resolve("jvm-" + pass);
    }

    /** The folder of {@code app}'s JVM in pass {@code pass}: what that JVM wrote, and its output.txt. */
    static Path appDir(Path out, int pass, AppSpec app) {
        return passDir(out, pass).resolve(app.name());
    }

    /**
     * Runs the passes with {@code own} as this JVM's command line and {@code benchArgs} as the suite's
     * arguments; prints and writes the pooled table. Returns the exit code (0, 1 a run failed, 2 usage).
     * Each application of a pass runs in a JVM of its own, so what one application's runs leave in a JVM (the
     * JIT's profile of the runtime code they share) cannot change another's figures.
     */
    int run(List<String> own, List<String> benchArgs) {
        int passes = options.jvms;
        try {
            childCommand(own, benchArgs, 1, passes, options.apps.get(0), passDir(options.out, 1));
        } catch (IllegalArgumentException e) {
            err.println("bamboo: " + e.getMessage());
            return 2;
        }
        List<String> names = new ArrayList<>();
        List<ResultTable> tables = new ArrayList<>();
        List<String> runLogs = new ArrayList<>();
        boolean anyRunFailed = false;
        for (int i = 1; i <= passes; i++) {
            List<Row> rows = new ArrayList<>();
            StringBuilder runs = new StringBuilder(RunLog.HEADER).append('\n');
            for (AppSpec app : options.apps) {
                Path dir = appDir(options.out, i, app);
                String tag = "[jvm " + i + "/" + passes + " " + app.name() + "]";
                err.println(tag + " a fresh JVM for " + app.name() + " in this pass; its results go to " + dir);
                int code;
                try {
                    Files.createDirectories(dir);
                    code = launcher.run(childCommand(own, benchArgs, i, passes, app, dir), dir);
                } catch (IOException e) {
                    err.println("bamboo: cannot start the JVM of pass " + i + " (" + app.name() + "): " + e.getMessage());
                    return stopped(i - 1, 1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    err.println("bamboo: interrupted in pass " + i + " (" + app.name() + ")");
                    return stopped(i - 1, 1);
                }
                if (code != 0 && code != 1) {
                    err.println("bamboo: the JVM of pass " + i + " (" + app.name() + ") ended with exit code " + code
                            + lastLines(dir));
                    return stopped(i - 1, code == 2 ? 2 : 1);
                }
                anyRunFailed |= code == 1;
                Path csv = dir.resolve("results.csv");
                try {
                    rows.addAll(ResultsCsv.read(csv.toString(), Files.readString(csv, StandardCharsets.UTF_8)).rows());
                    appendRuns(runs, readOrEmpty(dir.resolve("runs.csv")));
                } catch (IOException | IllegalArgumentException e) {
                    err.println("bamboo: pass " + i + " (" + app.name() + ") wrote no readable " + csv + " ("
                            + e.getMessage() + ")" + lastLines(dir));
                    return stopped(i - 1, 1);
                }
                err.println(tag + " done" + (code == 1 ? ": a run failed or did not verify (" + dir.resolve("output.txt")
                        + ")" : ""));
            }
            ResultTable pass = new ResultTable(rows);
            Path dir = passDir(options.out, i);
            try {
                Files.writeString(dir.resolve("results.csv"), pass.csv(), StandardCharsets.UTF_8);
                Files.writeString(dir.resolve("runs.csv"), runs, StandardCharsets.UTF_8);
            } catch (IOException e) {
                err.println("bamboo: cannot write pass " + i + "'s results to " + dir + ": " + e.getMessage());
                return stopped(i - 1, 2);
            }
            names.add(dir.getFileName().toString());
            tables.add(pass);
            runLogs.add(runs.toString());
        }
        ResultTable pooled = PooledPasses.pool(names, tables);
        TargetTable targets = options.targets ? new TargetTable(TargetVerdicts.judge(pooled)) : null;
        String header = AppBench.header(options, null) + passesLine(passes);
        String text = pooled.format() + "\n" + perPass(names, tables) + (targets == null ? "" : "\n" + targets.format());
        out.print(header);
        out.print(text);
        boolean wrote = AppBench.write(options, pooled, targets, header + text, runLogs(names, runLogs), out, err);
        return !wrote ? 2 : anyRunFailed || pooled.rows().stream().anyMatch(Row::failed) ? 1 : 0;
    }

    /** Appends the lines of one JVM's runs.csv, without its header, to a pass's. */
    private static void appendRuns(StringBuilder pass, String log) {
        List<String> lines = log.lines().toList();
        for (String l : lines.subList(Math.min(1, lines.size()), lines.size())) {
            pass.append(l).append('\n');
        }
    }

    /** After pass {@code done} + 1 could not finish: what the finished passes are good for. */
    private int stopped(int done, int code) {
        if (done > 0) {
            List<String> dirs = new ArrayList<>();
            for (int i = 1; i <= done; i++) {
                dirs.add(passDir(options.out, i).toString());
            }
            err.println("bamboo: " + done + " pass(es) finished; to judge them: bench apps " + BenchOptions.TARGETS_FROM
                    + " " + String.join(",", dirs));
        }
        return code;
    }

    private String passesLine(int passes) {
        return String.format(Locale.ROOT, "JVMs: %d passes (%s %d), each application in a fresh JVM of its own in"
                        + " every pass, with its own warm-up runs and %d repeats per row (folders jvm-1 .. jvm-%d); the"
                        + " table pools each row's repeats in pass order%n%n", passes, OPTION, passes, options.repeat,
                passes);
    }

    /** Each row's median in each pass, the spread between passes, and the hidden share per pass. */
    static String perPass(List<String> names, List<ResultTable> tables) {
        ResultTable first = tables.get(0);
        int width = Math.max(20, first.rows().stream().mapToInt(r -> r.plan().label().length()).max().orElse(0));
        StringBuilder sb = new StringBuilder("Per JVM: each pass's median (s), spread = slowest / fastest - 1;"
                + " comm hidden per pass below\n");
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-9s %-" + width + "s", "app", "variant"));
        names.forEach(n -> head.append(String.format(Locale.ROOT, " %9s", n)));
        head.append(String.format(Locale.ROOT, " %8s", "spread"));
        sb.append(head).append('\n');
        StringBuilder hidden = new StringBuilder();
        for (Row r : first.rows()) {
            if (!r.ok()) {
                continue;
            }
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-9s %-" + width + "s",
                    r.plan().app().name(), r.plan().label()));
            StringBuilder hid = new StringBuilder(line);
            double lo = Double.POSITIVE_INFINITY;
            double hi = 0;
            boolean anyHidden = false;
            for (ResultTable t : tables) {
                Row same = t.row(r.plan());
                double m = same != null && same.ok() ? same.median() : Double.NaN;
                line.append(String.format(Locale.ROOT, " %9s", ResultTable.seconds(m)));
                if (!Double.isNaN(m)) {
                    lo = Math.min(lo, m);
                    hi = Math.max(hi, m);
                }
                double h = same != null && same.ok() ? t.hidden(same) : Double.NaN;
                anyHidden |= !Double.isNaN(h) && r.plan().variant().startsWith("bamboo");
                hid.append(String.format(Locale.ROOT, " %9s", ResultTable.percent(h)));
            }
            line.append(String.format(Locale.ROOT, " %8s", hi > 0 ? ResultTable.percent(hi / lo - 1) : "-"));
            sb.append(line.toString().stripTrailing()).append('\n');
            if (anyHidden) {
                hidden.append(hid.toString().stripTrailing()).append('\n');
            }
        }
        if (hidden.length() > 0) {
            sb.append("comm hidden per pass:\n").append(hidden);
        }
        return sb.toString();
    }

    /** Every pass's runs.csv, one file, with the pass's folder as a first column. */
    static String runLogs(List<String> names, List<String> logs) {
        StringBuilder sb = new StringBuilder("jvm," + RunLog.HEADER + "\n");
        for (int i = 0; i < logs.size(); i++) {
            List<String> lines = logs.get(i).lines().toList();
            for (String l : lines.subList(Math.min(1, lines.size()), lines.size())) {
                sb.append(names.get(i)).append(',').append(l).append('\n');
            }
        }
        return sb.toString();
    }

    private static String readOrEmpty(Path p) throws IOException {
        return Files.exists(p) ? Files.readString(p, StandardCharsets.UTF_8) : "";
    }

    /** The last lines the pass printed on standard output (its table or its complaint), for an error line. */
    private static String lastLines(Path dir) {
        Path output = dir.resolve("output.txt");
        try {
            List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
            if (lines.isEmpty()) {
                return "";
            }
            return "; its last output (" + output + "):\n  "
                    + String.join("\n  ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "";
        }
    }

    /** Starts each pass as a child process: standard error shared (its progress), standard output to the pass's
     *  output.txt, nothing on standard input; a child still running when this JVM is stopped is stopped too. */
    static final class ChildProcesses implements Launcher {
        private volatile Process running;

        ChildProcesses() {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                Process p = running;
                if (p != null) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                }
            }, "bench-jvms-stop"));
        }

        @Override
        public int run(List<String> command, Path dir) throws IOException, InterruptedException {
            Process p = new ProcessBuilder(command)
                    .redirectError(ProcessBuilder.Redirect.INHERIT)
                    .redirectOutput(dir.resolve("output.txt").toFile())
                    .redirectInput(ProcessBuilder.Redirect.PIPE)
                    .start();
            running = p;
            try {
                p.getOutputStream().close();
                return p.waitFor();
            } finally {
                running = null;
            }
        }
    }
}
