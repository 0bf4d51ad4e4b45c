package bamboo.bench.aeron;

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

/**
 * Inter-process ping-pong latency and bandwidth over the aeron device (IPC through a shared driver, and
 * UDP on loopback between per-process drivers) against two ranks of the threads device, printed as
 * {@code metric} lines. Usage: {@code AeronBench [--quick] [--term-length BYTES]}.
 */
public final class AeronBench {
    private AeronBench() {
    }

    public static void main(String[] args) throws IOException, URISyntaxException {
        boolean quick = false;
        int term = 1 << 20;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> quick = true;
                case "--term-length" -> term = Integer.parseInt(args[++i]);
                default -> {
                    System.err.println("usage: AeronBench [--quick] [--term-length BYTES]");
                    System.exit(2);
                }
            }
        }
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
            System.err.println("aeron bench: a run failed with exit code " + exit);
        }
    }
}
