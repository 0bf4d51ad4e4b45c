package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.shim.job.JobConfig;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Matched probes (Mprobe, Improbe, Message.Mrecv/Imrecv) and the nonblocking Isendrecv(_replace). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MatchedProbeAndSendrecvTest {

    @Test
    void aMatchedProbeTakesTheMessageOutOfMatchingUntilItsMrecv() {
        Jobs.run(2, (rank, size) -> {
            final Intracomm w = MPI.COMM_WORLD;
            if (rank == 0) {
                w.Send(new int[] {1, 2, 3}, 0, 3, MPI.INT, 1, 5);
                w.Send(new int[] {4}, 0, 1, MPI.INT, 1, 5);
            } else {
                final Message m = w.Mprobe(0, 5);
                assertFalse(m.Is_null());
                assertFalse(m.Is_no_proc());
                final Status probed = m.Get_status();
                assertEquals(0, probed.source);
                assertEquals(5, probed.tag);
                assertEquals(3, probed.Get_count(MPI.INT));
                // Claimed: a probe or receive now sees the second message, not the first.
                final Status next = w.Probe(0, 5);
                assertEquals(1, next.Get_count(MPI.INT));
                final int[] one = new int[1];
                w.Recv(one, 0, 1, MPI.INT, 0, 5);
                assertEquals(4, one[0]);
                assertNull(w.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG));
                final int[] got = new int[4];
                final Status st = m.Mrecv(got, 1, 3, MPI.INT);
                assertArrayEquals(new int[] {0, 1, 2, 3}, got);
                assertEquals(3, st.Get_count(MPI.INT));
                assertEquals(0, st.source);
                assertTrue(m.Is_null());
                final MPIException twice = assertThrows(MPIException.class, () -> m.Mrecv(got, 0, 3, MPI.INT));
                assertEquals("Message.Mrecv: the message has been received already (it is MPI_MESSAGE_NULL now)",
                        twice.getMessage());
            }
        });
    }

    @Test
    void improbeIsNullUntilAMessageHasArrivedAndImrecvCompletesAtOnce() {
        Jobs.run(2, (rank, size) -> {
            final Intracomm w = MPI.COMM_WORLD;
            if (rank == 1) {
                assertNull(w.Improbe(0, MPI.ANY_TAG));
                w.Barrier();
                Message m;
                while ((m = w.Improbe(MPI.ANY_SOURCE, MPI.ANY_TAG)) == null) {
                    Thread.onSpinWait();
                }
                assertEquals(9, m.Get_status().tag);
                final double[] got = new double[2];
                final Request r = m.Imrecv(got, 0, 2, MPI.DOUBLE);
                assertNotNull(r.Test(), "the message is there: the receive completes at once");
                assertArrayEquals(new double[] {1.5, 2.5}, got, 0.0);
            } else {
                w.Barrier();
                w.Send(new double[] {1.5, 2.5}, 0, 2, MPI.DOUBLE, 1, 9);
            }
        });
    }

    /** The case matched probes exist for: several threads of a rank probe for the same source and tag
     *  and then receive what each probed; with Probe+Recv two threads could receive each other's message
     *  (of a size the other did not allocate for). Every message is received once, with its probed size. */
    @Test
    void threadsThatProbeAndReceiveNeverTakeEachOthersMessage() {
        final int messages = 400;
        Jobs.run(2, (rank, size) -> {
            final Intracomm w = MPI.COMM_WORLD;
            if (rank == 0) {
                for (int i = 0; i < messages; i++) {
                    final int[] data = new int[1 + i % 7];
                    java.util.Arrays.fill(data, i);
                    w.Send(data, 0, data.length, MPI.INT, 1, 1);
                }
            } else {
                final AtomicInteger received = new AtomicInteger();
                final boolean[] seen = new boolean[messages];
                final Runnable worker = () -> {
                    try {
                        while (true) {
                            final int taken = received.getAndIncrement();
                            if (taken >= messages) {
                                return;
                            }
                            final Message m = w.Mprobe(0, 1);
                            final int[] buf = new int[m.Get_status().Get_count(MPI.INT)];
                            final Status st = m.Mrecv(buf, 0, buf.length, MPI.INT);
                            assertEquals(buf.length, st.Get_count(MPI.INT));
                            assertEquals(1 + buf[0] % 7, buf.length);
                            synchronized (seen) {
                                assertFalse(seen[buf[0]], "message " + buf[0] + " received twice");
                                seen[buf[0]] = true;
                            }
                        }
                    } catch (MPIException e) {
                        throw new AssertionError(e);
                    }
                };
                final Thread[] threads = new Thread[4];
                for (int t = 0; t < threads.length; t++) {
                    threads[t] = new Thread(worker);
                    threads[t].start();
                }
                for (Thread t : threads) {
                    t.join();
                }
                for (int i = 0; i < messages; i++) {
                    assertTrue(seen[i], "message " + i);
                }
            }
        });
    }

    @Test
    void aMatchedProbeOfProcNullIsNoProcAndARendezvousSenderWaitsForTheMrecv() {
        Jobs.run(JobConfig.of(2).withEagerBudget(0), (rank, size) -> {
            final Intracomm w = MPI.COMM_WORLD;
            assertSame(Message.NO_PROC, w.Mprobe(MPI.PROC_NULL, 3));
            assertSame(Message.NO_PROC, w.Improbe(MPI.PROC_NULL, MPI.ANY_TAG));
            final int[] untouched = {42};
            final Status none = Message.NO_PROC.Mrecv(untouched, 0, 1, MPI.INT);
            assertEquals(MPI.PROC_NULL, none.source);
            assertEquals(MPI.ANY_TAG, none.tag);
            assertEquals(0, none.Get_count(MPI.INT));
            assertEquals(42, untouched[0]);
            if (rank == 0) {
                final Request send = w.Isend(new long[] {7, 8}, 0, 2, MPI.LONG, 1, 2); // no budget: rendezvous
                w.Barrier(); // rank 1 has probed it
                assertNull(send.Test(), "claimed by a matched probe, not yet received");
                w.Barrier();
                send.Wait();
            } else {
                final Message m = w.Mprobe(0, 2);
                w.Barrier();
                w.Barrier();
                final long[] got = new long[2];
                m.Mrecv(got, 0, 2, MPI.LONG);
                assertArrayEquals(new long[] {7, 8}, got);
            }
        });
    }

    @Test
    void badArgumentsOfMatchedProbesAreOneLine() {
        Jobs.run(2, (rank, size) -> {
            final Intracomm w = MPI.COMM_WORLD;
            assertEquals("Mprobe: source 2 is out of range (the communicator has 2 ranks: 0..1, ANY_SOURCE or "
                    + "PROC_NULL)", assertThrows(MPIException.class, () -> w.Mprobe(2, 0)).getMessage());
            assertEquals("Improbe: tag -5 is out of range (0.." + MPI.TAG_UB + " or ANY_TAG)",
                    assertThrows(MPIException.class, () -> w.Improbe(0, -5)).getMessage());
            if (rank == 0) {
                w.Send(new int[] {1, 2}, 0, 2, MPI.INT, 1, 0);
            } else {
                final Message m = w.Mprobe(0, 0);
                assertEquals("Message.Mrecv: buf is a double[] but datatype MPI.INT needs an int[]",
                        assertThrows(MPIException.class, () -> m.Mrecv(new double[2], 0, 2, MPI.INT)).getMessage());
                final MPIException truncated = assertThrows(MPIException.class,
                        () -> m.Mrecv(new int[1], 0, 1, MPI.INT));
                assertTrue(truncated.getMessage().startsWith("Message.Mrecv: message truncated (MPI_ERR_TRUNCATE)"),
                        truncated.getMessage());
            }
        });
    }

    @Test
    void isendrecvExchangesAroundARingAndItsReplaceFormReusesTheBuffer() {
        Jobs.run(4, (rank, size) -> {
            final Intracomm w = MPI.COMM_WORLD;
            final int right = (rank + 1) % size;
            final int left = (rank + size - 1) % size;
            final int[] out = new int[64 * 1024]; // above the deferral threshold: both protocols meet
            java.util.Arrays.fill(out, rank);
            final int[] in = new int[out.length];
            final Request r = w.Isendrecv(out, 0, out.length, MPI.INT, right, 1, in, 0, in.length, MPI.INT, left, 1);
            final Status st = r.Wait();
            assertEquals(left, st.source);
            assertEquals(1, st.tag);
            assertEquals(out.length, st.Get_count(MPI.INT));
            assertEquals(left, in[0]);
            assertEquals(left, in[in.length - 1]);
            final int[] token = {rank};
            final Request rr = w.Isendrecv_replace(token, 0, 1, MPI.INT, right, 2, left, 2);
            rr.Wait();
            assertEquals(left, token[0]);
            final Request none = w.Isendrecv(out, 0, 1, MPI.INT, MPI.PROC_NULL, 0, in, 0, 1, MPI.INT, MPI.PROC_NULL, 0);
            assertEquals(MPI.PROC_NULL, none.Wait().source);
            assertEquals("Isendrecv: dest 4 is out of range (the communicator has 4 ranks: 0..3 or PROC_NULL)",
                    assertThrows(MPIException.class, () -> w.Isendrecv(out, 0, 1, MPI.INT, 4, 0, in, 0, 1, MPI.INT,
                            0, 0)).getMessage());
            assertEquals("Isendrecv_replace: buf is null", assertThrows(MPIException.class,
                    () -> w.Isendrecv_replace(null, 0, 1, MPI.INT, 0, 0, 0, 0)).getMessage());
        });
    }
}
