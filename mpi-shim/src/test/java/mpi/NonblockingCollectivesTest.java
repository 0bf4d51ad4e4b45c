package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.ThreadsJob;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The MPI-3 nonblocking collectives (and Exscan): each gives what its blocking form gives, progresses
 * while the caller does not call MPI, mixes with point-to-point requests in Waitall, several can be
 * outstanding on one communicator, and bad arguments fail at the call.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NonblockingCollectivesTest {

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 2, 3, 5, 8})
    void everyNonblockingCollectiveGivesWhatItsBlockingFormGives(int n) {
        CollectivesTest.job(n, (rank, size) -> {
            final Intracomm w = MPI.COMM_WORLD;
            final int root = size - 1;
            w.Ibarrier().Wait();

            final long[] b = rank == root ? new long[] {7, 8, 9} : new long[3];
            w.Ibcast(b, 1, 2, MPI.LONG, root).Wait();
            assertArrayEquals(rank == root ? new long[] {7, 8, 9} : new long[] {0, 8, 9}, b);

            final int[] mine = {rank, 10 * rank};
            final int[] gathered = new int[2 * size];
            w.Igather(mine, 0, 2, MPI.INT, gathered, 0, 2, MPI.INT, root).Wait();
            final int[] all = new int[2 * size];
            for (int r = 0; r < size; r++) {
                all[2 * r] = r;
                all[2 * r + 1] = 10 * r;
            }
            if (rank == root) {
                assertArrayEquals(all, gathered);
            }
            final int[] everyone = new int[2 * size];
            w.Iallgather(mine, 0, 2, MPI.INT, everyone, 0, 2, MPI.INT).Wait();
            assertArrayEquals(all, everyone);

            final int[] counts = new int[size];
            final int[] displs = new int[size];
            for (int r = 0, at = 0; r < size; r++) {
                counts[r] = r + 1;
                displs[r] = at;
                at += r + 1;
            }
            final int total = size * (size + 1) / 2;
            final int[] ragged = new int[rank + 1];
            java.util.Arrays.fill(ragged, rank);
            final int[] v = new int[total];
            w.Iallgatherv(ragged, 0, rank + 1, MPI.INT, v, 0, counts, displs, MPI.INT).Wait();
            final int[] vAtRoot = new int[total];
            w.Igatherv(ragged, 0, rank + 1, MPI.INT, vAtRoot, 0, counts, displs, MPI.INT, root).Wait();
            for (int r = 0; r < size; r++) {
                for (int i = 0; i < r + 1; i++) {
                    assertEquals(r, v[displs[r] + i]);
                    if (rank == root) {
                        assertEquals(r, vAtRoot[displs[r] + i]);
                    }
                }
            }
            final int[] back = new int[rank + 1];
            w.Iscatterv(v, 0, counts, displs, MPI.INT, back, 0, rank + 1, MPI.INT, root).Wait();
            assertArrayEquals(ragged, back);
            final int[] piece = new int[2];
            w.Iscatter(all, 0, 2, MPI.INT, piece, 0, 2, MPI.INT, root).Wait();
            assertArrayEquals(new int[] {rank, 10 * rank}, piece);

            final int[] out = new int[size];
            final int[] in = new int[size];
            for (int r = 0; r < size; r++) {
                out[r] = 100 * rank + r;
            }
            w.Ialltoall(out, 0, 1, MPI.INT, in, 0, 1, MPI.INT).Wait();
            for (int r = 0; r < size; r++) {
                assertEquals(100 * r + rank, in[r]);
            }
            final int[] ones = new int[size];
            final int[] places = new int[size];
            for (int r = 0; r < size; r++) {
                ones[r] = 1;
                places[r] = size - 1 - r; // reversed blocks
            }
            final int[] inV = new int[size];
            w.Ialltoallv(out, 0, ones, places, MPI.INT, inV, 0, ones, places, MPI.INT).Wait();
            for (int r = 0; r < size; r++) {
                assertEquals(100 * r + size - 1 - rank, inV[size - 1 - r]);
            }

            final double[] x = {rank + 1.0, 2.0 * rank};
            final double[] sum = new double[2];
            w.Ireduce(x, 0, sum, 0, 2, MPI.DOUBLE, MPI.SUM, root).Wait();
            final double expectedSum = size * (size + 1) / 2.0;
            if (rank == root) {
                assertArrayEquals(new double[] {expectedSum, size * (size - 1.0)}, sum, 0.0);
            }
            final double[] allSum = new double[2];
            w.Iallreduce(x, 0, allSum, 0, 2, MPI.DOUBLE, MPI.SUM).Wait();
            assertArrayEquals(new double[] {expectedSum, size * (size - 1.0)}, allSum, 0.0);

            final int[] contributions = new int[size];
            for (int r = 0; r < size; r++) {
                contributions[r] = rank + r;
            }
            final int[] mySegment = new int[1];
            final int[] single = new int[size];
            java.util.Arrays.fill(single, 1);
            w.Ireduce_scatter(contributions, 0, mySegment, 0, single, MPI.INT, MPI.SUM).Wait();
            assertEquals(size * (size - 1) / 2 + size * rank, mySegment[0]);

            final int[] prefix = new int[1];
            w.Iscan(new int[] {rank + 1}, 0, prefix, 0, 1, MPI.INT, MPI.SUM).Wait();
            assertEquals((rank + 1) * (rank + 2) / 2, prefix[0]);
            final int[] before = {-1};
            w.Iexscan(new int[] {rank + 1}, 0, before, 0, 1, MPI.INT, MPI.SUM).Wait();
            assertEquals(rank == 0 ? -1 : rank * (rank + 1) / 2, before[0], "rank 0's buffer is left as it was");
            final int[] blockingBefore = {-1};
            w.Exscan(new int[] {rank + 1}, 0, blockingBefore, 0, 1, MPI.INT, MPI.SUM);
            assertEquals(before[0], blockingBefore[0]);
        });
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {2, 3, 4, 7})
    void exscanCombinesInRankOrderForNonCommutativeOperations(int n) {
        CollectivesTest.job(n, (rank, size) -> {
            final Op concat = new Op(new CollectivesTest.Concat(), false);
            final Object[] got = {"unset"};
            MPI.COMM_WORLD.Exscan(new Object[] {"<" + rank + ">"}, 0, got, 0, 1, MPI.OBJECT, concat);
            final StringBuilder expected = new StringBuilder();
            for (int r = 0; r < rank; r++) {
                expected.append('<').append(r).append('>');
            }
            assertEquals(rank == 0 ? "unset" : expected.toString(), got[0]);
        });
    }

    /** The collective progresses on its own: rank 1 starts an Ireduce and then spins without calling MPI
     *  until rank 0, waiting for the same Ireduce (which needs rank 1's contribution), has its result. A
     *  nonblocking collective matches only nonblocking ones, as in MPI. */
    @Test
    void aNonblockingCollectiveProgressesWhileTheCallerComputesWithoutCallingMpi() {
        final AtomicBoolean rootDone = new AtomicBoolean();
        CollectivesTest.job(2, (rank, size) -> {
            final int[] out = new int[1];
            if (rank == 1) {
                final Request r = MPI.COMM_WORLD.Ireduce(new int[] {5}, 0, out, 0, 1, MPI.INT, MPI.SUM, 0);
                final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (!rootDone.get() && System.nanoTime() < deadline) {
                    Thread.onSpinWait(); // computing: no MPI call that could drive the collective
                }
                assertTrue(rootDone.get(), "the root's Reduce completed while this rank made no MPI call");
                r.Wait();
            } else {
                MPI.COMM_WORLD.Ireduce(new int[] {2}, 0, out, 0, 1, MPI.INT, MPI.SUM, 0).Wait();
                assertEquals(7, out[0]);
                rootDone.set(true);
            }
        });
    }

    /** An Iallreduce overlapping a point-to-point ring exchange, all completed by one Waitall. */
    @Test
    void aNonblockingCollectiveOverlapsAPointToPointExchangeInOneWaitall() {
        CollectivesTest.job(4, (rank, size) -> {
            final Intracomm w = MPI.COMM_WORLD;
            final long[] x = {rank, 1};
            final long[] sum = new long[2];
            final int[] fromLeft = new int[256];
            final int[] toRight = new int[256];
            java.util.Arrays.fill(toRight, rank);
            final Request[] rs = {
                    w.Iallreduce(x, 0, sum, 0, 2, MPI.LONG, MPI.SUM),
                    w.Irecv(fromLeft, 0, 256, MPI.INT, (rank + size - 1) % size, 3),
                    w.Isend(toRight, 0, 256, MPI.INT, (rank + 1) % size, 3),
            };
            final Status[] st = Request.Waitall(rs);
            assertArrayEquals(new long[] {6, 4}, sum);
            assertEquals((rank + size - 1) % size, fromLeft[255]);
            assertEquals((rank + size - 1) % size, st[1].source);
            // The same with Test until done, the collective polled among the point-to-point requests.
            final Request c = w.Ibarrier();
            final Request p = w.Isendrecv(toRight, 0, 1, MPI.INT, (rank + 1) % size, 4,
                    fromLeft, 0, 1, MPI.INT, (rank + size - 1) % size, 4);
            while (Request.Testall(new Request[] {c, p}) == null) {
                Thread.onSpinWait();
            }
            assertTrue(c.Is_null() && p.Is_null());
        });
    }

    /** Several outstanding nonblocking collectives on one communicator, and a blocking one started
     *  meanwhile, each get their own data, whatever order they are waited in. */
    @Test
    void severalOutstandingNonblockingCollectivesOnOneCommunicatorCompleteInOrder() {
        CollectivesTest.job(5, (rank, size) -> {
            final Intracomm w = MPI.COMM_WORLD;
            final int k = 12;
            final Request[] rs = new Request[k];
            final int[][] results = new int[k][1];
            for (int i = 0; i < k; i++) {
                rs[i] = i % 2 == 0
                        ? w.Iallreduce(new int[] {rank * (i + 1)}, 0, results[i], 0, 1, MPI.INT, MPI.SUM)
                        : w.Ibcast(results[i] = new int[] {rank == i % size ? 1000 + i : -1}, 0, 1, MPI.INT, i % size);
            }
            final int[] blocking = new int[1];
            w.Allreduce(new int[] {1}, 0, blocking, 0, 1, MPI.INT, MPI.SUM); // between them, on the same comm
            assertEquals(size, blocking[0]);
            for (int i = 0; i < k; i++) {
                rs[i].Wait();
                final int expected = i % 2 == 0 ? (i + 1) * size * (size - 1) / 2 : 1000 + i;
                assertEquals(expected, results[i][0], "collective " + i);
            }
            // On a duplicate too, interleaved with the world's: contexts keep them apart.
            final Intracomm dup = w.Dup();
            final int[] a = new int[1];
            final int[] b = new int[1];
            final Request ra = dup.Iallreduce(new int[] {2}, 0, a, 0, 1, MPI.INT, MPI.SUM);
            final Request rb = w.Iallreduce(new int[] {3}, 0, b, 0, 1, MPI.INT, MPI.SUM);
            rb.Wait();
            ra.Wait();
            assertEquals(2 * size, a[0]);
            assertEquals(3 * size, b[0]);
        });
    }

    /** On the simulated interconnect (ranks on two nodes, latency) the collectives still agree. */
    @Test
    void nonblockingCollectivesWorkOnTheSimulatedNetwork() {
        Jobs.run(JobConfig.of(4).withNodes(2).withLatencyNanos(200_000), (rank, size) -> {
            final int[] sum = new int[1];
            final Request r = MPI.COMM_WORLD.Iallreduce(new int[] {rank}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            final int[] got = new int[1];
            final int[] prefix = new int[1];
            final Request s = MPI.COMM_WORLD.Iscan(new int[] {1}, 0, prefix, 0, 1, MPI.INT, MPI.SUM);
            MPI.COMM_WORLD.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, (rank + 1) % size, 0,
                    got, 0, 1, MPI.INT, (rank + size - 1) % size, 0);
            Request.Waitall(new Request[] {r, s});
            assertEquals(6, sum[0]);
            assertEquals(rank + 1, prefix[0]);
            assertEquals((rank + size - 1) % size, got[0]);
        });
    }

    /** A nonblocking collective some rank never starts is a deadlock the watch reports (with the helper
     *  thread parked in the algorithm and the caller in Wait), naming the collective. */
    @Test
    void aCollectiveOneRankNeverStartsIsAReportedDeadlock() {
        final JobResult r = ThreadsJob.run(JobConfig.of(2), (rank, size) -> {
            if (rank == 0) {
                MPI.COMM_WORLD.Ibarrier().Wait();
            }
        });
        assertEquals(JobResult.DEADLOCK, r.exitCode(), r.message());
        // The rank's two threads are listed in either order.
        assertTrue(r.message().startsWith("deadlock: rank 0 waits in "), r.message());
        assertTrue(r.message().contains("Intracomm.Ibarrier sendrecv(source=1, tag="), r.message());
        assertTrue(r.message().contains("Wait for Intracomm.Ibarrier"), r.message());
        assertTrue(r.message().endsWith("; rank 1 has finished"), r.message());
    }

    private static void fails(String expected, Executable call) {
        final MPIException e = assertThrows(MPIException.class, call);
        assertEquals(expected, e.getMessage());
    }

    @Test
    void wrongArgumentsFailAtTheCallInOneLine() {
        CollectivesTest.job(3, (rank, size) -> {
            final Intracomm w = MPI.COMM_WORLD;
            final int[] buf = new int[4];
            fails("Intracomm.Ibcast: root 3 is out of range [0, 3)", () -> w.Ibcast(buf, 0, 1, MPI.INT, 3));
            fails("Intracomm.Iallreduce: op is null", () -> w.Iallreduce(buf, 0, buf, 0, 1, MPI.INT, null));
            fails("Intracomm.Ireduce: operation MPI.MAXLOC is not defined on datatype MPI.DOUBLE (MAXLOC takes a "
                    + "pair type: SHORT2, INT2, LONG2, FLOAT2 or DOUBLE2)",
                    () -> w.Ireduce(new double[2], 0, new double[2], 0, 1, MPI.DOUBLE, MPI.MAXLOC, 0));
            fails("Intracomm.Iallgather: sending 1 items of MPI.INT but receiving 2 items of MPI.INT per block",
                    () -> w.Iallgather(buf, 0, 1, MPI.INT, new int[8], 0, 2, MPI.INT));
            fails("Intracomm.Iexscan: op is null", () -> w.Iexscan(buf, 0, buf, 0, 1, MPI.INT, null));
            fails("Intracomm.Exscan: op is null", () -> w.Exscan(buf, 0, buf, 0, 1, MPI.INT, null));
            final MPIException tooSmall = assertThrows(MPIException.class,
                    () -> w.Ialltoall(buf, 0, 2, MPI.INT, buf, 0, 2, MPI.INT));
            assertTrue(tooSmall.getMessage().startsWith("Intracomm.Ialltoall: sendbuf "), tooSmall.getMessage());
            assertTrue(!tooSmall.getMessage().contains("\n"));
            final MPIException nullCounts = assertThrows(MPIException.class,
                    () -> w.Iallgatherv(buf, 0, 1, MPI.INT, buf, 0, null, new int[3], MPI.INT));
            assertTrue(nullCounts.getMessage().startsWith("Intracomm.Iallgatherv: recvcount"),
                    nullCounts.getMessage());
            w.Barrier(); // nothing was started by the failed calls: the next collective still lines up
            final int[] one = new int[1];
            w.Iallreduce(new int[] {1}, 0, one, 0, 1, MPI.INT, MPI.SUM).Wait();
            assertEquals(3, one[0]);
        });
    }

    @Test
    void aWaitedCollectiveRequestIsNullAndCannotBeCancelled() {
        CollectivesTest.job(2, (rank, size) -> {
            final Request r = MPI.COMM_WORLD.Ibarrier();
            r.Cancel(); // MPI: collectives cannot be cancelled; the barrier still completes
            final Status s = r.Wait();
            assertTrue(!s.Test_cancelled());
            assertTrue(r.Is_null());
            assertNull(null == r.Test() ? "" : null); // a null request tests as complete
        });
    }
}
