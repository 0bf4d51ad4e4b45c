package bamboo.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Appends each run's profile to the file named by the system property {@value #PROPERTY}, for programs
 * whose launcher drops {@link Graph.Result} (the benchmark's {@code bamboo} rows): a diagnostic, read
 * once per run after it has ended, so it costs the run nothing.
 */
final class ProfileLog {
    /** The system property naming the file to append to (absent: nothing is written). */
    static final String PROPERTY = "bamboo.profile.log";

    private ProfileLog() {
    }

    static void append(Config config, Profile profile) {
        String file = System.getProperty(PROPERTY);
        if (file == null || file.isEmpty()) {
            return;
        }
        String text = "run: " + config.numTasks + " tasks on " + config.nodes + " processes x " + config.workers
                + " workers, latency " + config.latencyNanos + " ns, bandwidth " + config.bandwidthBytesPerSecond
                + " B/s\n" + profile.summary();
        synchronized (ProfileLog.class) {
            try {
                Files.writeString(Path.of(file), text, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
            } catch (IOException e) {
                System.err.println("bamboo: cannot append the profile to " + file + " (" + PROPERTY + "): " + e);
            }
        }
    }
}
