package bamboo.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Appends each run's profile to the file {@link RuntimeConfiguration#profileLog()} names, for programs
 * whose launcher drops {@link Graph.Result}: written after the run has ended, so it costs the run nothing.
 */
final class ProfileLog {

    private ProfileLog() {
    }

    static void append(Config config, Profile profile) {
        Path file = RuntimeConfiguration.profileLog();
        if (file == null) {
            return;
        }
        String text = "run: " + config.numTasks + " tasks on " + config.nodes + " processes x " + config.workers
                + " workers, latency " + config.latencyNanos + " ns, bandwidth " + config.bandwidthBytesPerSecond
                + " B/s\n" + profile.summary();
        synchronized (ProfileLog.class) {
            try {
                Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
            } catch (IOException e) {
                System.err.println("bamboo: cannot append the profile to " + file + " ("
                        + RuntimeConfiguration.PROFILE_LOG_PROP_NAME + "): " + e);
            }
        }
    }
}
