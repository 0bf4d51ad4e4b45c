package bamboo.shim.launch;

import bamboo.shim.aeron.AeronSettings;
import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.ThreadsJob;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/** Runs test programs over the aeron device and over the threads device, capturing their output. */
final class Jobs {
    /** Cheap JVMs: the machine is shared and loaded. */
    static final List<String> LIGHT_JVM = List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xmx128m",
            "-XX:CICompilerCount=1", "-Xshare:auto");
    /** Generous timeouts: a loaded machine starts JVMs slowly. */
    static final AeronSettings SETTINGS = new AeronSettings(64 * 1024, 60_000, 100, 10_000);

    private Jobs() {
    }

    record Run(int exit, String out, String err) {
    }

    static Path testClasses() {
        try {
            return Path.of(Jobs.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Run aeron(ProcessConfig base, String main, String... args) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final ProcessConfig config = base.withSettings(SETTINGS).withJvmOptions(LIGHT_JVM)
                .withOutput(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true,
                        StandardCharsets.UTF_8));
        final int exit = ProcessJob.run(config, List.of(testClasses()), main, List.of(args));
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static Run threads(int np, String main, String... args) throws Exception {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final PrintStream saved = System.out;
        final JobResult r;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            r = ThreadsJob.runMain(JobConfig.of(np), new URL[] {testClasses().toUri().toURL()}, main, args);
        } finally {
            System.setOut(saved);
        }
        return new Run(r.exitCode(), out.toString(StandardCharsets.UTF_8), r.message() == null ? "" : r.message());
    }
}
