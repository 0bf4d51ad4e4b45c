package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/** Bad arguments to collectives: an MPIException naming the call and the argument, before any message. */
@Timeout(60)
class CollectiveErrorsTest {

    private static void fails(String expected, Executable call) {
        final MPIException e = assertThrows(MPIException.class, call);
        assertTrue(e.getMessage().contains(expected), "message was: " + e.getMessage());
    }

    @Test
    void badArgumentsAreReportedOnEveryRank() {
        CollectivesTest.job(3, (rank, size) -> {
            final Intracomm w = MPI.COMM_WORLD;
            final int[] buf = new int[4];
            fails("Intracomm.Bcast: root 3 is out of range [0, 3)", () -> w.Bcast(buf, 0, 1, MPI.INT, 3));
            fails("Intracomm.Reduce: root -1 is out of range", () -> w.Reduce(buf, 0, buf, 0, 1, MPI.INT, MPI.SUM, -1));
            fails("Intracomm.Allreduce: operation MPI.MAXLOC is not defined on datatype MPI.DOUBLE",
                    () -> w.Allreduce(new double[2], 0, new double[2], 0, 1, MPI.DOUBLE, MPI.MAXLOC));
            fails("Intracomm.Allreduce: operation MPI.SUM is not defined on datatype MPI.OBJECT",
                    () -> w.Allreduce(new Object[1], 0, new Object[1], 0, 1, MPI.OBJECT, MPI.SUM));
            fails("Intracomm.Allreduce: operation MPI.BAND is not defined on datatype MPI.FLOAT",
                    () -> w.Allreduce(new float[1], 0, new float[1], 0, 1, MPI.FLOAT, MPI.BAND));
            fails("Intracomm.Scan: op is null", () -> w.Scan(buf, 0, buf, 0, 1, MPI.INT, null));
            fails("Intracomm.Bcast: buf too small", () -> w.Bcast(buf, 2, 3, MPI.INT, 0));
            fails("Intracomm.Bcast: buf is a double[] but datatype MPI.INT needs a int[]",
                    () -> w.Bcast(new double[4], 0, 1, MPI.INT, 0));
            fails("Intracomm.Bcast: count -1 for buf is negative", () -> w.Bcast(buf, 0, -1, MPI.INT, 0));
            fails("Intracomm.Allgather: recvbuf too small",
                    () -> w.Allgather(buf, 0, 2, MPI.INT, buf, 0, 2, MPI.INT));
            fails("Intracomm.Allgather: sending 1 items of MPI.INT but receiving 2 items of MPI.INT",
                    () -> w.Allgather(buf, 0, 1, MPI.INT, new int[6], 0, 2, MPI.INT));
            fails("Intracomm.Alltoall: send datatype MPI.INT and receive datatype MPI.LONG differ in kind",
                    () -> w.Alltoall(buf, 0, 1, MPI.INT, new long[3], 0, 1, MPI.LONG));
            fails("Intracomm.Allgatherv: recvcount has 2 entries for 3 processes",
                    () -> w.Allgatherv(buf, 0, 1, MPI.INT, buf, 0, new int[] {1, 1}, new int[] {0, 1}, MPI.INT));
            fails("Intracomm.Allgatherv: displs[1] = -1 is negative",
                    () -> w.Allgatherv(buf, 0, 1, MPI.INT, buf, 0, new int[] {1, 1, 1}, new int[] {0, -1, 2},
                            MPI.INT));
            fails("Intracomm.Alltoallv: recvcount[2] = -4 is negative",
                    () -> w.Alltoallv(buf, 0, new int[] {1, 1, 1}, new int[] {0, 1, 2}, MPI.INT,
                            buf, 0, new int[] {1, 1, -4}, new int[] {0, 1, 2}, MPI.INT));
            fails("Intracomm.Reduce_scatter: sendbuf too small",
                    () -> w.Reduce_scatter(buf, 0, buf, 0, new int[] {2, 2, 2}, MPI.INT, MPI.SUM));
            fails("Intracomm.Split: colour -5 must be >= 0 or MPI.UNDEFINED", () -> w.Split(-5, 0));
            fails("Intracomm.Create: group is null", () -> w.Create(null));
            // After all those local failures, the ranks are still in step.
            final int[] sum = new int[1];
            w.Allreduce(new int[] {1}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            assertEquals(3, sum[0]);
        });
    }

    @Test
    void aFailingUserOperationEndsTheJobWithItsMessage() {
        final AssertionError e = assertThrows(AssertionError.class, () -> CollectivesTest.job(2, (rank, size) -> {
            final Op broken = new Op(new User_function() {
                @Override
                public void Call(Object in, int io, Object inout, int ioo, int count, Datatype type) {
                    throw new IllegalStateException("boom");
                }
            }, true);
            MPI.COMM_WORLD.Allreduce(new int[1], 0, new int[1], 0, 1, MPI.INT, broken);
        }));
        assertTrue(e.getMessage().contains("failed on MPI.INT") && e.getMessage().contains("boom"), e.getMessage());
    }

    @Test
    void aRankSkippingACollectiveIsReportedAsADeadlock() {
        final bamboo.shim.job.JobResult r = bamboo.shim.job.ThreadsJob.run(bamboo.shim.job.JobConfig.of(4),
                (rank, size) -> {
                    if (rank != 2) {
                        MPI.COMM_WORLD.Allreduce(new int[1], 0, new int[1], 0, 1, MPI.INT, MPI.SUM);
                    }
                });
        assertEquals(bamboo.shim.job.JobResult.DEADLOCK, r.exitCode(), r.message());
        assertTrue(r.deadlockReport().contains("rank 2 has finished")
                && r.deadlockReport().contains("rank 0 waits in Intracomm.Allreduce sendrecv(source=2"), r.deadlockReport());
    }
}
