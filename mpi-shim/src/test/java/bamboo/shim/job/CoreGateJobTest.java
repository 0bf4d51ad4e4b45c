package bamboo.shim.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import mpi.Status;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The per-node core gate ({@link JobConfig#withCoresPerNode}): a node of C cores never has more than C of
 * its ranks in the program at once, whichever MPI call they wait in, on platform and virtual threads. Each
 * rank counts itself in its node's counter while it runs its own code; the counters' maxima are the
 * assertion, so nothing depends on timing (the busy stretches only make an overlap likely without the gate,
 * which {@link #withoutTheGateRanksOfANodeOverlap} checks the counting can see).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CoreGateJobTest {
    private static final int ROUNDS = 60;

    /** Per node: ranks in their own code now, and the most seen at once. */
    private static final class Occupancy {
        final AtomicIntegerArray now;
        final AtomicIntegerArray max;

        Occupancy(int nodes) {
            now = new AtomicIntegerArray(nodes);
            max = new AtomicIntegerArray(nodes);
        }

        /** Runs a stretch of the rank's own code, counted on its node. */
        void compute(int node) {
            final int n = now.incrementAndGet(node);
            max.accumulateAndGet(node, n, Math::max);
            busy();
            now.decrementAndGet(node);
        }

        int worst() {
            int m = 0;
            for (int i = 0; i < max.length(); i++) {
                m = Math.max(m, max.get(i));
            }
            return m;
        }
    }

    /** Some work that yields the thread, so the scheduler has every chance to run another rank meanwhile. */
    private static void busy() {
        for (int i = 0; i < 20; i++) {
            Thread.yield();
        }
    }

    private static JobConfig config(int np, int nodes, JobConfig.RanksAs as, int cores) {
        if (as == JobConfig.RanksAs.VIRTUAL) {
            Assumptions.assumeTrue(Runtime.version().feature() >= 21, "virtual threads need JDK 21+");
        }
        return JobConfig.of(np).withNodes(nodes).withRanksAs(as).withCoresPerNode(cores);
    }

    /** The park paths: blocking Sendrecv (a ring inside each node and across), Wait, Probe, Barrier,
     *  Allreduce, all with ranks of one node waiting on each other (a deadlock if a waiter kept its core). */
    @ParameterizedTest
    @EnumSource(JobConfig.RanksAs.class)
    void aOneCoreNodeRunsOneRankAtATimeThroughEveryWait(JobConfig.RanksAs as) {
        final int nodes = 2;
        final Occupancy o = new Occupancy(nodes);
        final JobConfig c = config(6, nodes, as, 1).withLatencyNanos(30_000);
        final JobResult r = ThreadsJob.run(c, (rank, size) -> {
            final Intracomm w = MPI.COMM_WORLD;
            final int node = c.nodeOf(rank);
            final int[] in = new int[1];
            final int[] out = {rank};
            for (int i = 0; i < ROUNDS; i++) {
                o.compute(node);
                w.Sendrecv(out, 0, 1, MPI.INT, (rank + 1) % size, 0, in, 0, 1, MPI.INT, (rank + size - 1) % size, 0);
                o.compute(node);
                final Request q = w.Irecv(in, 0, 1, MPI.INT, (rank + size - 1) % size, 1);
                w.Send(out, 0, 1, MPI.INT, (rank + 1) % size, 1);
                q.Wait();
                o.compute(node);
                w.Send(out, 0, 1, MPI.INT, (rank + 1) % size, 2);
                final Status s = w.Probe((rank + size - 1) % size, 2);
                w.Recv(in, 0, 1, MPI.INT, s.source, 2);
                o.compute(node);
                w.Barrier();
                final int[] sum = new int[1];
                w.Allreduce(out, 0, sum, 0, 1, MPI.INT, MPI.SUM);
                assertEquals(15, sum[0]);
            }
        });
        assertTrue(r.succeeded(), r::message);
        assertEquals(1, o.worst(), "ranks of a one-core node in their own code at once");
    }

    @ParameterizedTest
    @EnumSource(JobConfig.RanksAs.class)
    void aTwoCoreNodeRunsAtMostTwo(JobConfig.RanksAs as) {
        final Occupancy o = new Occupancy(1);
        final JobResult r = ThreadsJob.run(config(5, 1, as, 2), (rank, size) -> {
            final int[] b = new int[1];
            for (int i = 0; i < ROUNDS; i++) {
                o.compute(0);
                MPI.COMM_WORLD.Allreduce(new int[] {1}, 0, b, 0, 1, MPI.INT, MPI.SUM);
            }
        });
        assertTrue(r.succeeded(), r::message);
        assertTrue(o.worst() <= 2, "at most 2 ranks of a 2-core node at once, saw " + o.worst());
    }

    /** The counting can see an overlap: without the gate ranks of one node do run their code at once. */
    @Test
    void withoutTheGateRanksOfANodeOverlap() {
        final Occupancy o = new Occupancy(1);
        for (int attempt = 0; attempt < 20 && o.worst() < 2; attempt++) {
            final JobResult r = ThreadsJob.run(JobConfig.of(3), (rank, size) -> {
                for (int i = 0; i < ROUNDS; i++) {
                    o.compute(0);
                    MPI.COMM_WORLD.Barrier();
                }
            });
            assertTrue(r.succeeded(), r::message);
        }
        assertTrue(o.worst() >= 2, "three ungated ranks never overlapped in 20 jobs");
    }

    /** A rank polling with Iprobe (or Test) for a message from a rank of its own one-core node: the poll
     *  that finds nothing lets the other rank run, else the poller would keep the core for ever. */
    @ParameterizedTest
    @EnumSource(JobConfig.RanksAs.class)
    void pollingForARankOfTheSameNodeLetsItRun(JobConfig.RanksAs as) {
        final Occupancy o = new Occupancy(1);
        final JobResult r = ThreadsJob.run(config(3, 1, as, 1), (rank, size) -> {
            final Intracomm w = MPI.COMM_WORLD;
            final int[] b = new int[1];
            for (int i = 0; i < 20; i++) {
                if (rank == 0) {
                    while (w.Iprobe(1, 0) == null) {
                        o.compute(0);
                    }
                    w.Recv(b, 0, 1, MPI.INT, 1, 0);
                    final Request q = w.Irecv(b, 0, 1, MPI.INT, 2, 0);
                    while (q.Test() == null) {
                        o.compute(0);
                    }
                } else {
                    o.compute(0);
                    w.Send(b, 0, 1, MPI.INT, 0, 0);
                }
            }
        });
        assertTrue(r.succeeded(), r::message);
        assertEquals(1, o.worst());
    }

    /** A rank that returns early gives its core back: the others of its one-core node still run. */
    @ParameterizedTest
    @EnumSource(JobConfig.RanksAs.class)
    void aFinishedRankReleasesItsCore(JobConfig.RanksAs as) {
        final AtomicInteger laps = new AtomicInteger();
        final JobResult r = ThreadsJob.run(config(3, 1, as, 1), (rank, size) -> {
            if (rank == 0) {
                return;
            }
            final int[] b = new int[1];
            final int peer = rank == 1 ? 2 : 1;
            for (int i = 0; i < ROUNDS; i++) {
                MPI.COMM_WORLD.Sendrecv(b, 0, 1, MPI.INT, peer, 0, b, 0, 1, MPI.INT, peer, 0);
                laps.incrementAndGet();
            }
        });
        assertTrue(r.succeeded(), r::message);
        assertEquals(2 * ROUNDS, laps.get());
    }

    /** A rank that throws while holding the core: the job fails with its error, nobody hangs at the gate. */
    @ParameterizedTest
    @EnumSource(JobConfig.RanksAs.class)
    void aRankThatThrowsFailsTheJobWithoutAHang(JobConfig.RanksAs as) {
        final JobResult r = ThreadsJob.run(config(4, 1, as, 1), (rank, size) -> {
            if (rank == 2) {
                throw new IllegalStateException("boom");
            }
            MPI.COMM_WORLD.Barrier();
        });
        assertEquals(JobResult.FAILED, r.exitCode());
        assertTrue(r.message().contains("rank 2 failed: java.lang.IllegalStateException: boom"), r.message());
    }

    /** A real deadlock is still reported with the gate on (every rank parked, none holds a core). */
    @ParameterizedTest
    @EnumSource(JobConfig.RanksAs.class)
    void aDeadlockIsStillReported(JobConfig.RanksAs as) {
        final JobResult r = ThreadsJob.run(config(3, 1, as, 1), (rank, size) ->
                MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, (rank + 1) % size, 0));
        assertEquals(JobResult.DEADLOCK, r.exitCode(), r::message);
        assertTrue(r.message().contains("rank 2 waits in Recv(source=0, tag=0, comm=COMM_WORLD)"), r.message());
    }

    /** Ranks waiting for the core are runnable, not deadlocked: a holder that computes for longer than the
     *  deadlock watch's window (its node's other ranks woken and waiting for the core) is no deadlock. */
    @ParameterizedTest
    @EnumSource(JobConfig.RanksAs.class)
    void ranksWaitingForTheCoreAreNoDeadlock(JobConfig.RanksAs as) {
        final JobResult r = ThreadsJob.run(config(3, 1, as, 1), (rank, size) -> {
            final int[] b = new int[1];
            if (rank == 0) {
                MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, 0);
                MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 2, 0);
                final long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1500);
                while (System.nanoTime() < end) {
                    Thread.onSpinWait(); // holds the only core: ranks 1 and 2 wait for it
                }
            } else {
                MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, 0);
            }
            MPI.COMM_WORLD.Barrier();
        });
        assertTrue(r.succeeded(), r::message);
    }

    /**
     * Regression: a rank whose main thread waits in join (holding the node's one core) for a helper
     * thread that waits in MPI for a rank of the same node, which waits for that core, hung without a
     * report (a rank waiting for a core counted as runnable). Now it is a reported deadlock.
     */
    @ParameterizedTest
    @EnumSource(JobConfig.RanksAs.class)
    void aRankJoiningWhileHoldingTheCoreIsAReportedDeadlock(JobConfig.RanksAs as) {
        final JobResult r = ThreadsJob.run(config(2, 1, as, 1), (rank, size) -> {
            final int[] b = new int[1];
            if (rank == 0) {
                MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, 1); // eager: rank 0 keeps the core
                final Thread helper = new Thread(() -> {
                    try {
                        MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 1, 5);
                    } catch (mpi.MPIException e) {
                        throw new IllegalStateException(e);
                    }
                });
                helper.setDaemon(true);
                helper.setUncaughtExceptionHandler((t, e) -> { }); // the abort that ends the job unwinds it
                helper.start();
                helper.join(); // holds the node's one core meanwhile
            } else {
                MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, 1);
                MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 0, 5); // needs the core rank 0 keeps
            }
        });
        assertEquals(JobResult.DEADLOCK, r.exitCode(), r::message);
        assertTrue(r.message().contains("rank 1 waits for a core of its node"), r.message());
        assertTrue(r.message().contains("rank 0 waits in Recv(source=1, tag=5"), r.message());
    }

    @Test
    void coresPerNodeMustNotBeNegative() {
        final IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> JobConfig.of(2).withCoresPerNode(-1));
        assertEquals("cores per node must be at least 1, or 0 for no limit (got -1)", e.getMessage());
    }
}
