package bamboo.shim.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import mpi.MPI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;

/** Ranks as virtual threads (JDK 21+; on JDK 17 ThreadsJobTest checks the one-line refusal). */
@EnabledForJreRange(min = JRE.JAVA_21)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class VirtualThreadsTest {
    private static final JobConfig VIRTUAL = JobConfig.of(64).withRanksAs(JobConfig.RanksAs.VIRTUAL);

    @Test
    void manyVirtualRanksPassATokenAroundARing() {
        final int[] token = new int[1];
        final JobResult r = ThreadsJob.run(VIRTUAL, (rank, size) -> {
            assertTrue(isVirtual(Thread.currentThread()));
            final int[] t = new int[1];
            for (int lap = 0; lap < 10; lap++) {
                if (rank == 0) {
                    t[0]++;
                    MPI.COMM_WORLD.Send(t, 0, 1, MPI.INT, 1, 0);
                    MPI.COMM_WORLD.Recv(t, 0, 1, MPI.INT, size - 1, 0);
                } else {
                    MPI.COMM_WORLD.Recv(t, 0, 1, MPI.INT, rank - 1, 0);
                    t[0]++;
                    MPI.COMM_WORLD.Send(t, 0, 1, MPI.INT, (rank + 1) % size, 0);
                }
            }
            if (rank == 0) {
                token[0] = t[0];
            }
        });
        assertTrue(r.succeeded(), r::message);
        assertEquals(640, token[0]);
    }

    @Test
    void deadlockAmongVirtualRanksIsReported() {
        final JobResult r = ThreadsJob.run(VIRTUAL, (rank, size) ->
                MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, (rank + 1) % size, 0));
        assertEquals(JobResult.DEADLOCK, r.exitCode());
        assertTrue(r.message().contains("rank 63 waits in Recv(source=0, tag=0, comm=COMM_WORLD)"), r.message());
    }

    private static boolean isVirtual(Thread t) {
        try {
            return (Boolean) Thread.class.getMethod("isVirtual").invoke(t);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
