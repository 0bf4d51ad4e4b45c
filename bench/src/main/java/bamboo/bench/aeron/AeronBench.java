package bamboo.bench.aeron;

import bamboo.cli.launch.Units;
import bamboo.cli.launch.UserError;
import bamboo.shim.aeron.AeronSettings;
import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.ThreadsJob;
import bamboo.shim.launch.ProcessConfig;
import bamboo.shim.launch.ProcessJob;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Inter-process ping-pong latency and bandwidth over the aeron device (IPC through a shared driver, and
 * UDP on loopback between per-process drivers) against two ranks of the threads device, printed as
 * {@code metric} lines.
 */
public final class AeronBench {
    private AeronBench() {
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new Cli()).execute(args));
    }

    /** The command line: {@code AeronBench [--quick] [--term-length BYTES]}. */
    @Command(name = "AeronBench", mixinStandardHelpOptions = true,
            description = "Ping-pong latency and bandwidth over the aeron device (IPC and UDP on loopback) against "
                    + "two ranks of the threads device.")
    static final class Cli implements Callable<Integer> {
        @Option(names = "--quick", description = "Fewer pings, windows and repeats.")
        boolean quick;
        @Option(names = "--term-length", paramLabel = "SIZE", description = "Aeron's term buffer, e.g. 1MiB (default: ${DEFAULT-VALUE}).")
        String termLength = "1MiB";

        @Override
        public Integer call() throws IOException, URISyntaxException {
            long bytes;
            try {
                bytes = Units.parseBytes(termLength);
            } catch (IllegalArgumentException e) {
                throw new UserError("--term-length: " + e.getMessage());
            }
            run(quick, Math.toIntExact(bytes));
            return 0;
        }
    }

    static void run(boolean quick, int term) throws IOException, URISyntaxException {
        final String pings = quick ? "2000" : "20000";
        final String windows = quick ? "5" : "20";
        final String repeats = quick ? "3" : "5";
        final Path classes = Path.of(PingPong.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        System.out.println("# aeron bench: 2 ranks, JDK " + Runtime.version() + ", "
                + Runtime.getRuntime().availableProcessors() + " cores, load average "
                + java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()
                + ", term length " + term);
        final JobResult t = ThreadsJob.runMain(JobConfig.of(2), new URL[] {classes.toUri().toURL()},
                PingPong.class.getName(), new String[] {"threads", pings, windows, repeats});
        if (!t.succeeded()) {
            System.err.println("threads device: " + t.message());
        }
        final AeronSettings settings = new AeronSettings(term, 60_000, 100, 10_000);
        final ProcessConfig ipc = ProcessConfig.of(2).withSettings(settings);
        check(ProcessJob.run(ipc, List.of(classes), PingPong.class.getName(), List.of("aeron_ipc", pings, windows,
                repeats)));
        final Path hosts = Files.createTempFile("bamboo-bench-hosts", "");
        try {
            Files.writeString(hosts, "127.0.0.1 slots=2\n");
            check(ProcessJob.run(ipc.withHostfile(hosts), List.of(classes), PingPong.class.getName(),
                    List.of("aeron_udp", pings, windows, repeats)));
        } finally {
            Files.deleteIfExists(hosts);
        }
    }

    private static void check(int exit) {
        if (exit != 0) {
            System.err.println("bamboo: a run failed with exit code " + exit);
        }
    }
}
