package bamboo.shim.launch;

import java.nio.file.Path;
import java.util.List;

/** A launcher JVM for the orphan test: runs {@code args[0]} on two ranks with the test class path. */
public final class LauncherMain {
    private LauncherMain() {
    }

    public static void main(String[] args) {
        final ProcessConfig config = ProcessConfig.of(2).withSettings(Jobs.SETTINGS).withJvmOptions(Jobs.LIGHT_JVM);
        System.exit(ProcessJob.run(config, List.of(Path.of(args[1])), args[0], List.of()));
    }
}
