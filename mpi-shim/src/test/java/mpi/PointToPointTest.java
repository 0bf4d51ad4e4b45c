package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PointToPointTest {

    @Test
    void rankAndSize() {
        final int[] ranks = new int[4];
        Jobs.run(4, (rank, size) -> {
            assertEquals(4, MPI.COMM_WORLD.Size());
            ranks[rank] = MPI.COMM_WORLD.Rank() + 1;
            assertEquals(rank, MPI.COMM_WORLD.Rank());
        });
        assertArrayEquals(new int[] {1, 2, 3, 4}, ranks);
    }

    @Test
    void sendRecvCopiesDataAndFillsStatus() {
        Jobs.run(2, (rank, size) -> {
            if (rank == 0) {
                final int[] data = {1, 2, 3, 4, 5};
                MPI.COMM_WORLD.Send(data, 1, 3, MPI.INT, 1, 7);
                data[1] = 99; // the receiver must not see this
            } else {
                final int[] got = new int[6];
                final Status s = MPI.COMM_WORLD.Recv(got, 2, 4, MPI.INT, 0, 7);
                assertArrayEquals(new int[] {0, 0, 2, 3, 4, 0}, got);
                assertEquals(0, s.source);
                assertEquals(7, s.tag);
                assertEquals(3, s.Get_count(MPI.INT));
            }
        });
    }

    @Test
    void everyPrimitiveType() {
        Jobs.run(2, (rank, size) -> {
            final Object[] bufs = {new byte[] {1, 2}, new char[] {'a', 'b'}, new short[] {3, 4},
                new boolean[] {true, false}, new int[] {5, 6}, new long[] {7L, 8L}, new float[] {1.5f, 2.5f},
                new double[] {3.5, 4.5}};
            final Datatype[] types = {MPI.BYTE, MPI.CHAR, MPI.SHORT, MPI.BOOLEAN, MPI.INT, MPI.LONG, MPI.FLOAT,
                MPI.DOUBLE};
            for (int i = 0; i < types.length; i++) {
                if (rank == 0) {
                    MPI.COMM_WORLD.Send(bufs[i], 0, 2, types[i], 1, i);
                } else {
                    final Object got = java.lang.reflect.Array.newInstance(bufs[i].getClass().getComponentType(), 2);
                    MPI.COMM_WORLD.Recv(got, 0, 2, types[i], 0, i);
                    assertEquals(java.util.Arrays.deepToString(new Object[] {bufs[i]}),
                            java.util.Arrays.deepToString(new Object[] {got}), types[i].toString());
                }
            }
        });
    }

    @Test
    void pairTypesCountPairs() {
        Jobs.run(2, (rank, size) -> {
            if (rank == 0) {
                MPI.COMM_WORLD.Send(new int[] {0, 0, 10, 1, 20, 2}, 1, 2, MPI.INT2, 1, 0);
            } else {
                final int[] got = new int[4];
                final Status s = MPI.COMM_WORLD.Recv(got, 0, 2, MPI.INT2, 0, 0);
                assertArrayEquals(new int[] {10, 1, 20, 2}, got);
                assertEquals(2, s.Get_count(MPI.INT2));
                assertEquals(4, s.Get_elements(MPI.INT2));
            }
        });
    }

    @Test
    void objectsAreDeepCopies() {
        Jobs.run(2, (rank, size) -> {
            if (rank == 0) {
                final ArrayList<String> list = new ArrayList<>(List.of("a", "b"));
                final Object[] out = {list, "x", null};
                MPI.COMM_WORLD.Send(out, 0, 3, MPI.OBJECT, 1, 0);
                list.add("changed after the send");
            } else {
                final Object[] in = new Object[3];
                final Status s = MPI.COMM_WORLD.Recv(in, 0, 3, MPI.OBJECT, 0, 0);
                assertEquals(List.of("a", "b"), in[0]);
                assertEquals("x", in[1]);
                assertNull(in[2]);
                assertEquals(3, s.Get_count(MPI.OBJECT));
            }
        });
    }

    @Test
    void nonBlockingRing() {
        final int np = 5;
        final int[] received = new int[np];
        Jobs.run(np, (rank, size) -> {
            final int[] in = new int[1];
            final int[] out = {rank * 10};
            final Request[] reqs = {
                MPI.COMM_WORLD.Irecv(in, 0, 1, MPI.INT, (rank + size - 1) % size, 3),
                MPI.COMM_WORLD.Isend(out, 0, 1, MPI.INT, (rank + 1) % size, 3)};
            final Status[] st = Request.Waitall(reqs);
            assertEquals((rank + size - 1) % size, st[0].source);
            assertTrue(reqs[0].Is_null());
            received[rank] = in[0];
        });
        for (int r = 0; r < np; r++) {
            assertEquals(((r + np - 1) % np) * 10, received[r]);
        }
    }

    @Test
    void sendrecvShiftDoesNotDeadlock() {
        Jobs.run(4, (rank, size) -> {
            final double[] in = new double[1];
            final Status s = MPI.COMM_WORLD.Sendrecv(new double[] {rank}, 0, 1, MPI.DOUBLE, (rank + 1) % size, 0,
                    in, 0, 1, MPI.DOUBLE, (rank + size - 1) % size, 0);
            assertEquals((rank + size - 1) % size, (int) in[0]);
            assertEquals((rank + size - 1) % size, s.source);
        });
    }

    @Test
    void sendrecvReplace() {
        Jobs.run(3, (rank, size) -> {
            final int[] buf = {rank, rank};
            MPI.COMM_WORLD.Sendrecv_replace(buf, 0, 2, MPI.INT, (rank + 1) % size, 1, (rank + size - 1) % size, 1);
            assertArrayEquals(new int[] {(rank + size - 1) % size, (rank + size - 1) % size}, buf);
        });
    }

    @Test
    void probeThenReceiveWithTheProbedSize() {
        Jobs.run(2, (rank, size) -> {
            if (rank == 0) {
                MPI.COMM_WORLD.Send(new long[] {1, 2, 3}, 0, 3, MPI.LONG, 1, 42);
            } else {
                final Status s = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, MPI.ANY_TAG);
                assertEquals(0, s.source);
                assertEquals(42, s.tag);
                final long[] got = new long[s.Get_count(MPI.LONG)];
                MPI.COMM_WORLD.Recv(got, 0, got.length, MPI.LONG, s.source, s.tag);
                assertArrayEquals(new long[] {1, 2, 3}, got);
                assertNull(MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG));
            }
        });
    }

    @Test
    void iprobeEventuallySeesTheMessage() {
        Jobs.run(2, (rank, size) -> {
            if (rank == 1) {
                MPI.COMM_WORLD.Send(new int[] {5}, 0, 1, MPI.INT, 0, 9);
            } else {
                Status s;
                while ((s = MPI.COMM_WORLD.Iprobe(1, 9)) == null) {
                    Thread.onSpinWait();
                }
                assertEquals(1, s.Get_count(MPI.INT));
                final int[] got = new int[1];
                MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, 1, 9);
                assertEquals(5, got[0]);
            }
        });
    }

    @Test
    void wildcardsMatchInSendOrderPerSender() {
        Jobs.run(3, (rank, size) -> {
            if (rank > 0) {
                for (int i = 0; i < 50; i++) {
                    MPI.COMM_WORLD.Send(new int[] {rank, i}, 0, 2, MPI.INT, 0, i % 3);
                }
            } else {
                final int[] next = new int[size];
                for (int k = 0; k < 100; k++) {
                    final int[] got = new int[2];
                    final Status s = MPI.COMM_WORLD.Recv(got, 0, 2, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                    assertEquals(s.source, got[0]);
                    assertEquals(next[s.source]++, got[1], "messages from one sender keep their order");
                    assertEquals(got[1] % 3, s.tag);
                }
            }
        });
    }

    @Test
    void tagSelectsAmongQueuedMessages() {
        Jobs.run(2, (rank, size) -> {
            if (rank == 0) {
                MPI.COMM_WORLD.Send(new int[] {1}, 0, 1, MPI.INT, 1, 1);
                MPI.COMM_WORLD.Send(new int[] {2}, 0, 1, MPI.INT, 1, 2);
            } else {
                final int[] got = new int[1];
                MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, 0, 2);
                assertEquals(2, got[0]);
                MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, 0, 1);
                assertEquals(1, got[0]);
            }
        });
    }

    @Test
    void truncationIsAnError() {
        Jobs.run(2, (rank, size) -> {
            if (rank == 0) {
                MPI.COMM_WORLD.Send(new int[10], 0, 10, MPI.INT, 1, 0);
            } else {
                final MPIException e = assertThrows(MPIException.class,
                        () -> MPI.COMM_WORLD.Recv(new int[4], 0, 4, MPI.INT, 0, 0));
                assertTrue(e.getMessage().contains("truncated"), e.getMessage());
                assertTrue(e.getMessage().startsWith("Recv:"), e.getMessage());
            }
        });
    }

    @Test
    void datatypeMismatchIsAnError() {
        Jobs.run(2, (rank, size) -> {
            if (rank == 0) {
                MPI.COMM_WORLD.Send(new int[2], 0, 2, MPI.INT, 1, 0);
            } else {
                final MPIException e = assertThrows(MPIException.class,
                        () -> MPI.COMM_WORLD.Recv(new double[2], 0, 2, MPI.DOUBLE, 0, 0));
                assertTrue(e.getMessage().contains("INT"), e.getMessage());
            }
        });
    }

    @Test
    void largeMessagesGoByRendezvousIntact() {
        final int n = 1 << 20;
        Jobs.run(2, (rank, size) -> {
            if (rank == 0) {
                final double[] big = new double[n];
                for (int i = 0; i < n; i++) {
                    big[i] = i;
                }
                final Request r = MPI.COMM_WORLD.Isend(big, 0, n, MPI.DOUBLE, 1, 0);
                r.Wait();
                MPI.COMM_WORLD.Send(big, 0, n, MPI.DOUBLE, 1, 1); // receiver posts first this time
            } else {
                final double[] got = new double[n];
                Thread.sleep(20); // let the first message wait unexpected
                MPI.COMM_WORLD.Recv(got, 0, n, MPI.DOUBLE, 0, 0);
                assertEquals(n - 1, got[n - 1]);
                assertEquals(12345.0, got[12345]);
                final double[] again = new double[n];
                MPI.COMM_WORLD.Recv(again, 0, n, MPI.DOUBLE, 0, 1);
                assertArrayEquals(got, again);
            }
        });
    }

    @Test
    void procNullCompletesAtOnce() {
        Jobs.run(1, (rank, size) -> {
            MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, MPI.PROC_NULL, 0);
            final Status s = MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, MPI.PROC_NULL, 0);
            assertEquals(MPI.PROC_NULL, s.source);
            assertEquals(0, s.Get_count(MPI.INT));
        });
    }

    @Test
    void sendToSelf() {
        Jobs.run(1, (rank, size) -> {
            final Request r = MPI.COMM_WORLD.Irecv(new int[1], 0, 1, MPI.INT, 0, 0);
            assertNull(r.Test());
            MPI.COMM_WORLD.Send(new int[] {3}, 0, 1, MPI.INT, 0, 0);
            assertNotNull(r.Wait());
            assertTrue(r.Is_null());
            assertNotNull(r.Wait(), "waiting on a null request returns an empty status");
        });
    }

    @Test
    void anInterruptDoesNotEndABlockingReceiveAndIsKept() {
        Jobs.run(2, (rank, size) -> {
            if (rank == 0) {
                final Thread me = Thread.currentThread();
                final java.util.concurrent.CountDownLatch known = new java.util.concurrent.CountDownLatch(1);
                final Thread interrupter = new Thread(() -> {
                    try {
                        // Call MPI first: the deadlock watch only sees threads of a rank that have used MPI,
                        // and with both ranks parked it would take a still unknown sleeping thread for
                        // nothing and report a deadlock (the flaky failure under load).
                        MPI.COMM_WORLD.Rank();
                        known.countDown();
                        while (!parkedInMpi(me)) {
                            Thread.sleep(1); // until rank 0 is parked in Sendrecv (not in the latch)
                        }
                        me.interrupt();
                        // only now may rank 1 answer: the interrupt surely came during the call
                        MPI.COMM_WORLD.Send(new int[0], 0, 0, MPI.INT, 1, 3);
                    } catch (InterruptedException | MPIException e) {
                        throw new IllegalStateException(e);
                    }
                });
                interrupter.start();
                known.await();
                final int[] got = new int[1];
                MPI.COMM_WORLD.Sendrecv(new int[0], 0, 0, MPI.INT, 1, 1, got, 0, 1, MPI.INT, 1, 2);
                assertEquals(9, got[0]);
                assertTrue(Thread.interrupted(), "the interrupt is still pending after the call");
                interrupter.join();
            } else {
                MPI.COMM_WORLD.Recv(new int[0], 0, 0, MPI.INT, 0, 1);
                MPI.COMM_WORLD.Recv(new int[0], 0, 0, MPI.INT, 0, 3);
                MPI.COMM_WORLD.Send(new int[] {9}, 0, 1, MPI.INT, 0, 2);
            }
        });
    }

    /** True when {@code t} is parked inside the shim's wait (not merely parked somewhere). */
    private static boolean parkedInMpi(Thread t) {
        if (t.getState() != Thread.State.WAITING) {
            return false;
        }
        for (StackTraceElement f : t.getStackTrace()) {
            if (f.getClassName().endsWith(".Endpoint") && f.getMethodName().equals("await")) {
                return true;
            }
        }
        return false;
    }

    @Test
    void handlerThreadOfARankSharesItsWorld() {
        Jobs.run(2, (rank, size) -> {
            final Throwable[] failure = new Throwable[1];
            final Thread helper = new Thread(() -> {
                try {
                    final int[] got = new int[1];
                    if (rank == 0) {
                        MPI.COMM_WORLD.Send(new int[] {11}, 0, 1, MPI.INT, 1, 5);
                    } else {
                        final Request r = MPI.COMM_WORLD.Irecv(got, 0, 1, MPI.INT, 0, 5);
                        while (r.Test() == null) {
                            Thread.onSpinWait();
                        }
                        assertEquals(11, got[0]);
                    }
                } catch (Throwable t) {
                    failure[0] = t;
                }
            });
            helper.start();
            helper.join();
            assertSame(null, failure[0]);
        });
    }
}
