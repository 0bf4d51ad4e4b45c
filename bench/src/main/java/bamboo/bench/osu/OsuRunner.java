package bamboo.bench.osu;

import bamboo.shim.aeron.AeronSettings;
import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.ThreadsJob;
import bamboo.shim.launch.ProcessConfig;
import bamboo.shim.launch.ProcessJob;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One run of {@link OsuProgram} on a device of this JVM's class path, in a JVM of its own (so a build of the
 * shim given first on the class path, the bench's {@code --baseline}, is the one measured, launcher and
 * ranks alike). Args: {@code threads|aeron|aeron-udp TERM_LENGTH SIZES quick|full}; exits with the job's code.
 */
public final class OsuRunner {
    private OsuRunner() {
    }

    public static void main(String[] args) throws Exception {
        final String device = args[0];
        final int term = Integer.parseInt(args[1]);
        final List<String> program = List.of(args[2], args[3]);
        final Path classes = Path.of(OsuProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        final int exit;
        switch (device) {
            case "threads" -> {
                final JobResult r = ThreadsJob.runMain(JobConfig.of(2), new URL[] {classes.toUri().toURL()},
                        OsuProgram.class.getName(), program.toArray(new String[0]));
                if (!r.succeeded()) {
                    System.err.println("bamboo: threads device: " + r.message());
                }
                exit = r.succeeded() ? 0 : 1;
            }
            case "aeron", "aeron-udp" -> {
                final ProcessConfig ipc = ProcessConfig.of(2).withSettings(new AeronSettings(term, 60_000, 100, 10_000));
                if (device.equals("aeron")) {
                    exit = ProcessJob.run(ipc, List.of(classes), OsuProgram.class.getName(), program);
                } else {
                    // a hostfile naming the loopback address: one driver per rank, UDP between them
                    final Path hosts = Files.createTempFile("bamboo-osu-hosts", "");
                    try {
                        Files.writeString(hosts, "127.0.0.1 slots=2\n");
                        exit = ProcessJob.run(ipc.withHostfile(hosts), List.of(classes), OsuProgram.class.getName(),
                                program);
                    } finally {
                        Files.deleteIfExists(hosts);
                    }
                }
            }
            default -> throw new IllegalArgumentException("unknown device " + device);
        }
        System.exit(exit);
    }
}
