package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/** Every bad argument is an MPIException whose message names the call and the argument. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BadInputTest {

    private static void fails(String expected, Executable call) {
        final MPIException e = assertThrows(MPIException.class, call);
        assertEquals(expected, e.getMessage());
    }

    @Test
    void buffers() {
        Jobs.run(2, (rank, size) -> {
            final Comm w = MPI.COMM_WORLD;
            fails("Send: buf is null", () -> w.Send(null, 0, 1, MPI.INT, 1, 0));
            fails("Send: the datatype of buf is null", () -> w.Send(new int[1], 0, 1, null, 1, 0));
            fails("Send: buf is a double[] but datatype MPI.INT needs an int[]",
                    () -> w.Send(new double[1], 0, 1, MPI.INT, 1, 0));
            fails("Isend: buf is an int[] but datatype MPI.OBJECT needs a java.lang.Object[]",
                    () -> w.Isend(new int[1], 0, 1, MPI.OBJECT, 1, 0));
            fails("Recv: count -1 is negative", () -> w.Recv(new int[1], 0, -1, MPI.INT, 1, 0));
            fails("Irecv: offset -2 is negative", () -> w.Irecv(new int[1], -2, 1, MPI.INT, 1, 0));
            fails("Send: offset 3 + count 2 runs past the end of buf (length 4)",
                    () -> w.Send(new int[4], 3, 2, MPI.INT, 1, 0));
            fails("Ssend: offset 1 + count 2 pairs runs past the end of buf (length 5 elements)",
                    () -> w.Ssend(new int[5], 1, 2, MPI.INT2, 1, 0));
            fails("Sendrecv: recvbuf is null", () -> w.Sendrecv(new int[1], 0, 1, MPI.INT, 1, 0,
                    null, 0, 1, MPI.INT, 1, 0));
            fails("Sendrecv: sendbuf is a long[] but datatype MPI.INT needs an int[]",
                    () -> w.Sendrecv(new long[1], 0, 1, MPI.INT, 1, 0, new int[1], 0, 1, MPI.INT, 1, 0));
            fails("Send_init: count -3 is negative", () -> w.Send_init(new int[1], 0, -3, MPI.INT, 1, 0));
        });
    }

    @Test
    void unserialisableObject() {
        Jobs.run(2, (rank, size) -> {
            final MPIException e = assertThrows(MPIException.class,
                    () -> MPI.COMM_WORLD.Send(new Object[] {"ok", new Object()}, 0, 2, MPI.OBJECT, 1, 0));
            assertTrue(e.getMessage().startsWith("Send: cannot serialise element 1 (java.lang.Object)"),
                    e.getMessage());
        });
    }

    @Test
    void ranksAndTags() {
        Jobs.run(2, (rank, size) -> {
            final Comm w = MPI.COMM_WORLD;
            fails("Send: dest 2 is out of range (the communicator has 2 ranks: 0..1 or PROC_NULL)",
                    () -> w.Send(new int[1], 0, 1, MPI.INT, 2, 0));
            fails("Bsend: dest -1 is out of range (the communicator has 2 ranks: 0..1 or PROC_NULL)",
                    () -> w.Bsend(new int[1], 0, 1, MPI.INT, -1, 0));
            fails("Send: dest -2 is out of range (the communicator has 2 ranks: 0..1 or PROC_NULL)",
                    () -> w.Send(new int[1], 0, 1, MPI.INT, MPI.ANY_SOURCE, 0));
            fails("Recv: source 5 is out of range (the communicator has 2 ranks: 0..1, ANY_SOURCE or PROC_NULL)",
                    () -> w.Recv(new int[1], 0, 1, MPI.INT, 5, 0));
            fails("Probe: source 7 is out of range (the communicator has 2 ranks: 0..1, ANY_SOURCE or PROC_NULL)",
                    () -> w.Probe(7, 0));
            fails("Send: tag -1 is out of range (0.." + MPI.TAG_UB + ")",
                    () -> w.Send(new int[1], 0, 1, MPI.INT, 1, -1));
            fails("Isend: tag -2 is out of range (0.." + MPI.TAG_UB + ")",
                    () -> w.Isend(new int[1], 0, 1, MPI.INT, 1, MPI.ANY_TAG));
            fails("Recv: tag -5 is out of range (0.." + MPI.TAG_UB + " or ANY_TAG)",
                    () -> w.Recv(new int[1], 0, 1, MPI.INT, 1, -5));
            fails("Iprobe: tag -7 is out of range (0.." + MPI.TAG_UB + " or ANY_TAG)", () -> w.Iprobe(0, -7));
            fails("Free: MPI.COMM_WORLD cannot be freed", w::Free);
        });
    }

    @Test
    void requestArrays() {
        Jobs.run(1, (rank, size) -> {
            fails("Request.Waitall: the request array is null", () -> Request.Waitall(null));
            fails("Request.Waitany: the request array is null", () -> Request.Waitany(null));
            fails("Prequest.Startall: the request array is null", () -> Prequest.Startall(null));
        });
    }

    @Test
    void afterFinalize() {
        Jobs.run(1, (rank, size) -> {
            MPI.Finalize();
            fails("Send: MPI has been finalised", () -> MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, 0, 0));
            fails("Rank: MPI has been finalised", () -> MPI.COMM_WORLD.Rank());
            fails("MPI.Init: MPI has been finalised; it cannot be initialised again", () -> MPI.Init(new String[0]));
            fails("MPI.Finalize: MPI has been finalised", MPI::Finalize);
        });
    }

    @Test
    void initTwice() {
        Jobs.run(1, (rank, size) -> {
            MPI.Init(new String[0]); // the runner initialised implicitly: accepted once
            fails("MPI.Init: MPI is already initialised", () -> MPI.Init(new String[0]));
        });
    }

    @Test
    void beforeInitAndStandalone() throws Exception {
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread t = new Thread(() -> {
            try {
                assertFalse(MPI.Initialized());
                fails("Rank: MPI is not initialised (call MPI.Init first)", () -> MPI.COMM_WORLD.Rank());
                fails("Send: MPI is not initialised (call MPI.Init first)",
                        () -> MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, 0, 0));
                fails("MPI.Finalize: MPI is not initialised (call MPI.Init first)", MPI::Finalize);
                // a program started with plain java runs as one rank
                final String[] args = MPI.Init(new String[] {"x"});
                assertEquals("x", args[0]);
                assertTrue(MPI.Initialized());
                assertEquals(1, MPI.COMM_WORLD.Size());
                assertEquals(0, MPI.COMM_WORLD.Rank());
                MPI.COMM_WORLD.Send(new int[] {4}, 0, 1, MPI.INT, 0, 0);
                final int[] got = new int[1];
                MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, 0, 0);
                assertEquals(4, got[0]);
                assertTrue(MPI.Wtime() > 0);
                assertTrue(MPI.Wtick() > 0);
                assertFalse(MPI.Get_processor_name().isEmpty());
                MPI.Finalize();
                assertTrue(MPI.Initialized(), "MPI_Initialized stays true after Finalize");
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        t.start();
        t.join();
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
    }

    @Test
    void standaloneDeadlockAbortsInsteadOfHanging() throws Exception {
        final AtomicReference<Throwable> thrown = new AtomicReference<>();
        final Thread t = new Thread(() -> {
            try {
                MPI.Init(new String[0]);
                MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 0, 3);
            } catch (Throwable e) {
                thrown.set(e);
            }
        });
        t.start();
        t.join();
        assertTrue(thrown.get() instanceof Error, String.valueOf(thrown.get()));
        assertTrue(thrown.get().getMessage().contains("rank 0 waits in Recv(source=0, tag=3, comm=COMM_WORLD)"),
                thrown.get().getMessage());
    }
}
