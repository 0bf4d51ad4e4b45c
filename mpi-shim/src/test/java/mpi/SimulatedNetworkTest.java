package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.shim.job.JobConfig;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The simulated interconnect delays messages between nodes (lower bounds only: the machine is noisy). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SimulatedNetworkTest {
    private static final long MS = 1_000_000L;

    @Test
    void placementIsBlockWise() {
        final JobConfig c = JobConfig.of(7).withNodes(3);
        final int[] nodes = new int[7];
        for (int r = 0; r < 7; r++) {
            nodes[r] = c.nodeOf(r);
        }
        assertEquals("[0, 0, 0, 1, 1, 2, 2]", java.util.Arrays.toString(nodes));
    }

    @Test
    void aCrossNodeMessageIsNotReceivedBeforeItsLatency() {
        final AtomicLong sentAt = new AtomicLong();
        final AtomicLong receivedAt = new AtomicLong();
        Jobs.run(JobConfig.of(2).withNodes(2).withLatencyNanos(30 * MS), (rank, size) -> {
            if (rank == 0) {
                sentAt.set(System.nanoTime());
                MPI.COMM_WORLD.Send(new long[] {1}, 0, 1, MPI.LONG, 1, 0);
            } else {
                MPI.COMM_WORLD.Recv(new long[1], 0, 1, MPI.LONG, 0, 0);
                receivedAt.set(System.nanoTime());
            }
        });
        assertTrue(receivedAt.get() - sentAt.get() >= 30 * MS, (receivedAt.get() - sentAt.get()) / 1e6 + " ms");
    }

    @Test
    void theLinkIsFifoAndChargesBandwidth() {
        final AtomicLong sentAt = new AtomicLong();
        final AtomicLong receivedAt = new AtomicLong();
        // 1 MB at 100 MB/s is 10 ms per message; two back to back need 20 ms plus the latency.
        Jobs.run(JobConfig.of(2).withNodes(2).withLatencyNanos(MS).withBandwidth(100e6), (rank, size) -> {
            final byte[] data = new byte[1_000_000];
            if (rank == 0) {
                sentAt.set(System.nanoTime());
                final Request a = MPI.COMM_WORLD.Isend(data, 0, data.length, MPI.BYTE, 1, 0);
                final Request b = MPI.COMM_WORLD.Isend(data, 0, data.length, MPI.BYTE, 1, 1);
                Request.Waitall(new Request[] {a, b});
            } else {
                MPI.COMM_WORLD.Recv(data, 0, data.length, MPI.BYTE, 0, 1); // tag 1 was sent second
                receivedAt.set(System.nanoTime());
                MPI.COMM_WORLD.Recv(data, 0, data.length, MPI.BYTE, 0, 0);
            }
        });
        assertTrue(receivedAt.get() - sentAt.get() >= 21 * MS, (receivedAt.get() - sentAt.get()) / 1e6 + " ms");
    }

    @Test
    void orderHoldsAcrossTheLinkAndProbesNeverSeeEarly() {
        final long latency = 2 * MS;
        final int n = 200;
        final JobConfig config = JobConfig.of(4).withNodes(2).withLatencyNanos(latency).withBandwidth(1e9)
                .withEagerLimit(256);
        final long[] sendTimes = new long[n];
        Jobs.run(config, (rank, size) -> {
            final Random random = new Random(7);
            if (rank == 0) {
                final Request[] reqs = new Request[n];
                for (int i = 0; i < n; i++) {
                    final int len = 1 + random.nextInt(200);
                    final int[] data = new int[len];
                    data[0] = i;
                    sendTimes[i] = System.nanoTime();
                    reqs[i] = MPI.COMM_WORLD.Isend(data, 0, len, MPI.INT, 3, random.nextInt(4));
                }
                Request.Waitall(reqs);
            } else if (rank == 3) {
                for (int i = 0; i < n; i++) {
                    Status s;
                    while ((s = MPI.COMM_WORLD.Iprobe(0, MPI.ANY_TAG)) == null) {
                        Thread.yield();
                    }
                    final long seen = System.nanoTime();
                    final int[] got = new int[s.Get_count(MPI.INT)];
                    MPI.COMM_WORLD.Recv(got, 0, got.length, MPI.INT, 0, MPI.ANY_TAG);
                    assertEquals(i, got[0], "messages over one link keep their order");
                    assertTrue(seen - sendTimes[i] >= latency, "probed before its latency had passed");
                }
            }
        });
    }

    @Test
    void aMessageInFlightIsNotADeadlock() {
        // The receiver blocks much longer than the deadlock watch needs to decide.
        Jobs.run(JobConfig.of(2).withNodes(2).withLatencyNanos(1500 * MS), (rank, size) -> {
            if (rank == 0) {
                MPI.COMM_WORLD.Send(new int[] {1}, 0, 1, MPI.INT, 1, 0);
            } else {
                MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 0, 0);
            }
        });
    }

    @Test
    void withinANodeMessagesAreNotDelayedByTheLink() {
        // Rank 1 (node 0) forwards rank 0's message to rank 2 (node 1): only one link crossing.
        final AtomicLong sentAt = new AtomicLong();
        final AtomicLong receivedAt = new AtomicLong();
        Jobs.run(JobConfig.of(4).withNodes(2).withLatencyNanos(20 * MS), (rank, size) -> {
            final int[] v = new int[1];
            if (rank == 0) {
                sentAt.set(System.nanoTime());
                MPI.COMM_WORLD.Send(new int[] {5}, 0, 1, MPI.INT, 1, 0);
            } else if (rank == 1) {
                MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 0);
                MPI.COMM_WORLD.Ssend(v, 0, 1, MPI.INT, 2, 0);
            } else if (rank == 2) {
                MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 1, 0);
                receivedAt.set(System.nanoTime());
                assertEquals(5, v[0]);
            }
        });
        assertTrue(receivedAt.get() - sentAt.get() >= 20 * MS);
    }
}
