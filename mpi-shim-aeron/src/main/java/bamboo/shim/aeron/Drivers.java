package bamboo.shim.aeron;

import io.aeron.Aeron;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import java.io.File;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.agrona.IoUtil;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

/**
 * Media drivers and clients set up for a shared, loaded machine: one shared-mode driver thread that
 * backs off to sleeping when idle, sparse small term buffers, private directories named after the
 * owning process so that a later run can remove what a crashed run left behind.
 */
public final class Drivers {
    private static final String PREFIX = "bamboo-aeron-";

    private Drivers() {
    }

    /** Where Aeron directories go: /dev/shm when it exists (memory), else the temp directory. */
    public static File baseDirectory() {
        final File shm = new File("/dev/shm");
        return shm.isDirectory() && shm.canWrite() ? shm : new File(System.getProperty("java.io.tmpdir"));
    }

    /** A fresh directory name for a driver owned by this process; removes stale ones of dead processes. */
    public static String freshDirectory(String label) {
        final File base = baseDirectory();
        removeStale(base);
        return new File(base, PREFIX + ProcessHandle.current().pid() + "-" + label + "-" + System.nanoTime())
                .getAbsolutePath();
    }

    /** Deletes {@code bamboo-aeron-<pid>-...} directories whose process is gone (a crashed earlier run). */
    static void removeStale(File base) {
        final File[] dirs = base.listFiles((d, name) -> name.startsWith(PREFIX));
        if (dirs == null) {
            return;
        }
        for (File dir : dirs) {
            final String rest = dir.getName().substring(PREFIX.length());
            final int dash = rest.indexOf('-');
            if (dash <= 0) {
                continue;
            }
            final long pid;
            try {
                pid = Long.parseLong(rest.substring(0, dash));
            } catch (NumberFormatException e) {
                continue;
            }
            final Optional<ProcessHandle> owner = ProcessHandle.of(pid);
            if (owner.isEmpty() || !owner.get().isAlive()) {
                IoUtil.delete(dir, true);
            }
        }
    }

    /** Starts an embedded driver in this JVM on {@code dir}; closing it deletes the directory. */
    public static MediaDriver launch(String dir, int termLength) {
        final MediaDriver.Context ctx = new MediaDriver.Context()
                .aeronDirectoryName(dir)
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true)
                .threadingMode(ThreadingMode.SHARED)
                .sharedIdleStrategy(new BackoffIdleStrategy(10, 5, TimeUnit.MICROSECONDS.toNanos(1),
                        TimeUnit.MILLISECONDS.toNanos(1)))
                .ipcTermBufferLength(termLength)
                .publicationTermBufferLength(termLength)
                .termBufferSparseFile(true)
                .warnIfDirectoryExists(false)
                .printConfigurationOnStart(false)
                // a loaded machine may starve a client for a while: do not declare it dead too early
                .clientLivenessTimeoutNs(TimeUnit.SECONDS.toNanos(20))
                .publicationUnblockTimeoutNs(TimeUnit.SECONDS.toNanos(40));
        return MediaDriver.launch(ctx);
    }

    /** A client of the driver on {@code dir}. */
    public static Aeron connect(String dir) {
        final Aeron.Context ctx = new Aeron.Context()
                .aeronDirectoryName(dir)
                .idleStrategy(new SleepingMillisIdleStrategy(1))
                .driverTimeoutMs(TimeUnit.SECONDS.toMillis(20))
                .errorHandler(t -> System.err.println("aeron: " + t));
        return Aeron.connect(ctx);
    }
}
