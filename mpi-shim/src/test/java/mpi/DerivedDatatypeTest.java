package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.shim.job.JobConfig;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/** Derived datatypes: their bounds, and their use in point-to-point calls and collectives. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DerivedDatatypeTest {

    private static void bounds(Datatype t, int size, int lb, int ub) throws MPIException {
        assertEquals(size, t.Size(), "Size of " + t);
        assertEquals(lb, t.Lb(), "Lb of " + t);
        assertEquals(ub, t.Ub(), "Ub of " + t);
        assertEquals(ub - lb, t.Extent(), "Extent of " + t);
    }

    @Test
    void sizeExtentAndBoundsAreInArrayElements() throws MPIException {
        bounds(MPI.INT, 1, 0, 1);
        bounds(MPI.DOUBLE2, 2, 0, 2);
        final Datatype four = Datatype.Contiguous(4, MPI.INT);
        bounds(four, 4, 0, 4);
        bounds(Datatype.Vector(3, 2, 5, MPI.DOUBLE), 6, 0, 12);
        bounds(Datatype.Vector(3, 1, 2, four), 12, 0, 20);      // stride in extents of the old type
        bounds(Datatype.Hvector(3, 1, 2, four), 12, 0, 8);      // stride in elements
        bounds(Datatype.Indexed(new int[] {2, 1}, new int[] {1, 5}, four), 12, 4, 24);
        bounds(Datatype.Hindexed(new int[] {2, 1}, new int[] {1, 5}, four), 12, 1, 9);
        bounds(Datatype.Contiguous(0, MPI.INT), 0, 0, 0);
    }

    @Test
    void lbAndUbMarkersSetTheBoundsOfAStruct() throws MPIException {
        final Datatype four = Datatype.Contiguous(4, MPI.INT);
        bounds(Datatype.Struct(new int[] {1, 1}, new int[] {0, 97}, new Datatype[] {four, MPI.UB}), 4, 0, 97);
        bounds(Datatype.Struct(new int[] {1, 1}, new int[] {0, 97}, new Datatype[] {four, MPI.INT}), 5, 0, 98);
        bounds(Datatype.Struct(new int[] {1, 1, 1}, new int[] {0, 3, 94}, new Datatype[] {four, MPI.LB, MPI.UB}),
                4, 3, 94);
        bounds(Datatype.Struct(new int[] {2, 1, 1}, new int[] {13, -3, 96}, new Datatype[] {four, MPI.LB, MPI.UB}),
                8, -3, 96);
        bounds(Datatype.Struct(new int[] {1, 1}, new int[] {65, 97}, new Datatype[] {four, MPI.INT}), 5, 65, 98);
        // An inherited marker still bounds the outer type.
        final Datatype padded = Datatype.Struct(new int[] {1, 1}, new int[] {0, 10}, new Datatype[] {MPI.INT, MPI.UB});
        bounds(Datatype.Contiguous(2, padded), 2, 0, 20);
    }

    @Test
    void aVectorColumnTravelsIntoAContiguousBufferAndBack() {
        Jobs.run(2, (rank, size) -> {
            final Datatype column = Datatype.Vector(4, 1, 4, MPI.INT);
            column.Commit();
            final int[] matrix = new int[16];
            if (rank == 0) {
                Arrays.setAll(matrix, i -> i);
                MPI.COMM_WORLD.Send(matrix, 1, 1, column, 1, 0);      // column 1: offset is an element index
                final Status s = MPI.COMM_WORLD.Recv(matrix, 2, 1, column, 1, 1);
                assertEquals(1, s.Get_count(column));
                assertEquals(4, s.Get_elements(column));
                assertArrayEquals(new int[] {0, 1, -1, 3, 4, 5, -2, 7, 8, 9, -3, 11, 12, 13, -4, 15}, matrix);
            } else {
                final int[] got = new int[4];
                final Status s = MPI.COMM_WORLD.Recv(got, 0, 4, MPI.INT, 0, 0);
                assertArrayEquals(new int[] {1, 5, 9, 13}, got);
                assertEquals(4, s.Get_count(MPI.INT));
                MPI.COMM_WORLD.Send(new int[] {-1, -2, -3, -4}, 0, 4, MPI.INT, 0, 1);
            }
        });
    }

    @Test
    void nonBlockingAndPersistentReceivesScatterWhenTheyComplete() {
        Jobs.run(2, (rank, size) -> {
            final Datatype everyOther = Datatype.Vector(3, 1, 2, MPI.DOUBLE);
            final Comm w = MPI.COMM_WORLD;
            if (rank == 0) {
                final double[] out = {1, 2, 3};
                w.Send(out, 0, 3, MPI.DOUBLE, 1, 0);
                final Prequest send = w.Send_init(new double[] {0, 9, 8, 9, 7}, 0, 1, everyOther, 1, 1);
                send.Start();
                send.Wait();
                w.Send(new double[] {4, 5, 6, 7, 8, 9}, 0, 2, Datatype.Contiguous(3, MPI.DOUBLE), 1, 2);
            } else {
                final double[] in = new double[6];
                final Request r = w.Irecv(in, 1, 1, everyOther, 0, 0);
                final Status s = r.Wait();
                assertArrayEquals(new double[] {0, 1, 0, 2, 0, 3}, in);
                assertEquals(1, s.Get_count(everyOther));
                assertEquals(3, s.Get_elements(everyOther));
                final double[] again = new double[5];
                final Prequest recv = w.Recv_init(again, 0, 1, everyOther, 0, 1);
                recv.Start();
                recv.Wait();
                assertArrayEquals(new double[] {0, 0, 8, 0, 7}, again);
                final double[] dense = new double[7];
                final Status d = w.Recv(dense, 1, 2, Datatype.Contiguous(3, MPI.DOUBLE), 0, 2);
                assertArrayEquals(new double[] {0, 4, 5, 6, 7, 8, 9}, dense);
                assertEquals(2, d.Get_count(Datatype.Contiguous(3, MPI.DOUBLE)));
            }
        });
    }

    @Test
    void aPartialLastItemGivesUndefinedCountButItsElements() {
        Jobs.run(2, (rank, size) -> {
            final Datatype pairsApart = Datatype.Vector(2, 1, 3, MPI.INT);
            if (rank == 0) {
                MPI.COMM_WORLD.Send(new int[] {1, 2, 3}, 0, 3, MPI.INT, 1, 0);
            } else {
                final int[] in = new int[10];
                final Status s = MPI.COMM_WORLD.Recv(in, 0, 2, pairsApart, 0, 0);
                assertEquals(MPI.UNDEFINED, s.Get_count(pairsApart));
                assertEquals(3, s.Get_elements(pairsApart));
                assertArrayEquals(new int[] {1, 0, 0, 2, 3, 0, 0, 0, 0, 0}, in);
            }
        });
    }

    @Test
    void aTypeOfNoElementsMovesNothingAndCountsAsMpjExpressDoes() {
        Jobs.run(2, (rank, size) -> {
            final Datatype empty = Datatype.Struct(new int[0], new int[0], new Datatype[0]);
            empty.Commit();
            assertEquals(0, empty.Size());
            assertEquals(0, empty.Extent());
            final int[] buf = {rank + 7};
            if (rank == 0) {
                MPI.COMM_WORLD.Send(buf, 0, 100, empty, 1, 0);
                MPI.COMM_WORLD.Isend(buf, 3, 5, empty, 1, 1).Wait();
            } else {
                final Status s = MPI.COMM_WORLD.Recv(buf, 0, 100, empty, 0, 0);
                assertEquals(100, s.Get_count(empty));
                assertEquals(MPI.UNDEFINED, s.Get_elements(empty));
                assertEquals(0, s.Get_count(MPI.INT));
                final Status t = MPI.COMM_WORLD.Irecv(buf, 2, 5, empty, 0, 1).Wait();
                assertEquals(5, t.Get_count(empty));
                assertEquals(8, buf[0]);
            }
        });
    }

    @Test
    void indexedAndStructTypesOfObjectsGoBySendrecv() {
        Jobs.run(2, (rank, size) -> {
            final Datatype picks = Datatype.Indexed(new int[] {1, 2}, new int[] {0, 3}, MPI.OBJECT);
            final Object[] mine = {"a" + rank, "b", "c", "d" + rank, "e" + rank};
            final Object[] theirs = new Object[5];
            final int peer = 1 - rank;
            MPI.COMM_WORLD.Sendrecv(mine, 0, 1, picks, peer, 0, theirs, 0, 1, picks, peer, 0);
            assertArrayEquals(new Object[] {"a" + peer, null, null, "d" + peer, "e" + peer}, theirs);
            final Datatype struct = Datatype.Struct(new int[] {1, 1, 1}, new int[] {2, 0, 5},
                    new Datatype[] {MPI.LONG, MPI.LONG, MPI.UB});
            final long[] values = {rank, -1, 10 + rank, 7, 7, 7, rank, -1, 20 + rank};
            MPI.COMM_WORLD.Sendrecv_replace(values, 0, 2, struct, peer, 1, peer, 1);
            // Items are 5 elements apart; each carries its element 2, then its element 0.
            assertArrayEquals(new long[] {peer, -1, 10 + peer, 7, 7, 7, rank, -1, 20 + rank}, values,
                    Arrays.toString(values));
        });
    }

    @Test
    void collectivesMoveDerivedItems() {
        Jobs.run(3, (rank, size) -> {
            final Intracomm w = MPI.COMM_WORLD;
            final Datatype column = Datatype.Vector(3, 1, 3, MPI.INT);
            // Bcast a column of the root's 3x3 matrix into every rank's column.
            final int[] m = new int[9];
            if (rank == 1) {
                Arrays.setAll(m, i -> 100 + i);
            }
            w.Bcast(m, 2, 1, column, 1);
            for (int r = 0; r < 3; r++) {
                assertEquals(100 + 3 * r + 2, m[3 * r + 2]);
                assertEquals(rank == 1 ? 100 + 3 * r : 0, m[3 * r]);
            }
            // Gather each rank's row as a column of the root's matrix: a resized column type (extent 1).
            final Datatype col = Datatype.Struct(new int[] {1, 1}, new int[] {0, 1},
                    new Datatype[] {column, MPI.UB});
            assertEquals(1, col.Extent());
            final int[] row = {rank, 10 + rank, 20 + rank};
            final int[] t = new int[9];
            w.Gather(row, 0, 3, MPI.INT, t, 0, 1, col, 0);
            if (rank == 0) {
                assertArrayEquals(new int[] {0, 1, 2, 10, 11, 12, 20, 21, 22}, t);
            }
            // Allreduce over strided elements.
            final double[] in = {rank, -1, 2 * rank, -1};
            final double[] out = new double[4];
            final Datatype stride2 = Datatype.Vector(2, 1, 2, MPI.DOUBLE);
            w.Allreduce(in, 0, out, 0, 1, stride2, MPI.SUM);
            assertArrayEquals(new double[] {3, 0, 6, 0}, out);
            // Alltoall with a packed receive type.
            final int[] send = {rank * 10, rank * 10 + 1, rank * 10 + 2};
            final int[] recv = new int[6];
            final Datatype spaced = Datatype.Struct(new int[] {1, 1}, new int[] {0, 2},
                    new Datatype[] {MPI.INT, MPI.UB});
            w.Alltoall(send, 0, 1, MPI.INT, recv, 0, 1, spaced);
            assertArrayEquals(new int[] {rank, 0, 10 + rank, 0, 20 + rank, 0}, recv);
        });
    }

    @Test
    void aStridedReceiveCopiesStraightIntoTheUserArray() {
        final int n = 500_000; // 4 MB of doubles: a rendezvous, copied from the sender's (packed) array
        Jobs.run(2, (rank, size) -> {
            final Datatype everyOther = Datatype.Vector(n, 1, 2, MPI.DOUBLE);
            if (rank == 0) {
                final double[] out = new double[n];
                Arrays.setAll(out, i -> i);
                MPI.COMM_WORLD.Send(out, 0, n, MPI.DOUBLE, 1, 0);
            } else {
                final double[] in = new double[2 * n];
                final com.sun.management.ThreadMXBean threads =
                        (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
                final long before = threads.getCurrentThreadAllocatedBytes();
                MPI.COMM_WORLD.Recv(in, 0, 1, everyOther, 0, 0);
                final long allocated = threads.getCurrentThreadAllocatedBytes() - before;
                assertTrue(allocated < 256 * 1024, "the receive allocated " + allocated + " bytes for a message of "
                        + 8L * n);
                for (int i = 0; i < n; i++) {
                    assertEquals(i, in[2 * i], 0.0);
                    assertEquals(0, in[2 * i + 1], 0.0);
                }
            }
        });
    }

    @Test
    void derivedTypesCrossTheSimulatedNetwork() {
        Jobs.run(JobConfig.of(2).withNodes(2).withLatencyNanos(20_000), (rank, size) -> {
            final Datatype column = Datatype.Vector(64, 1, 64, MPI.FLOAT);
            final float[] grid = new float[64 * 64];
            if (rank == 0) {
                for (int i = 0; i < 64; i++) {
                    grid[i * 64 + 63] = i;
                }
                MPI.COMM_WORLD.Send(grid, 63, 1, column, 1, 0);
            } else {
                MPI.COMM_WORLD.Recv(grid, 0, 1, column, 0, 0);
                for (int i = 0; i < 64; i++) {
                    assertEquals(i, grid[i * 64], 0.0f);
                }
            }
        });
    }

    private static void fails(String expected, Executable call) {
        final MPIException e = assertThrows(MPIException.class, call);
        assertEquals(expected, e.getMessage());
    }

    @Test
    void badDerivedArgumentsAreOneLineNamingTheCallAndArgument() {
        Jobs.run(2, (rank, size) -> {
            final Comm w = MPI.COMM_WORLD;
            fails("Datatype.Vector: count -1 is negative", () -> Datatype.Vector(-1, 1, 1, MPI.INT));
            fails("Datatype.Indexed: array_of_blocklengths[1] = -2 is negative",
                    () -> Datatype.Indexed(new int[] {1, -2}, new int[] {0, 1}, MPI.INT));
            fails("Datatype.Struct: array_of_displacements has 1 entries for 2 blocks",
                    () -> Datatype.Struct(new int[] {1, 1}, new int[] {0}, new Datatype[] {MPI.INT, MPI.INT}));
            final MPIException mixed = assertThrows(MPIException.class, () -> Datatype.Struct(new int[] {1, 1},
                    new int[] {0, 1}, new Datatype[] {MPI.INT, MPI.DOUBLE}));
            assertTrue(mixed.getMessage().startsWith("Datatype.Struct: array_of_types[1] is MPI.DOUBLE"),
                    mixed.getMessage());
            final Datatype column = Datatype.Vector(4, 1, 4, MPI.INT);
            fails("Send: 1 items of Datatype.Vector(4, 1, 4, MPI.INT) from offset 1 reach elements 1..13 but buf"
                    + " has 12 (0..11)", () -> w.Send(new int[12], 1, 1, column, 1, 0));
            fails("Recv: buf is a double[] but datatype Datatype.Vector(4, 1, 4, MPI.INT) needs an int[]",
                    () -> w.Recv(new double[16], 0, 1, column, 1, 0));
            fails("Send: datatype MPI.LB of buf is a bound marker and carries no data (use it inside"
                    + " Datatype.Struct)", () -> w.Send(new int[1], 0, 1, MPI.LB, 1, 0));
            fails("Intracomm.Bcast: count -1 is negative", () -> MPI.COMM_WORLD.Bcast(new int[4], 0, -1, column, 0));
            final Datatype gone = Datatype.Contiguous(2, MPI.INT);
            gone.Free();
            fails("Isend: datatype Datatype.Contiguous(2, MPI.INT) has been freed",
                    () -> w.Isend(new int[2], 0, 1, gone, 1, 0));
            fails("Datatype.Free: MPI.INT is predefined and cannot be freed", MPI.INT::Free);
        });
    }
}
