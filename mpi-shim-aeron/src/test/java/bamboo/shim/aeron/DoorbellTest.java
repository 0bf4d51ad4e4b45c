package bamboo.shim.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DoorbellTest {

    @Test
    void aRingEndsASleepLongBeforeItsTimeout(@TempDir Path dir) throws Exception {
        try (Doorbell bell = Doorbell.open(dir, 3)) {
            assertNotNull(bell);
            final Doorbell.Ringer ringer = Doorbell.Ringer.of(dir, 3);
            assertNotNull(ringer);
            try (ringer) {
                final AtomicLong slept = new AtomicLong();
                final Thread sleeper = new Thread(() -> {
                    try {
                        final long t0 = System.nanoTime();
                        bell.sleep(60_000, () -> 0);
                        slept.set(System.nanoTime() - t0);
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
                sleeper.start();
                // ring until the sleeper has raised its flag and been woken
                while (sleeper.isAlive()) {
                    ringer.ring();
                    sleeper.join(5);
                }
                assertTrue(slept.get() < TimeUnit.SECONDS.toNanos(30), "slept " + slept.get() + " ns");
            }
        }
    }

    @Test
    void workFoundAfterTheFlagIsRaisedMeansNoSleep(@TempDir Path dir) throws Exception {
        try (Doorbell bell = Doorbell.open(dir, 0)) {
            final long t0 = System.nanoTime();
            assertEquals(5, bell.sleep(60_000, () -> 5));
            assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(30));
        }
    }

    @Test
    void theBellsFilesAreTheOwnersAloneAndGoWithIt(@TempDir Path dir) throws Exception {
        final Doorbell bell = Doorbell.open(dir, 1);
        assertNotNull(bell);
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE),
                        Files.getPosixFilePermissions(f), f.toString());
            }
        }
        bell.close();
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void aRankWithoutABellHasNoRinger(@TempDir Path dir) {
        assertNull(Doorbell.Ringer.of(dir, 7));
    }
}
