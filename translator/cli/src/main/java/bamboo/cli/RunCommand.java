package bamboo.cli;

import bamboo.cli.launch.NativeLauncher;
import bamboo.cli.launch.ShimLauncher;
import bamboo.cli.launch.TranslatedLauncher;
import bamboo.cli.launch.UserError;
import bamboo.cli.launch.Units;
import bamboo.shim.launch.ProcessConfig;
import bamboo.shim.net.RankPlacement;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code bamboo run}: runs an MPI program, untranslated on the mpi-shim or translated on the runtime. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
                "Runs an SPMD program written against the mpiJava 1.2 API (MPJ Express style).",
                "",
                "Untranslated, N ranks run as threads in one JVM (the threads device); each rank loads the "
                        + "program's classes in its own class loader, so mutable statics are per rank. A single "
                        + ".java file is compiled on the fly against the mpi-shim, like 'java File.java'.",
                "",
                "With --nodes K the ranks are placed on K simulated nodes (block-wise unless --placement "
                        + "says otherwise): a message between nodes arrives after --latency + bytes / --bandwidth; "
                        + "within a node at memory speed.",
                "",
                "With --translated the program is translated (a .java file on the fly; a class name runs its "
                        + "compiled companion X_Bamboo) and runs as --np tasks on --nodes processes of --workers "
                        + "worker threads each, on the task-graph runtime. With --device aeron too, each of the "
                        + "--nodes processes is its own JVM (tasks placed block-wise), over Aeron.",
                "",
                "With --device aeron every rank is its own JVM, connected over Aeron (IPC on one host, UDP "
                        + "between hosts given by --hostfile); see docs/multi-process.md, also for mpirun.",
                "",
                "With --device mpi every rank is its own JVM on the system's MPI library (Open MPI or MPICH, "
                        + "through the foreign function API; needs JDK 22+, e.g. --java-home), started by mpirun; "
                        + "see docs/native-mpi.md, also for srun."},
        footer = {"", "Examples (from the repository's root):",
                "  ./bamboo run --np 4 examples/src/main/java/bamboo/examples/quickstart/Ring.java",
                "  ./bamboo run --np 8 --nodes 2 --latency 50us --bandwidth 1GB/s \\",
                "      -cp examples/target/classes bamboo.examples.quickstart.Ring",
                "  ./bamboo run --translated --np 8 --nodes 2 --latency 2ms \\",
                "      examples/src/main/java/bamboo/examples/quickstart/Halo.java 5000 200",
                "  ./bamboo run --device mpi --np 4 --java-home /usr/lib/jvm/temurin-25-jdk-amd64 \\",
                "      examples/src/main/java/bamboo/examples/quickstart/Ring.java",
                "  ./bamboo run --np 4 --ranks-as virtual \\",
                "      --java-home /usr/lib/jvm/temurin-25-jdk-amd64 \\",
                "      examples/src/main/java/bamboo/examples/quickstart/Ring.java"})
public final class RunCommand implements Callable<Integer> {

    /** How ranks are carried. */
    enum RanksAs { platform, virtual }

    /** Which device moves the messages. */
    enum Device { threads, aeron, mpi }

    @Spec
    CommandSpec spec;

    @Option(names = "--np", paramLabel = "N", description = "Number of ranks (default: ${DEFAULT-VALUE}).")
    int np = 1;

    @Option(names = "--nodes", paramLabel = "K", description = "Simulated nodes; ranks placed block-wise. With --translated --device aeron: the number of runtime processes (JVMs) (default: ${DEFAULT-VALUE}).")
    int nodes = 1;

    @Option(names = "--placement", paramLabel = "P", description = "Which simulated node each rank (with --translated: each task) is on. 'block' (the default): node k holds ranks k*N/K .. (k+1)*N/K-1. 'grid': the ranks as a row-major PxQ grid and the nodes as an RxC grid, the most square shapes (as MPI_Dims_create); each node holds a (P/R)x(Q/C) block, so a 2-D program's neighbours stay together (mpirun --map-by / a rankfile). 'grid:PxQ' gives the rank grid, 'grid:PxQ/RxC' both. Threads device only.")
    String placement = "block";

    @Option(names = "--latency", paramLabel = "TIME", description = "Latency between nodes, e.g. 20us, 1ms (default: ${DEFAULT-VALUE}).")
    String latency = "0";

    @Option(names = "--bandwidth", paramLabel = "RATE", description = "Bandwidth between nodes, e.g. 1GB/s, 10Gb/s, inf (default: ${DEFAULT-VALUE}).")
    String bandwidth = "inf";

    @Option(names = "--ranks-as", paramLabel = "KIND", description = "Ranks as 'platform' or 'virtual' threads (virtual needs JDK 21+; default: ${DEFAULT-VALUE}).")
    RanksAs ranksAs = RanksAs.platform;

    @Option(names = "--cores-per-node", paramLabel = "C", description = "Threads device, untranslated: each simulated node has C cores, so at most C of its ranks run at once (a rank holds a core while it runs and gives it up while it waits in MPI; ranks take turns). Without it (the default) ranks run on any core of the machine, so the ranks of a node whose others wait can borrow another node's core.")
    Integer coresPerNode;

    @Option(names = "--translated", description = "Translate the program and run it on the task-graph runtime.")
    boolean translated;

    @Option(names = "--workers", paramLabel = "W", description = "Worker threads per process, with --translated (default: ${DEFAULT-VALUE}).")
    int workers = 2;

    @Option(names = "--collectives", paramLabel = "DIR", description = "With --translated: your own annotated collectives (.java files under DIR) in place of the library's.")
    Path collectives;

    @Option(names = "--trace", paramLabel = "FILE.json", description = "With --translated: write a Chrome trace (opens in Perfetto).")
    Path trace;

    @Option(names = "--eager-budget", paramLabel = "SIZE", description = "Flow control: unexpected eager bytes one rank may hold before standard sends to it go by rendezvous (default: ${DEFAULT-VALUE}).")
    String eagerBudget = "32MiB";

    @Option(names = "--inbox-limit", paramLabel = "SIZE", description = "With --translated, flow control: unreceived bytes one task may hold; senders are held from a quarter of it (default: ${DEFAULT-VALUE}).")
    String inboxLimit = "256MiB";

    @Option(names = "--task-timeout", paramLabel = "TIME", description = "With --translated: end the run when a task runs this long without reaching an evaluation point; 0 = off (default: ${DEFAULT-VALUE}).")
    String taskTimeout = "60s";

    @Option(names = "--device", paramLabel = "DEVICE", description = "Message device: 'threads' (one JVM), 'aeron' or 'mpi' (the system's MPI library, started by mpirun) (default: ${DEFAULT-VALUE}).")
    Device device = Device.threads;

    @Option(names = "--hostfile", paramLabel = "FILE", description = "With --device aeron: place ranks on hosts, one per line: ADDRESS [slots=N] [exec=PREFIX].")
    Path hostfile;

    @Option(names = "--jvm-opt", paramLabel = "OPTION", description = "With --device aeron: an option for every rank JVM, e.g. --jvm-opt=-Xmx4g (repeatable; after those in BAMBOO_JAVA_OPTS, which rank JVMs get too).")
    List<String> jvmOpts = new ArrayList<>();

    @Option(names = {"-cp", "--class-path"}, paramLabel = "PATH", description = "Where the program's classes are (':'-separated).")
    String classPath;

    @Option(names = "--source-path", paramLabel = "DIR", split = ":", description = "With --translated and a .java file: source directories (':'-separated) whose classes the program uses are translated with it, besides its own source directory; a used class that is only on -cp and has mutable statics is refused.")
    List<Path> sourcePath = new ArrayList<>();

    @Mixin
    JavaHomeOption javaHome = new JavaHomeOption();

    @Option(names = {"-v", "--verbose"}, description = "Print the stack trace of a failing rank.")
    boolean verbose;

    @Parameters(index = "0", paramLabel = "MainClass|File.java", description = "The program: a class on -cp, or one .java file.")
    String target;

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "Arguments passed to the program's main.")
    List<String> args = new ArrayList<>();

    @Override
    public Integer call() {
        Integer relaunched = javaHome.relaunchIfOther(spec);
        if (relaunched != null) {
            return relaunched;
        }
        validate();
        warnUnused();
        if (device == Device.mpi) {
            checkMpiOptions();
            return NativeLauncher.run(np, classPath, target, args, verbose);
        }
        if (device == Device.aeron) {
            checkAeronOptions();
            if (!jvmOpts.isEmpty()) {
                // read by ProcessConfig.of, where both launchers (ranks, runtime processes) build the job
                System.setProperty(ProcessConfig.JVM_OPTIONS_PROPERTY, String.join("\n", jvmOpts));
            }
        } else if (hostfile != null) {
            throw new UserError("--hostfile needs --device aeron (the threads device runs in one JVM)");
        } else if (!jvmOpts.isEmpty()) {
            throw new UserError("--jvm-opt needs --device aeron (the threads device runs in this JVM)");
        }
        if (translated) {
            if (ranksAs == RanksAs.virtual) {
                throw new UserError("--ranks-as applies to untranslated runs; translated tasks run on --workers threads");
            }
            return TranslatedLauncher.run(new TranslatedLauncher.Request(np, workers, nodes,
                    Units.parseDurationNanos(latency), Units.parseBandwidth(bandwidth), trace, verbose, classPath,
                    target, args, device == Device.aeron, hostfile, collectives, sourcePath), new TranslatedLauncher.Limits(
                    Units.parseBytes(inboxLimit), Units.parseDurationNanos(taskTimeout)), placement());
        }
        if (!sourcePath.isEmpty()) {
            throw new UserError("--source-path needs --translated (untranslated ranks load the program's classes from -cp)");
        }
        if (collectives != null) {
            throw new UserError("--collectives needs --translated (untranslated programs use the shim's collectives)");
        }
        if (!inboxLimit.equals("256MiB") || !taskTimeout.equals("60s")) {
            throw new UserError("--inbox-limit and --task-timeout need --translated (they bound the runtime's tasks); "
                    + "untranslated ranks have --eager-budget");
        }
        if (trace != null) {
            throw new UserError("--trace needs --translated (the trace shows the runtime's tasks and workers)");
        }
        return ShimLauncher.run(new ShimLauncher.Request(np, nodes, Units.parseDurationNanos(latency),
                Units.parseBandwidth(bandwidth), ranksAs == RanksAs.virtual, verbose, classPath, target, args,
                device == Device.aeron, hostfile), Units.parseBytes(eagerBudget), coresPerNode == null ? 0 : coresPerNode,
                placement());
    }

    /** The mpi device runs the program untranslated under mpirun: only --np, -cp and --verbose apply. */
    private void checkMpiOptions() {
        if (translated) {
            throw new UserError("--translated runs on the threads or aeron device; --device mpi runs programs untranslated");
        }
        if (hostfile != null) {
            throw new UserError("--hostfile is the aeron device's; with --device mpi run mpirun yourself with its own "
                    + "host options (docs/native-mpi.md)");
        }
        if (nodes != 1 || !latency.equals("0") || !bandwidth.equals("inf") || coresPerNode != null
                || ranksAs == RanksAs.virtual || !eagerBudget.equals("32MiB") || !placement().equals(RankPlacement.BLOCK)) {
            throw new UserError("--nodes, --latency, --bandwidth, --placement, --cores-per-node, --ranks-as and "
                    + "--eager-budget shape the threads device; with --device mpi every rank is a process of the MPI "
                    + "library");
        }
        if (collectives != null || trace != null || !inboxLimit.equals("256MiB") || !taskTimeout.equals("60s")) {
            throw new UserError("--collectives, --trace, --inbox-limit and --task-timeout need --translated");
        }
    }

    /** Options given that this run has no use for: a warning each, as the run goes on without them. */
    private void warnUnused() {
        if (!translated && given("--workers")) {
            warn("--workers sets the worker threads of a translated run; without --translated it is ignored");
        }
        if (nodes == 1 && given("--placement")) {
            warn("--placement places ranks on simulated nodes; with --nodes 1 every rank is on the one node");
        }
        if (nodes == 1 && (given("--latency") || given("--bandwidth")) && device == Device.threads) {
            warn("--latency and --bandwidth apply between simulated nodes; with --nodes 1 no message crosses one");
        }
    }

    private boolean given(String option) {
        return spec.commandLine().getParseResult().hasMatchedOption(option);
    }

    private void warn(String message) {
        spec.commandLine().getErr().println("bamboo: warning: " + message);
        spec.commandLine().getErr().flush();
    }

    /** The aeron device runs real processes: simulated-network and thread options do not apply. */
    private void checkAeronOptions() {
        if (!latency.equals("0") || !bandwidth.equals("inf")) {
            throw new UserError("--latency and --bandwidth simulate an interconnect on the threads device; "
                    + "with --device aeron messages cross a real one (use --hostfile to place processes on hosts)");
        }
        if (nodes != 1 && !translated) {
            throw new UserError("--nodes places ranks on simulated nodes of the threads device; with --device aeron "
                    + "messages cross a real one and every rank is a process (use --hostfile to place them on hosts)");
        }
        if (ranksAs == RanksAs.virtual) {
            throw new UserError("--ranks-as virtual needs --device threads: with aeron every rank is a process");
        }
        if (coresPerNode != null) {
            throw new UserError("--cores-per-node limits the simulated nodes of the threads device; with --device aeron"
                    + " every rank is a process on a real core");
        }
        if (!eagerBudget.equals("32MiB")) {
            throw new UserError("--eager-budget applies to the threads device; with --device aeron back pressure "
                    + "between processes is Aeron's");
        }
        if (!placement().equals(RankPlacement.BLOCK)) {
            throw new UserError("--placement places ranks on the simulated nodes of the threads device; with --device "
                    + "aeron every rank (or runtime process) is its own JVM, placed on hosts by --hostfile");
        }
    }

    /** The parsed --placement (checked against --np and --nodes by {@link #validate}). */
    private RankPlacement placement() {
        try {
            return RankPlacement.parse(placement);
        } catch (IllegalArgumentException e) {
            throw new UserError("--" + e.getMessage());
        }
    }

    private void validate() {
        if (np < 1) {
            throw new UserError("--np must be at least 1 (got " + np + ")");
        }
        if (nodes < 1 || nodes > np) {
            throw new UserError("--nodes must be between 1 and --np " + np + " (got " + nodes + ")");
        }
        RankPlacement placed = placement();
        java.util.regex.Matcher shape = java.util.regex.Pattern.compile("grid:(\\d+)x(\\d+).*").matcher(placement);
        // With one node the placement resolves nothing, so a grid that cannot hold the ranks would pass unseen.
        if (nodes == 1 && shape.matches() && Long.parseLong(shape.group(1)) * Long.parseLong(shape.group(2)) != np) {
            throw new UserError("--placement " + placement + ": a " + shape.group(1) + "x" + shape.group(2)
                    + " grid has " + Long.parseLong(shape.group(1)) * Long.parseLong(shape.group(2))
                    + " ranks, not " + np + " (--np " + np + ", --nodes " + nodes + ")");
        }
        try {
            placed.nodeOfEach(np, nodes);
        } catch (IllegalArgumentException e) {
            throw new UserError("--" + e.getMessage() + " (--np " + np + ", --nodes " + nodes + ")");
        }
        if (coresPerNode != null && coresPerNode < 1) {
            throw new UserError("--cores-per-node must be at least 1 (got " + coresPerNode + ")");
        }
        if (coresPerNode != null && translated) {
            throw new UserError("--cores-per-node applies to untranslated runs; translated tasks run on --workers"
                    + " threads per process");
        }
        if (workers < 1) {
            throw new UserError("--workers must be at least 1 (got " + workers + ")");
        }
        try {
            Units.parseDurationNanos(latency);
            Units.parseBandwidth(bandwidth);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        checked("--eager-budget", () -> Units.parseBytes(eagerBudget));
        checked("--task-timeout", () -> Units.parseDurationNanos(taskTimeout));
        if (checked("--inbox-limit", () -> Units.parseBytes(inboxLimit)) < 1024) {
            throw new UserError("--inbox-limit must be at least 1KiB (got " + inboxLimit + ")");
        }
        if (translated && !eagerBudget.equals("32MiB")) {
            throw new UserError("--eager-budget applies to untranslated runs; translated tasks have --inbox-limit");
        }
    }

    /** Parses an option's value; a bad one is a usage error naming the option. */
    private static long checked(String option, java.util.function.LongSupplier parse) {
        try {
            return parse.getAsLong();
        } catch (IllegalArgumentException e) {
            throw new UserError(option + ": " + e.getMessage());
        }
    }
}
