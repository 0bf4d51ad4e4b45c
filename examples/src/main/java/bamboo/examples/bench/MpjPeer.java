package bamboo.examples.bench;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The MPJ Express peer of the issue (its multicore device running the {@code basic} classes). It is
 * reported, never faked: on this machine the Debian package installs, but its multicore device does not
 * run an MPJ program correctly (see docs/benchmarks.md), so the row is skipped with the reason.
 */
public final class MpjPeer {
    /** Where the Debian package {@code libmpj-java} puts MPJ Express. */
    static final Path DEBIAN_JAR = Path.of("/usr/share/mpj/lib/mpj.jar");

    private MpjPeer() {
    }

    /** One line for the benchmark header. */
    public static String status() {
        if (!Files.isRegularFile(DEBIAN_JAR)) {
            return "peer MPJ Express: skipped: not installed (Debian package libmpj-java; "
                    + "apt-get install libmpj-java)";
        }
        return "peer MPJ Express: skipped: libmpj-java 0.44 is installed, but its multicore device cannot run "
                + "the examples here (its launcher misses log4j; started by hand, two ranks report the same rank "
                + "and MPI.Barrier hangs); see docs/benchmarks.md";
    }
}
