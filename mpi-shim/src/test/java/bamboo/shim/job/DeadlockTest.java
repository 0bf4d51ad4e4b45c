package bamboo.shim.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import mpi.MPI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DeadlockTest {

    @Test
    void bothRanksReceiveFirst() {
        final JobResult r = ThreadsJob.run(JobConfig.of(2), (rank, size) -> {
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1 - rank, 4);
            MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, 1 - rank, 4);
        });
        assertEquals(JobResult.DEADLOCK, r.exitCode());
        assertTrue(r.message().contains("rank 0 waits in Recv(source=1, tag=4, comm=COMM_WORLD)"), r.message());
        assertTrue(r.message().contains("rank 1 waits in Recv(source=0, tag=4, comm=COMM_WORLD)"), r.message());
        assertTrue(r.deadlockReport().contains("\n  rank 1 waits in Recv"), r.deadlockReport());
    }

    @Test
    void theReportNamesTheProgramLine() {
        final JobResult r = ThreadsJob.runMain(JobConfig.of(2),
                new java.net.URL[] {testprog.DeadlockProgram.class.getProtectionDomain().getCodeSource().getLocation()},
                "testprog.DeadlockProgram", new String[0]);
        assertEquals(JobResult.DEADLOCK, r.exitCode());
        assertTrue(r.message().contains("rank 1 waits in Recv(source=0, tag=0, comm=COMM_WORLD)"
                + " at testprog.DeadlockProgram.main(DeadlockProgram.java:11)"), r.message());
    }

    @Test
    void waitingOnAFinishedRank() {
        final JobResult r = ThreadsJob.run(JobConfig.of(3), (rank, size) -> {
            if (rank == 2) {
                MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 0, 0);
            }
        });
        assertEquals(JobResult.DEADLOCK, r.exitCode());
        assertTrue(r.message().contains("rank 2 waits in Recv(source=0, tag=0, comm=COMM_WORLD)"), r.message());
        assertTrue(r.message().contains("rank 0 has finished"), r.message());
    }

    @Test
    void wrongTagIsReportedWithTheUnreceivedMessage() {
        final JobResult r = ThreadsJob.run(JobConfig.of(2), (rank, size) -> {
            if (rank == 0) {
                MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, 1, 5);
                MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 6);
            } else {
                MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 0, 7);
            }
        });
        assertEquals(JobResult.DEADLOCK, r.exitCode());
        assertTrue(r.message().contains("rank 1 waits in Recv(source=0, tag=7, comm=COMM_WORLD)"
                + " [unreceived: from rank 0 tag 5]"), r.message());
    }

    @Test
    void waitOnARequestIsNamed() {
        final JobResult r = ThreadsJob.run(JobConfig.of(1), (rank, size) -> {
            MPI.COMM_WORLD.Irecv(new int[1], 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG).Wait();
        });
        assertEquals(JobResult.DEADLOCK, r.exitCode());
        assertTrue(r.message().contains("rank 0 waits in Wait for Irecv(source=ANY_SOURCE, tag=ANY_TAG,"
                + " comm=COMM_WORLD)"), r.message());
    }

    @Test
    void slowButProgressingJobIsNotADeadlock() {
        final JobResult r = ThreadsJob.run(JobConfig.of(2), (rank, size) -> {
            if (rank == 0) {
                Thread.sleep(1200); // rank 1 blocks meanwhile, but rank 0 is live and not in MPI
                MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, 1, 0);
            } else {
                MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 0, 0);
            }
        });
        assertTrue(r.succeeded(), r::message);
    }
}
