package bamboo.bench.apps;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds an installed JDK that has virtual threads (21+), so that a {@code virtual} row skipped on an older
 * JDK can say exactly how to measure it on this machine.
 */
final class Jdks {
    /** Where Linux distributions and macOS install JDKs. */
    private static final Path[] ROOTS = {Path.of("/usr/lib/jvm"), Path.of("/Library/Java/JavaVirtualMachines")};
    private static final Pattern VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)");

    private Jdks() {
    }

    /** The newest JDK 21+ under {@code roots} (a folder with {@code bin/java} and a {@code release} file), or null. */
    static Path withVirtualThreads(Path... roots) {
        Path best = null;
        int bestVersion = 20;
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (DirectoryStream<Path> dirs = Files.newDirectoryStream(root)) {
                for (Path dir : dirs) {
                    Path home = Files.isDirectory(dir.resolve("Contents/Home")) ? dir.resolve("Contents/Home") : dir;
                    int v = feature(home);
                    if (v > bestVersion && Files.isExecutable(home.resolve("bin/java"))) {
                        best = home;
                        bestVersion = v;
                    }
                }
            } catch (IOException | SecurityException e) {
                // an unreadable folder holds no JDK we can point at
            }
        }
        return best;
    }

    /** The machine's newest JDK 21+, or null. */
    static Path withVirtualThreads() {
        return withVirtualThreads(ROOTS);
    }

    private static int feature(Path home) {
        try {
            Matcher m = VERSION.matcher(Files.readString(home.resolve("release")));
            return m.find() ? Integer.parseInt(m.group(1)) : 0;
        } catch (IOException | NumberFormatException | SecurityException e) {
            return 0;
        }
    }

    /** Why {@code virtual} cannot run on this JDK and what to do, for the skipped row. */
    static String virtualSkipReason(int feature, Path newer) {
        return "virtual threads need JDK 21+, this is JDK " + feature + (newer != null
                ? " (a JDK 21+ is installed: JAVA_HOME=" + newer + " ./bamboo bench apps ...)"
                : " (install a JDK 21+ and run with JAVA_HOME pointing at it)");
    }
}
