package bamboo.shim.aeron;

import io.aeron.Aeron;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.exceptions.AeronException;
import io.aeron.exceptions.ConductorServiceTimeoutException;
import io.aeron.exceptions.DriverTimeoutException;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.function.Consumer;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.agrona.IoUtil;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

/**
 * Media drivers and clients set up for a shared, loaded machine: one shared-mode driver thread that
 * backs off to short parks when idle, sparse term buffers, private directories (mode 0700: other users
 * can neither read the job's log buffers nor command its driver) named after the owning process so that
 * a later run can remove what a crashed run left behind.
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

    /**
     * A fresh directory for a driver owned by this process, created with mode 0700 (before any file is in
     * it, so nothing is ever reachable by others); removes stale ones of dead processes. The driver works
     * in a subdirectory ({@link #aeronDirectory}): Aeron recreates its own directory with the umask's mode.
     */
    public static String freshDirectory(String label) {
        final File base = baseDirectory();
        removeStale(base);
        final Path dir = new File(base, PREFIX + ProcessHandle.current().pid() + "-" + label + "-" + System.nanoTime())
                .toPath();
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            // createDirectory's mode is filtered by the umask: set it outright
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        } catch (IOException e) {
            throw new IllegalStateException("cannot create the Aeron directory " + dir + ": " + e.getMessage(), e);
        }
        return dir.toString();
    }

    /** Sets every file under {@code dir} to mode 0600 and every directory to 0700 (those the driver has
     *  made so far; the directory itself already keeps everyone else out). */
    public static void restrict(String dir) {
        try (var files = Files.walk(Path.of(dir))) {
            files.forEach(f -> {
                try {
                    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(Files.isDirectory(f)
                            ? "rwx------" : "rw-------"));
                } catch (IOException | UnsupportedOperationException ignored) {
                    // gone meanwhile, or not a POSIX file system: the directory's mode still holds
                }
            });
        } catch (IOException | UncheckedIOException ignored) {
            // as above
        }
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

    /** Where Aeron's files are for a directory of {@link #freshDirectory} (its {@code driver}
     *  subdirectory), or {@code dir} itself for any other (an external driver's). */
    public static String aeronDirectory(String dir) {
        final File sub = new File(dir, DRIVER_SUBDIR);
        return sub.isDirectory() || new File(dir).getName().startsWith(PREFIX) ? sub.getPath() : dir;
    }

    private static final String DRIVER_SUBDIR = "driver";

    /** An embedded driver; closing it deletes its directory. */
    public static final class Embedded implements AutoCloseable {
        private final MediaDriver driver;
        private final String dir;

        Embedded(MediaDriver driver, String dir) {
            this.driver = driver;
            this.dir = dir;
        }

        @Override
        public void close() {
            driver.close();
            IoUtil.delete(new File(dir), true);
        }
    }

    /** Starts an embedded driver in this JVM on {@code dir}; closing it deletes the directory. */
    public static Embedded launch(String dir, int termLength) {
        return launch(dir, termLength, what -> System.err.println("bamboo: " + what));
    }

    /**
     * Starts an embedded driver in this JVM on {@code dir} (made by {@link #freshDirectory}); closing it
     * deletes the directory. {@code fatal} hears, in one line, of an error that stops a driver thread.
     */
    public static Embedded launch(String dir, int termLength, Consumer<String> fatal) {
        final int window = Math.min(termLength / 2, UDP_WINDOW);
        final MediaDriver.Context ctx = new MediaDriver.Context()
                .aeronDirectoryName(aeronDirectory(dir))
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true)
                .threadingMode(ThreadingMode.SHARED)
                // One thread for conductor, sender and receiver (UDP's data path, not IPC's): it spins
                // after work as long as work has recently come back that soon, yields five times, then
                // parks (up to 1 ms).
                .sharedIdleStrategy(new AdaptiveIdle(TimeUnit.MICROSECONDS.toNanos(50), 5,
                        TimeUnit.MILLISECONDS.toNanos(1)))
                .ipcTermBufferLength(termLength)
                .publicationTermBufferLength(termLength)
                // Loopback and LAN: a receiver window of up to 2 MiB (default 128 KiB) keeps 1 MiB messages
                // streaming; the kernel's socket buffers must hold it.
                .initialWindowLength(window)
                .socketRcvbufLength(window)
                .socketSndbufLength(window)
                .errorHandler(t -> {
                    if (t instanceof Error) {
                        fatal.accept("its Aeron media driver failed: " + t);
                    } else {
                        System.err.println("aeron driver: " + t);
                    }
                })
                .termBufferSparseFile(true)
                .warnIfDirectoryExists(false)
                .printConfigurationOnStart(false)
                // a loaded machine may starve a client for a while: do not declare it dead too early
                .clientLivenessTimeoutNs(TimeUnit.SECONDS.toNanos(20))
                .publicationUnblockTimeoutNs(TimeUnit.SECONDS.toNanos(40));
        final Embedded driver = new Embedded(MediaDriver.launch(ctx), dir);
        restrict(dir);
        return driver;
    }

    /** A client of the driver on {@code dir}. */
    public static Aeron connect(String dir) {
        return connect(dir, what -> System.err.println("bamboo: " + what));
    }

    /** A client of the driver on {@code dir}; {@code fatal} hears when the client cannot go on (its
     *  driver is gone, or its conductor thread failed). */
    public static Aeron connect(String dir, Consumer<String> fatal) {
        final Aeron.Context ctx = new Aeron.Context()
                .aeronDirectoryName(aeronDirectory(dir))
                .idleStrategy(new SleepingMillisIdleStrategy(1))
                .driverTimeoutMs(TimeUnit.SECONDS.toMillis(20))
                .errorHandler(t -> {
                    if (t instanceof Error || t instanceof DriverTimeoutException
                            || t instanceof ConductorServiceTimeoutException
                            || t instanceof AeronException a && a.category() == AeronException.Category.FATAL) {
                        fatal.accept("its Aeron client failed: " + t);
                    } else {
                        System.err.println("aeron: " + t);
                    }
                });
        return Aeron.connect(ctx);
    }

    /** The largest UDP receiver window (and socket buffer) asked for. */
    private static final int UDP_WINDOW = 2 << 20;
}
