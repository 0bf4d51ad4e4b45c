package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.shim.job.JobConfig;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SendModesAndRequestsTest {
    private static final int GO = 99;

    @Test
    void ssendCompletesOnlyWhenMatched() {
        Jobs.run(2, (rank, size) -> {
            if (rank == 0) {
                final Request r = MPI.COMM_WORLD.Issend(new int[] {1}, 0, 1, MPI.INT, 1, 1);
                for (int i = 0; i < 1000; i++) {
                    assertNull(r.Test(), "not matched yet: rank 1 waits for GO first");
                }
                MPI.COMM_WORLD.Send(new int[0], 0, 0, MPI.INT, 1, GO);
                r.Wait();
                MPI.COMM_WORLD.Ssend(new int[] {2}, 0, 1, MPI.INT, 1, 1); // blocking form
            } else {
                MPI.COMM_WORLD.Recv(new int[0], 0, 0, MPI.INT, 0, GO);
                final int[] got = new int[1];
                MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, 0, 1);
                assertEquals(1, got[0]);
                MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, 0, 1);
                assertEquals(2, got[0]);
            }
        });
    }

    @Test
    void standardSendAboveTheEagerLimitWaitsForTheReceiver() {
        Jobs.run(JobConfig.of(2).withEagerLimit(64), (rank, size) -> {
            if (rank == 0) {
                final Request big = MPI.COMM_WORLD.Isend(new long[100], 0, 100, MPI.LONG, 1, 1);
                final Request small = MPI.COMM_WORLD.Isend(new long[4], 0, 4, MPI.LONG, 1, 2);
                assertNotNull(small.Test(), "small messages are copied eagerly");
                assertNull(big.Test(), "large messages wait for the receive (rendezvous)");
                MPI.COMM_WORLD.Send(new int[0], 0, 0, MPI.INT, 1, GO);
                big.Wait();
            } else {
                MPI.COMM_WORLD.Recv(new int[0], 0, 0, MPI.INT, 0, GO);
                MPI.COMM_WORLD.Recv(new long[100], 0, 100, MPI.LONG, 0, 1);
                MPI.COMM_WORLD.Recv(new long[4], 0, 4, MPI.LONG, 0, 2);
            }
        });
    }

    @Test
    void bsendIsBufferedWhateverTheSize() {
        Jobs.run(JobConfig.of(2).withEagerLimit(64), (rank, size) -> {
            if (rank == 0) {
                final int[] data = new int[1000];
                Arrays.fill(data, 7);
                MPI.COMM_WORLD.Bsend(data, 0, 1000, MPI.INT, 1, 1); // returns though nobody receives yet
                Arrays.fill(data, -1);
                final Request r = MPI.COMM_WORLD.Ibsend(data, 0, 1000, MPI.INT, 1, 1);
                assertNotNull(r.Test());
                MPI.COMM_WORLD.Send(new int[0], 0, 0, MPI.INT, 1, GO);
            } else {
                MPI.COMM_WORLD.Recv(new int[0], 0, 0, MPI.INT, 0, GO);
                final int[] got = new int[1000];
                MPI.COMM_WORLD.Recv(got, 0, 1000, MPI.INT, 0, 1);
                assertEquals(7, got[999]);
                MPI.COMM_WORLD.Recv(got, 0, 1000, MPI.INT, 0, 1);
                assertEquals(-1, got[0]);
            }
        });
    }

    @Test
    void rsendAndIrsendDeliver() {
        Jobs.run(2, (rank, size) -> {
            if (rank == 1) {
                final int[] a = new int[1];
                final int[] b = new int[1];
                final Request ra = MPI.COMM_WORLD.Irecv(a, 0, 1, MPI.INT, 0, 1);
                final Request rb = MPI.COMM_WORLD.Irecv(b, 0, 1, MPI.INT, 0, 2);
                MPI.COMM_WORLD.Send(new int[0], 0, 0, MPI.INT, 0, GO);
                Request.Waitall(new Request[] {ra, rb});
                assertEquals(5, a[0]);
                assertEquals(6, b[0]);
            } else {
                MPI.COMM_WORLD.Recv(new int[0], 0, 0, MPI.INT, 1, GO);
                MPI.COMM_WORLD.Rsend(new int[] {5}, 0, 1, MPI.INT, 1, 1);
                MPI.COMM_WORLD.Irsend(new int[] {6}, 0, 1, MPI.INT, 1, 2).Wait();
            }
        });
    }

    @Test
    void persistentRequestsRestart() {
        Jobs.run(2, (rank, size) -> {
            final int[] buf = new int[1];
            final Prequest p = rank == 0
                    ? MPI.COMM_WORLD.Send_init(buf, 0, 1, MPI.INT, 1, 3)
                    : MPI.COMM_WORLD.Recv_init(buf, 0, 1, MPI.INT, 0, 3);
            final Prequest q = rank == 0
                    ? MPI.COMM_WORLD.Ssend_init(buf, 0, 1, MPI.INT, 1, 4)
                    : MPI.COMM_WORLD.Recv_init(buf, 0, 1, MPI.INT, 0, 4);
            for (int i = 0; i < 5; i++) {
                if (rank == 0) {
                    buf[0] = i;
                }
                p.Start();
                if (rank == 0) {
                    p.Wait(); // Start again only after the previous instance completed
                    final MPIException e = assertThrows(MPIException.class, () -> {
                        p.Start();
                        p.Start();
                    });
                    assertTrue(e.getMessage().startsWith("Prequest.Start: the request is still active"),
                            e.getMessage());
                    p.Wait();
                } else {
                    p.Wait();
                    assertEquals(i, buf[0]);
                    buf[0] = -1;
                    p.Start(); // receive the second instance of rank 0's double start
                    p.Wait();
                    assertEquals(i, buf[0]);
                }
                assertFalse(p.Is_null(), "a completed persistent request is inactive, not null");
                Prequest.Startall(new Prequest[] {q});
                Request.Waitall(new Request[] {q});
            }
            p.Free();
            assertTrue(p.Is_null());
        });
    }

    @Test
    void waitanyWaitsomeAndTests() {
        Jobs.run(2, (rank, size) -> {
            if (rank == 0) {
                final int[][] bufs = new int[3][1];
                final Request[] reqs = new Request[4];
                for (int t = 0; t < 3; t++) {
                    reqs[t] = MPI.COMM_WORLD.Irecv(bufs[t], 0, 1, MPI.INT, 1, t);
                }
                // reqs[3] stays a Java null: skipped like a null request
                assertNull(Request.Testany(reqs));
                assertNull(Request.Testall(reqs));
                assertEquals(0, Request.Testsome(reqs).length);
                MPI.COMM_WORLD.Send(new int[] {2}, 0, 1, MPI.INT, 1, GO);
                final Status any = Request.Waitany(reqs);
                assertEquals(2, any.index);
                assertEquals(2, any.tag);
                assertTrue(reqs[2].Is_null());
                MPI.COMM_WORLD.Send(new int[] {0}, 0, 1, MPI.INT, 1, GO);
                int done = 0;
                while (done < 2) {
                    final Status[] some = Request.Waitsome(reqs);
                    assertTrue(some.length >= 1);
                    for (Status s : some) {
                        assertEquals(s.index, s.tag);
                        assertEquals(s.index * 10, bufs[s.index][0]);
                    }
                    done += some.length;
                }
                assertEquals(0, Request.Waitsome(reqs).length, "no active request left");
                assertEquals(MPI.UNDEFINED, Request.Waitany(reqs).index);
                assertEquals(MPI.UNDEFINED, Request.Testany(reqs).index);
                assertNotNull(Request.Testall(reqs));
                assertEquals(4, Request.Waitall(reqs).length);
            } else {
                final int[] which = new int[1];
                MPI.COMM_WORLD.Recv(which, 0, 1, MPI.INT, 0, GO);
                MPI.COMM_WORLD.Send(new int[] {20}, 0, 1, MPI.INT, 0, 2);
                MPI.COMM_WORLD.Recv(which, 0, 1, MPI.INT, 0, GO);
                MPI.COMM_WORLD.Send(new int[] {0}, 0, 1, MPI.INT, 0, 0);
                MPI.COMM_WORLD.Send(new int[] {10}, 0, 1, MPI.INT, 0, 1);
            }
        });
    }

    @Test
    void testanyFindsACompletedRequest() {
        Jobs.run(1, (rank, size) -> {
            final int[] got = new int[1];
            final Request[] reqs = {MPI.COMM_WORLD.Irecv(got, 0, 1, MPI.INT, 0, 1),
                MPI.COMM_WORLD.Irecv(got, 0, 1, MPI.INT, 0, 2)};
            MPI.COMM_WORLD.Send(new int[] {8}, 0, 1, MPI.INT, 0, 2);
            final Status s = Request.Testany(reqs);
            assertEquals(1, s.index);
            assertEquals(8, got[0]);
            assertNull(Request.Testany(reqs));
            reqs[0].Cancel();
            assertTrue(reqs[0].Wait().Test_cancelled());
        });
    }

    @Test
    void cancelAnUnmatchedSynchronousSend() {
        Jobs.run(2, (rank, size) -> {
            if (rank == 0) {
                final Request r = MPI.COMM_WORLD.Issend(new int[] {1}, 0, 1, MPI.INT, 1, 1);
                r.Cancel();
                assertTrue(r.Wait().Test_cancelled());
                MPI.COMM_WORLD.Send(new int[0], 0, 0, MPI.INT, 1, GO);
                MPI.COMM_WORLD.Send(new int[] {2}, 0, 1, MPI.INT, 1, 1);
            } else {
                MPI.COMM_WORLD.Recv(new int[0], 0, 0, MPI.INT, 0, GO); // only after the cancel
                final int[] got = new int[1];
                MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, 0, 1);
                assertEquals(2, got[0], "the cancelled message is never received");
            }
        });
    }

    @Test
    void waitallReportsATruncatedReceiveAfterWaitingForAll() {
        Jobs.run(2, (rank, size) -> {
            if (rank == 0) {
                MPI.COMM_WORLD.Send(new int[3], 0, 3, MPI.INT, 1, 1);
                MPI.COMM_WORLD.Send(new int[] {4}, 0, 1, MPI.INT, 1, 2);
            } else {
                final int[] ok = new int[1];
                final Request[] reqs = {MPI.COMM_WORLD.Irecv(new int[1], 0, 1, MPI.INT, 0, 1),
                    MPI.COMM_WORLD.Irecv(ok, 0, 1, MPI.INT, 0, 2)};
                assertThrows(MPIException.class, () -> Request.Waitall(reqs));
                assertEquals(4, ok[0]);
                assertTrue(reqs[0].Is_null() && reqs[1].Is_null());
            }
        });
    }

    @Test
    void statusesOfWaitallMatchTheRequests() {
        Jobs.run(3, (rank, size) -> {
            if (rank == 0) {
                final int[] a = new int[2];
                final Request[] reqs = {MPI.COMM_WORLD.Irecv(a, 0, 1, MPI.INT, 1, 5),
                    MPI.COMM_WORLD.Irecv(a, 1, 1, MPI.INT, 2, 6)};
                final Status[] st = Request.Waitall(reqs);
                assertEquals(1, st[0].source);
                assertEquals(2, st[1].source);
                assertArrayEquals(new int[] {10, 20}, a);
            } else {
                MPI.COMM_WORLD.Send(new int[] {rank * 10}, 0, 1, MPI.INT, 0, 4 + rank);
            }
        });
    }
}
