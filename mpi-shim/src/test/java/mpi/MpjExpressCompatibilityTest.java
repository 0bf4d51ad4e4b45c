package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.ThreadsJob;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What an MPJ Express program relies on beyond the calls themselves: constants, exceptions, handlers. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MpjExpressCompatibilityTest {

    /** Compiles only while MPIException is unchecked: no throws clause, no catch. */
    private static int rankWithoutThrowsClause() {
        return MPI.COMM_WORLD.Rank();
    }

    @Test
    void mpiExceptionIsUncheckedSoCallsNeedNoThrowsClause() {
        assertTrue(RuntimeException.class.isAssignableFrom(MPIException.class));
        Jobs.run(2, (rank, size) -> assertEquals(rank, rankWithoutThrowsClause()));
        final MPIException e = assertThrows(MPIException.class, () -> MPI.COMM_WORLD.Rank());
        assertEquals("Rank: MPI is not initialised (call MPI.Init first)", e.getMessage());
    }

    @Test
    void constantsHaveMpjExpressValues() {
        assertEquals(-1, MPI.UNDEFINED);
        assertEquals(-2, MPI.ANY_SOURCE);
        assertEquals(-2, MPI.ANY_TAG);
        assertEquals(-3, MPI.PROC_NULL);
        assertEquals(1, MPI.GRAPH);
        assertEquals(2, MPI.CART);
        assertEquals(0, MPI.BSEND_OVERHEAD);
        assertEquals(Runtime.getRuntime().availableProcessors(), MPI.NUM_OF_PROCESSORS);
        assertTrue(MPI.NUM_OF_PROCESSORS >= 1);
        assertEquals(0, MPI.IDENT);
        assertEquals(1, MPI.SIMILAR);
        assertEquals(2, MPI.UNEQUAL);
        assertEquals(3, MPI.CONGRUENT);
    }

    @Test
    void threadLevelsAreMpjExpressOneToFourAndInitThreadProvidesMultiple() {
        assertArrayEquals(new int[] {1, 2, 3, 4},
                new int[] {MPI.THREAD_SINGLE, MPI.THREAD_FUNNELED, MPI.THREAD_SERIALIZED, MPI.THREAD_MULTIPLE});
        final JobResult r = ThreadsJob.run(JobConfig.of(1), (rank, size) -> {
            final int provided = MPI.Init_thread(new String[0], MPI.THREAD_FUNNELED);
            // How programs read the answer: provided at least what they asked for.
            assertTrue(provided >= MPI.THREAD_FUNNELED);
            assertEquals(4, provided);
            assertEquals(4, MPI.Query_thread());
        });
        assertEquals(0, r.exitCode(), r.message());
    }

    @Test
    void mpjExpressThreadCallsAnswerAsThere() throws Exception {
        assertNull(MPI.initThread(MPI.THREAD_MULTIPLE, MPI.THREAD_SINGLE, new String[] {"a"}),
                "MPJ Express's initThread does nothing and returns null");
        assertEquals(MPI.THREAD_MULTIPLE, MPI.queryThread());
        final boolean[] elsewhere = new boolean[1];
        final Thread t = new Thread(() -> elsewhere[0] = MPI.isMainThread());
        t.start();
        t.join();
        assertTrue(MPI.isMainThread());
        assertTrue(elsewhere[0], "true on every thread, as MPJ Express answers");
    }

    @Test
    void nullHandlesBehaveAsInMpjExpress() {
        Jobs.run(2, (rank, size) -> {
            final MPIException send = assertThrows(MPIException.class,
                    () -> MPI.COMM_NULL.Send(new int[1], 0, 1, MPI.INT, 0, 0));
            assertEquals("Send: the communicator is MPI.COMM_NULL", send.getMessage());
            assertThrows(MPIException.class, () -> MPI.COMM_NULL.Rank());
            assertEquals("MPI.COMM_NULL", MPI.COMM_NULL.toString());

            final Group world = MPI.COMM_WORLD.Group();
            assertEquals(MPI.UNDEFINED, MPI.GROUP_NULL.Size());
            assertSame(world, Group.Union(MPI.GROUP_NULL, world));
            assertSame(world, Group.Union(world, MPI.GROUP_NULL));
            assertSame(MPI.GROUP_NULL, Group.Intersection(world, MPI.GROUP_NULL));
            assertSame(MPI.GROUP_NULL, Group.Difference(MPI.GROUP_NULL, world));
            assertSame(world, Group.Difference(world, MPI.GROUP_NULL));
            assertEquals(MPI.UNEQUAL, Group.Compare(world, MPI.GROUP_NULL));
            assertThrows(MPIException.class, () -> MPI.GROUP_NULL.Rank());
            assertThrows(MPIException.class, () -> MPI.GROUP_NULL.Incl(new int[] {0}));

            assertEquals(MPI.ANY_SOURCE, MPI.EMPTY_STATUS.source);
            assertEquals(MPI.ANY_TAG, MPI.EMPTY_STATUS.tag);
            assertEquals(0, MPI.EMPTY_STATUS.Get_count(MPI.INT));

            final MPIException nullType = assertThrows(MPIException.class,
                    () -> MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.NULL, 0, 0));
            assertTrue(nullType.getMessage().contains("MPI.NULL is the null datatype"), nullType.getMessage());
            assertThrows(MPIException.class, () -> Datatype.Contiguous(2, MPI.NULL));
            assertThrows(MPIException.class, () -> MPI.NULL.Free());
            assertEquals("MPI.NULL", MPI.NULL.toString());
        });
    }

    @Test
    void commWorldHasThePredefinedAttributesAsIntegers() {
        Jobs.run(3, (rank, size) -> {
            assertEquals(Integer.MAX_VALUE, MPI.COMM_WORLD.Attr_get(MPI.TAG_UB));
            assertEquals(MPI.PROC_NULL, MPI.COMM_WORLD.Attr_get(MPI.HOST));
            assertEquals(rank, MPI.COMM_WORLD.Attr_get(MPI.IO));
            final int tagUb = (Integer) MPI.COMM_WORLD.Attr_get(MPI.TAG_UB); // how programs read it
            assertTrue(tagUb >= 32767, "MPI requires at least 32767");
            assertThrows(MPIException.class, () -> MPI.COMM_WORLD.Attr_get(12345));
            assertThrows(MPIException.class, () -> MPI.COMM_SELF.Attr_get(MPI.TAG_UB));
            if (rank == 1) {
                MPI.COMM_WORLD.Attr_delete(MPI.IO);
                final MPIException gone = assertThrows(MPIException.class, () -> MPI.COMM_WORLD.Attr_get(MPI.IO));
                assertEquals("Attr_get: no value for key " + MPI.IO + " on MPI.COMM_WORLD", gone.getMessage());
            }
            MPI.COMM_WORLD.Barrier();
            if (rank != 1) {
                assertEquals(rank, MPI.COMM_WORLD.Attr_get(MPI.IO), "another rank's delete leaves this one's");
            }
        });
    }

    @Test
    void undefinedColourLeavesSplitAndUndefinedRanksStillRead() {
        Jobs.run(4, (rank, size) -> {
            final Intracomm odd = MPI.COMM_WORLD.Split(rank % 2 == 1 ? 0 : MPI.UNDEFINED, rank);
            if (rank % 2 == 0) {
                assertNull(odd);
            } else {
                assertEquals(2, odd.Size());
                assertEquals(rank / 2, odd.Rank());
                assertArrayEquals(new int[] {MPI.UNDEFINED, 0, MPI.UNDEFINED, 1},
                        Group.Translate_ranks(MPI.COMM_WORLD.Group(), new int[] {0, 1, 2, 3}, odd.Group()));
            }
            final MPIException e = assertThrows(MPIException.class, () -> MPI.COMM_WORLD.Split(-5, 0));
            assertEquals("Intracomm.Split: colour -5 must be >= 0 or MPI.UNDEFINED", e.getMessage());
        });
    }

    @Test
    void requestNullIsAlwaysComplete() {
        Jobs.run(1, (rank, size) -> {
            final Status s = MPI.REQUEST_NULL.Wait();
            assertEquals(MPI.ANY_SOURCE, s.source);
            assertTrue(MPI.REQUEST_NULL.Is_null());
            assertEquals(MPI.UNDEFINED, Request.Waitany(new Request[] {MPI.REQUEST_NULL, MPI.REQUEST_NULL}).index);
            assertEquals(2, Request.Waitall(new Request[] {MPI.REQUEST_NULL, MPI.REQUEST_NULL}).length);
            MPI.REQUEST_NULL.Free();
            assertTrue(MPI.REQUEST_NULL.Is_null());
        });
    }

    @Test
    void aBufferOfPackSizePlusOverheadHoldsOneBufferedSend() {
        Jobs.run(2, (rank, size) -> {
            final int n = 1000;
            if (rank == 0) {
                MPI.Buffer_attach(ByteBuffer.allocateDirect(MPI.COMM_WORLD.Pack_size(n, MPI.INT) + MPI.BSEND_OVERHEAD));
                MPI.COMM_WORLD.Bsend(new int[n], 0, n, MPI.INT, 1, 0);
                final MPIException full = assertThrows(MPIException.class,
                        () -> MPI.COMM_WORLD.Bsend(new int[1], 0, 1, MPI.INT, 1, 1));
                assertTrue(full.getMessage().contains("MPI_ERR_BUFFER"), full.getMessage());
                MPI.COMM_WORLD.Barrier();
            } else {
                MPI.COMM_WORLD.Barrier();
                MPI.COMM_WORLD.Recv(new int[n], 0, n, MPI.INT, 0, 0);
            }
        });
    }

    @Test
    void abortEndsTheJobWithItsCode() {
        final JobResult five = ThreadsJob.run(JobConfig.of(2), (rank, size) -> {
            if (rank == 0) {
                MPI.COMM_WORLD.Abort(5);
            }
            MPI.COMM_WORLD.Barrier();
        });
        assertEquals(5, five.exitCode());
        assertEquals("rank 0 called Abort(5)", five.message());
        final JobResult zero = ThreadsJob.run(JobConfig.of(1), (rank, size) -> MPI.COMM_WORLD.Abort(0));
        assertEquals(JobResult.FAILED, zero.exitCode());
        assertFalse(zero.succeeded());
        final JobResult big = ThreadsJob.run(JobConfig.of(1), (rank, size) -> MPI.COMM_WORLD.Abort(258));
        assertEquals(2, big.exitCode());
    }

    @Test
    void cloneOfACommunicatorTypedAsCommDuplicatesIt() {
        Jobs.run(3, (rank, size) -> {
            final Comm world = MPI.COMM_WORLD;
            final Comm copy = (Comm) world.clone();
            assertNotSame(world, copy);
            assertEquals(MPI.CONGRUENT, Comm.Compare(world, copy));
            final int[] got = new int[1];
            copy.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, (rank + 1) % size, 0, got, 0, 1, MPI.INT,
                    (rank + size - 1) % size, 0);
            assertEquals((rank + size - 1) % size, got[0]);
        });
    }

    @Test
    void errorHandlersAreRecordedPerCommunicatorAndRankAndErrorsStillThrow() {
        Jobs.run(2, (rank, size) -> {
            assertSame(MPI.ERRORS_ARE_FATAL, MPI.COMM_WORLD.Errhandler_get());
            if (rank == 1) {
                MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_RETURN);
                assertSame(MPI.ERRORS_RETURN, MPI.Errorhandler_get());
            }
            MPI.COMM_WORLD.Barrier();
            assertSame(rank == 1 ? MPI.ERRORS_RETURN : MPI.ERRORS_ARE_FATAL, MPI.COMM_WORLD.Errhandler_get());
            final Intracomm dup = MPI.COMM_WORLD.Dup();
            assertSame(MPI.ERRORS_ARE_FATAL, dup.Errhandler_get());
            MPI.Errorhandler_set(MPI.ERRORS_RETURN);
            final MPIException e = assertThrows(MPIException.class,
                    () -> MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, 9, 0));
            assertTrue(e.getMessage().startsWith("Send: dest 9 is out of range"), e.getMessage());
            assertThrows(MPIException.class, () -> MPI.COMM_WORLD.Errhandler_set(null));
        });
    }
}
