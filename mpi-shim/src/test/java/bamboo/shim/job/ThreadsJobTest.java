package bamboo.shim.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import mpi.MPI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import testprog.CounterProgram;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ThreadsJobTest {

    private static URL[] testClasses() {
        return new URL[] {CounterProgram.class.getProtectionDomain().getCodeSource().getLocation()};
    }

    @Test
    void mutableStaticsArePerRank() {
        final int np = 4;
        final JobResult r = ThreadsJob.runMain(JobConfig.of(np), testClasses(), "testprog.CounterProgram",
                new String[] {"a", "b"});
        assertTrue(r.succeeded(), r::message);
        for (int rank = 0; rank < np; rank++) {
            assertEquals((rank + 1) + ":2", System.getProperty(CounterProgram.PROPERTY + rank),
                    "rank " + rank + " counts only its own increments");
        }
    }

    @Test
    void objectsOfProgramClassesResolveInTheReceiversLoader() {
        final JobResult r = ThreadsJob.runMain(JobConfig.of(2), testClasses(), "testprog.ObjectProgram",
                new String[0]);
        assertTrue(r.succeeded(), r::message);
    }

    @Test
    void unknownMainClassIsASetupError() {
        final JobResult r = ThreadsJob.runMain(JobConfig.of(2), testClasses(), "testprog.NoSuchProgram",
                new String[0]);
        assertEquals(JobResult.SETUP, r.exitCode());
        assertEquals("main class testprog.NoSuchProgram not found on the class path", r.message());
    }

    @Test
    void aClassWithoutMainIsASetupError() {
        final JobResult r = ThreadsJob.runMain(JobConfig.of(2), testClasses(), "bamboo.shim.job.ThreadsJobTest",
                new String[0]);
        assertEquals(JobResult.SETUP, r.exitCode());
        assertTrue(r.message().contains("has no public static void main"), r.message());
    }

    @Test
    void anExceptionInOneRankEndsTheJobAndWakesTheOthers() {
        final JobResult r = ThreadsJob.runMain(JobConfig.of(3), testClasses(), "testprog.FailingProgram",
                new String[0]);
        assertEquals(JobResult.FAILED, r.exitCode());
        assertEquals(1, r.failedRank());
        assertEquals("rank 1 failed: java.lang.IllegalStateException: boom in rank 1", r.message());
        assertNull(r.deadlockReport());
    }

    @Test
    void runBodyFailureNamesRankAndException() {
        final JobResult r = ThreadsJob.run(JobConfig.of(2), (rank, size) -> {
            if (rank == 0) {
                MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 0);
            } else {
                MPI.COMM_WORLD.Send(new int[4], 0, 4, MPI.INT, 0, 0); // truncation at rank 0
            }
        });
        assertEquals(JobResult.FAILED, r.exitCode());
        assertEquals(0, r.failedRank());
        assertTrue(r.message().startsWith("rank 0 failed: mpi.MPIException: Recv: message truncated"), r.message());
    }

    @Test
    void abortEndsTheJobWithItsErrorCode() {
        final JobResult r = ThreadsJob.run(JobConfig.of(3), (rank, size) -> {
            if (rank == 1) {
                MPI.COMM_WORLD.Abort(3);
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 0);
        });
        assertEquals(3, r.exitCode());
        assertEquals("rank 1 called Abort(3)", r.message());
        assertEquals(1, r.failedRank());
    }

    @Test
    void aRankThatIgnoresTheAbortIsAbandonedAfterAGracePeriod() {
        final JobResult r = ThreadsJob.run(JobConfig.of(2), (rank, size) -> {
            if (rank == 0) {
                throw new ArithmeticException("/ by zero");
            }
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 0, 0);
                } catch (Throwable ignored) {
                    Thread.onSpinWait(); // a badly behaved program swallowing the abort
                }
            }
        });
        assertEquals(JobResult.FAILED, r.exitCode());
        assertEquals("rank 0 failed: java.lang.ArithmeticException: / by zero", r.message());
    }

    @Test
    void threadHelpers() {
        final JobResult r = ThreadsJob.run(JobConfig.of(1), (rank, size) -> {
            assertEquals(MPI.THREAD_MULTIPLE, MPI.Query_thread());
            assertTrue(MPI.Is_thread_main());
            final boolean[] other = {true};
            final Thread t = new Thread(() -> {
                try {
                    other[0] = MPI.Is_thread_main();
                } catch (mpi.MPIException e) {
                    throw new IllegalStateException(e);
                }
            });
            t.start();
            t.join();
            assertTrue(!other[0], "a thread the rank started is not the main thread");
            assertTrue(!MPI.Finalized());
            MPI.Finalize();
            assertTrue(MPI.Finalized());
        });
        assertTrue(r.succeeded(), r::message);
    }

    @Test
    void successfulJobHasExitCodeZero() {
        final AtomicInteger ran = new AtomicInteger();
        final JobResult r = ThreadsJob.run(JobConfig.of(3), (rank, size) -> {
            MPI.Init(new String[0]); // accepted once after the runner's implicit Init
            ran.incrementAndGet();
            MPI.Finalize();
        });
        assertEquals(JobResult.OK, r.exitCode());
        assertNull(r.message());
        assertEquals(3, ran.get());
    }

    @Test
    void virtualThreadsNeedJdk21() {
        final JobResult r = ThreadsJob.run(JobConfig.of(2).withRanksAs(JobConfig.RanksAs.VIRTUAL),
                (rank, size) -> {
                    final int[] got = new int[1];
                    MPI.COMM_WORLD.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, 1 - rank, 0, got, 0, 1, MPI.INT,
                            1 - rank, 0);
                    assertEquals(1 - rank, got[0]);
                });
        if (Runtime.version().feature() < 21) {
            assertEquals(JobResult.SETUP, r.exitCode());
            assertTrue(r.message().startsWith("ranks as virtual threads need JDK 21"), r.message());
        } else {
            assertTrue(r.succeeded(), r::message);
        }
    }
}
