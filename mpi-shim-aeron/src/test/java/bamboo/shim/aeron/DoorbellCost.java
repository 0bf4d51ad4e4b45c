package bamboo.shim.aeron;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * What the doorbell costs and buys: a ring to a peer that is awake (the cost every frame pays), and the
 * time from a ring to the sleeper running, against a {@code LockSupport.unpark} of a parked thread (the
 * hand-off the receiver thread makes to a rank thread), medians of 2000 wake-ups each.
 * Run with {@code java -cp <test classes>:<classes>:<jars> bamboo.shim.aeron.DoorbellCost}.
 */
public final class DoorbellCost {
    private static final int WAKES = 2000;

    private DoorbellCost() {
    }

    public static void main(String[] args) throws Exception {
        final Path dir = Files.createTempDirectory("bamboo-bell-cost");
        try (Doorbell bell = Doorbell.open(dir, 0); Doorbell.Ringer ringer = Doorbell.Ringer.of(dir, 0)) {
            final int n = 10_000_000;
            for (int r = 0; r < 3; r++) {
                final long t0 = System.nanoTime();
                for (int i = 0; i < n; i++) {
                    ringer.ring();
                }
                System.out.printf(Locale.ROOT, "ring, peer awake: %.1f ns%n", (System.nanoTime() - t0) / (double) n);
            }
            final AtomicLong rungAt = new AtomicLong();
            final long[] bellWake = new long[WAKES];
            final Thread sleeper = new Thread(() -> {
                try {
                    for (int i = 0; i < WAKES; i++) {
                        while (rungAt.get() == 0) {
                            bell.sleep(1000, () -> 0);
                        }
                        bellWake[i] = System.nanoTime() - rungAt.getAndSet(0);
                    }
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            sleeper.start();
            for (int i = 0; i < WAKES; i++) {
                Thread.sleep(0, 200_000); // let it fall asleep
                rungAt.set(System.nanoTime());
                ringer.ring();
                while (rungAt.get() != 0 && sleeper.isAlive()) {
                    Thread.onSpinWait();
                }
            }
            sleeper.join();
            final AtomicLong unparkedAt = new AtomicLong();
            final long[] parkWake = new long[WAKES];
            final Thread parker = new Thread(() -> {
                for (int i = 0; i < WAKES; i++) {
                    while (unparkedAt.get() == 0) {
                        LockSupport.park();
                    }
                    parkWake[i] = System.nanoTime() - unparkedAt.getAndSet(0);
                }
            });
            parker.start();
            for (int i = 0; i < WAKES; i++) {
                Thread.sleep(0, 200_000);
                unparkedAt.set(System.nanoTime());
                LockSupport.unpark(parker);
                while (unparkedAt.get() != 0 && parker.isAlive()) {
                    Thread.onSpinWait();
                }
            }
            parker.join();
            Arrays.sort(bellWake);
            Arrays.sort(parkWake);
            System.out.printf(Locale.ROOT, "ring to running: median %.1f us, 90th %.1f us%n", bellWake[WAKES / 2] / 1e3,
                    bellWake[WAKES * 9 / 10] / 1e3);
            System.out.printf(Locale.ROOT, "unpark to running: median %.1f us, 90th %.1f us%n", parkWake[WAKES / 2] / 1e3,
                    parkWake[WAKES * 9 / 10] / 1e3);
        } finally {
            org.agrona.IoUtil.delete(dir.toFile(), true);
        }
    }
}
