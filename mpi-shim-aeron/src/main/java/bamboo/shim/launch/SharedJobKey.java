package bamboo.shim.launch;

import bamboo.shim.aeron.JobKey;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The job key of ranks that a cluster's launcher (mpirun, mpiexec, srun) starts without one: rank 0 writes a
 * fresh key to a file only the user can read, in a directory only the user can enter, named after the job;
 * the other ranks wait for it and read it. It works wherever the ranks share the user's home directory (one
 * host, or a cluster's shared home); elsewhere the ranks stop after the start timeout saying how to pass a key.
 * Rank 0 deletes the file once every rank has registered with it.
 */
final class SharedJobKey {
    /** The directory of the key files; default {@code ~/.bamboo/jobs}. */
    static final String DIR_ENV = "BAMBOO_JOB_KEY_DIR";
    private static final Set<PosixFilePermission> OWNER_DIR = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> OWNER_FILE = PosixFilePermissions.fromString("rw-------");
    private static final long POLL_MILLIS = 50;

    private final Path file;
    private final JobKey key;

    private SharedJobKey(Path file, JobKey key) {
        this.file = file;
        this.key = key;
    }

    JobKey key() {
        return key;
    }

    /**
     * Rank 0 creates the key (or takes the one a crashed run of the same job left, which its peers read too);
     * the others wait up to {@code timeoutMillis} for it.
     */
    static SharedJobKey open(RankEnv rank, Map<String, String> env, long timeoutMillis) {
        final Path dir = directory(env);
        final Path file = dir.resolve(fileName(rank));
        if (rank.rank() == 0) {
            return new SharedJobKey(file, createOrRead(dir, file));
        }
        final long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (true) {
            if (Files.exists(file)) {
                return new SharedJobKey(file, read(file));
            }
            if (System.nanoTime() - end > 0) {
                throw new IllegalArgumentException("rank " + rank.rank() + ": " + rank.launcher() + " gave this rank no job key and rank 0's key file "
                        + file + " did not appear within " + timeoutMillis / 1000.0 + " s (do the ranks share this"
                        + " directory?): give the job a key, e.g. export " + JobKey.ENV + "=$(openssl rand -hex 32)"
                        + " and pass it to every rank (mpirun -x " + JobKey.ENV + ")");
            }
            sleep();
        }
    }

    /** Every rank holds the key now (they registered with it): rank 0 removes the file. */
    void formed(RankEnv rank) {
        if (rank.rank() == 0) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                System.err.println("rank 0: cannot delete the job key file " + file + ": " + e.getMessage());
            }
        }
    }

    static String fileName(RankEnv rank) {
        // Hydra names no job: the bootstrap address (rank 0 listens on it) or the shared driver's directory is
        // one job's at a time
        final String name = rank.job() != null ? rank.job()
                : rank.bootstrap() != null ? "bootstrap-" + rank.bootstrap() : "driver-" + rank.aeronDir();
        return name.replaceAll("[^A-Za-z0-9._-]", "_") + ".key";
    }

    private static Path directory(Map<String, String> env) {
        final String given = env.get(DIR_ENV);
        final Path dir = given != null && !given.isBlank() ? Path.of(given.trim())
                : Path.of(System.getProperty("user.home"), ".bamboo", "jobs");
        try {
            Files.createDirectories(dir.getParent());
            try {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(OWNER_DIR));
            } catch (FileAlreadyExistsException e) {
                // made by an earlier job or a peer on this host: checked below
            }
            ownerOnly(dir, "directory");
            return dir;
        } catch (IOException | UnsupportedOperationException e) {
            throw new IllegalArgumentException("cannot use the job key directory " + dir + ": " + e.getMessage());
        }
    }

    private static JobKey createOrRead(Path dir, Path file) {
        try {
            final JobKey fresh = JobKey.generate();
            final Path temp = Files.createTempFile(dir, "new-", ".key", PosixFilePermissions.asFileAttribute(OWNER_FILE));
            try {
                Files.writeString(temp, fresh.hex(), StandardCharsets.US_ASCII);
                // a hard link appears whole, and fails when the name is taken: never a half-written key
                Files.createLink(file, temp);
                return fresh;
            } catch (FileAlreadyExistsException e) {
                return read(file);
            } finally {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot write the job key file " + file + ": " + e.getMessage());
        }
    }

    private static JobKey read(Path file) {
        try {
            ownerOnly(file, "file");
            return JobKey.ofHex(Files.readString(file, StandardCharsets.US_ASCII));
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("the job key file " + file + " vanished before it was read");
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the job key file " + file + ": " + e.getMessage());
        }
    }

    private static void ownerOnly(Path path, String what) throws IOException {
        final String me = System.getProperty("user.name");
        final String owner = Files.getOwner(path).getName();
        final Set<PosixFilePermission> perms = Files.getPosixFilePermissions(path);
        if (!owner.equals(me) || perms.stream().anyMatch(p -> !p.name().startsWith("OWNER"))) {
            throw new IllegalArgumentException("the job key " + what + " " + path + " belongs to " + owner + " (mode "
                    + PosixFilePermissions.toString(perms) + "): it must be " + me + "'s alone (chmod "
                    + (what.equals("file") ? "600" : "700") + ")");
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalArgumentException("interrupted while waiting for the job key file");
        }
    }
}
