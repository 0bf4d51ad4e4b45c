package bamboo.shim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import mpi.MPI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Regression: the deadlock watch reported a deadlock in a starved JVM. Two samples 200 ms apart with no
 * counter moved were enough, but a thread that has been woken and not yet scheduled still shows as
 * waiting, and a watch that was itself descheduled (a loaded machine, a GC pause) can take two samples
 * with no rank having run in between. Here the starvation is simulated, not timed: rank 1's thread waits
 * in the program (outside MPI) and stands for one the OS has not scheduled yet, and the watch's samples
 * are taken with a made-up clock.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DeadlockFalseAlarmInStarvedJvmTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    private final World world = new World(2, new Network(2, 1, 0, Double.POSITIVE_INFINITY),
            World.DEFAULT_EAGER_LIMIT, false);
    private final List<String> reports = new ArrayList<>();
    private final DeadlockWatch watch = new DeadlockWatch(world, (summary, report) -> reports.add(summary));
    private final List<Thread> threads = new ArrayList<>();

    @AfterEach
    void unwind() throws InterruptedException {
        world.abort("test over");
        for (Thread t : threads) {
            LockSupport.unpark(t);
            t.join(10_000);
        }
        world.close();
    }

    /** Starts a rank's thread running {@code body} with the rank's endpoint bound. */
    private Thread rank(int r, RankBody body) {
        final Endpoint e = world.endpoint(r);
        final Thread t = new Thread(() -> {
            Binding.bind(e);
            try {
                body.run(e);
            } catch (JobAbortedError ignored) {
                // the test is over
            } catch (Exception ex) {
                throw new AssertionError(ex);
            } finally {
                e.markFinished();
            }
        }, "rank-" + r);
        t.setDaemon(true);
        threads.add(t);
        t.start();
        return t;
    }

    private interface RankBody {
        void run(Endpoint e) throws Exception;
    }

    private static void receive(Endpoint e, int source, int tag) throws Exception {
        e.recv(e.world().worldScope(), new int[1], 0, 1, MPI.INT, source, tag, "Recv");
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        final long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out waiting until " + what);
            }
            Thread.sleep(5);
        }
    }

    @Test
    void aThreadWokenButNotYetScheduledIsNotReportedAsDeadlocked() throws Exception {
        final AtomicBoolean scheduled = new AtomicBoolean();
        // Rank 0 waits for rank 1's message, then answers it; rank 1's message handler waits for that
        // answer, and its worker, which will send the message, has been woken but has not run yet.
        final Thread r0 = rank(0, e -> {
            receive(e, 1, 0);
            e.send(e.world().worldScope(), new int[] {8}, 0, 1, MPI.INT, 1, 9, SendMode.STANDARD, "Send");
        });
        final Thread[] worker = new Thread[1];
        final Thread r1 = rank(1, e -> {
            worker[0] = new Thread(() -> {
                e.touch(); // it has used MPI: the watch knows it as one of rank 1's threads
                while (!scheduled.get()) {
                    LockSupport.park(); // woken but not scheduled yet: shows as WAITING, outside MPI
                }
                try {
                    e.send(e.world().worldScope(), new int[] {7}, 0, 1, MPI.INT, 0, 0, SendMode.STANDARD, "Send");
                } catch (Exception ex) {
                    throw new AssertionError(ex);
                }
            }, "rank-1-worker");
            worker[0].setDaemon(true);
            worker[0].start();
            receive(e, 0, 9);
            worker[0].join();
        });
        await("both ranks are blocked in Recv",
                () -> !world.endpoint(0).waits.blocked.isEmpty() && !world.endpoint(1).waits.blocked.isEmpty());
        await("rank 1's worker waits outside MPI", () -> worker[0] != null
                && worker[0].getState() == Thread.State.WAITING && world.endpoint(1).life.callers.contains(worker[0]));

        // Every sample sees every rank stuck (the worker is not running) ...
        assertNotNull(DeadlockWatch.stuck(world), "one sample sees every rank stuck");
        // ... and two samples 200 ms apart, nothing moved: the old watch reported a deadlock here.
        assertFalse(watch.check(0));
        assertFalse(watch.check(200 * MS));
        // The watch itself was not scheduled for 2 s: the ranks may not have been either; start again.
        assertFalse(watch.check(2200 * MS));
        assertFalse(watch.check(2400 * MS));
        assertEquals(List.of(), reports);

        // The worker finally runs: rank 0 receives and answers, rank 1 receives, both finish.
        scheduled.set(true);
        LockSupport.unpark(worker[0]);
        r1.join(30_000);
        r0.join(30_000);
        assertFalse(r0.isAlive() || r1.isAlive(), "both ranks finished");
        assertFalse(watch.check(2600 * MS));
        assertFalse(watch.check(2800 * MS));
        assertEquals(List.of(), reports);
    }

    @Test
    void aTrueDeadlockIsStillReportedAfterEnoughAlikeSamples() throws Exception {
        rank(0, e -> receive(e, 1, 4));
        rank(1, e -> receive(e, 0, 4));
        await("both ranks are blocked in Recv",
                () -> !world.endpoint(0).waits.blocked.isEmpty() && !world.endpoint(1).waits.blocked.isEmpty());

        assertFalse(watch.check(0));
        assertFalse(watch.check(200 * MS));
        assertFalse(watch.check(400 * MS), "3 samples but only 400 ms");
        assertTrue(watch.check(600 * MS), "3 alike samples over 500 ms or more");
        assertEquals(1, reports.size());
        assertTrue(reports.get(0).contains("rank 0 waits in Recv(source=1, tag=4, comm=COMM_WORLD)"), reports.get(0));
        assertTrue(reports.get(0).contains("rank 1 waits in Recv(source=0, tag=4, comm=COMM_WORLD)"), reports.get(0));
    }

    @Test
    void aCompletionBetweenSamplesStartsTheStreakAgain() throws Exception {
        rank(0, e -> receive(e, 1, 4));
        rank(1, e -> receive(e, 0, 4));
        await("both ranks are blocked in Recv",
                () -> !world.endpoint(0).waits.blocked.isEmpty() && !world.endpoint(1).waits.blocked.isEmpty());

        assertFalse(watch.check(0));
        assertFalse(watch.check(200 * MS));
        assertFalse(watch.check(400 * MS));
        final long parks = world.endpoint(1).waits.parks;
        world.endpoint(1).completed(); // an operation of rank 1 completed meanwhile (its waiter re-parks)
        await("rank 1 is blocked again",
                () -> world.endpoint(1).waits.parks > parks && !world.endpoint(1).waits.blocked.isEmpty());
        assertFalse(watch.check(600 * MS), "progress: a new streak starts");
        assertFalse(watch.check(800 * MS));
        assertFalse(watch.check(1000 * MS));
        assertTrue(watch.check(1200 * MS));
        assertEquals(1, reports.size());
    }
}
