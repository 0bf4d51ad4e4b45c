package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.shim.engine.Binding;
import bamboo.shim.engine.ByteBudget;
import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.ThreadsJob;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Floods: many messages to one rank faster than it receives them. The receiver's unexpected eager
 * bytes stay under its budget (read from the shim's own counter, not the heap); beyond it standard sends
 * go by rendezvous, so nothing is lost or duplicated and non-overtaking holds across the switch.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FloodTest {
    private static final int INTS = 256; // 1 KiB messages

    /** The content of message {@code tag} from {@code source}: distinct for every message. */
    private static int[] payload(int source, int tag) {
        final int[] a = new int[INTS];
        for (int i = 0; i < INTS; i++) {
            a[i] = source * 1_000_003 + tag * 7919 + i;
        }
        return a;
    }

    private static long checksum(int[] a) {
        long h = 1;
        for (int v : a) {
            h = 31 * h + v;
        }
        return h;
    }

    private static ByteBudget myBudget() {
        return Binding.current().unexpectedBudget();
    }

    /** The "killer": every rank floods rank 0 with Isends, and rank 0 receives them in reverse tag order. */
    @Test
    void killerPatternStaysUnderTheEagerBudget() {
        final int messages = 400;
        final long budget = 64 * 1024;
        final AtomicLong peak = new AtomicLong(-1);
        Jobs.run(JobConfig.of(4).withEagerBudget(budget), (rank, size) -> {
            if (rank == 0) {
                final int[] got = new int[INTS];
                for (int tag = messages - 1; tag >= 0; tag--) {
                    for (int s = 1; s < size; s++) {
                        final Status st = MPI.COMM_WORLD.Recv(got, 0, INTS, MPI.INT, s, tag);
                        assertEquals(INTS, st.Get_count(MPI.INT));
                        assertEquals(checksum(payload(s, tag)), checksum(got), "message " + tag + " from " + s);
                    }
                }
                MPI.COMM_WORLD.Barrier(); // every sender's Waitall has returned: nothing else can come
                assertNull(MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG), "a message arrived twice");
                assertEquals(0, myBudget().used(), "every eager copy was released");
                peak.set(myBudget().peak());
            } else {
                final Request[] sent = new Request[messages];
                final int[][] data = new int[messages][];
                for (int tag = 0; tag < messages; tag++) {
                    data[tag] = payload(rank, tag);
                    sent[tag] = MPI.COMM_WORLD.Isend(data[tag], 0, INTS, MPI.INT, 0, tag);
                }
                Request.Waitall(sent);
                MPI.COMM_WORLD.Barrier();
            }
        });
        assertTrue(peak.get() <= budget, "peak unexpected bytes " + peak.get() + " over the budget " + budget);
        // The flood (3 x 400 KiB) is far above the budget: it must have filled up, not been bypassed.
        assertTrue(peak.get() > budget / 2, "the budget was used: peak " + peak.get());
        System.out.println("shim killer: 3 senders x " + messages + " x 1 KiB, eager budget " + budget
                + " B: peak unexpected " + peak.get() + " B");
    }

    /** Many senders, one receiver taking whatever comes (ANY_SOURCE, ANY_TAG) with blocking sends. */
    @Test
    void manySendersOneReceiverFloodKeepsOrderAndStaysBounded() {
        final int messages = 300;
        final long budget = 16 * 1024;
        final AtomicLong peak = new AtomicLong(-1);
        Jobs.run(JobConfig.of(8).withEagerBudget(budget), (rank, size) -> {
            if (rank == 0) {
                final int[] next = new int[size];
                final long[] sums = new long[size];
                final int[] got = new int[INTS];
                Thread.sleep(50); // let the senders get ahead: the flood piles up
                for (int i = 0; i < messages * (size - 1); i++) {
                    final Status st = MPI.COMM_WORLD.Recv(got, 0, INTS, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                    final int s = st.source;
                    assertEquals(next[s], st.tag, "non-overtaking from rank " + s);
                    next[s]++;
                    assertEquals(checksum(payload(s, st.tag)), checksum(got));
                    sums[s] += st.tag;
                }
                for (int s = 1; s < size; s++) {
                    assertEquals(messages, next[s]);
                    assertEquals((long) messages * (messages - 1) / 2, sums[s]);
                }
                assertNull(MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG));
                assertEquals(0, myBudget().used());
                peak.set(myBudget().peak());
            } else {
                for (int tag = 0; tag < messages; tag++) {
                    MPI.COMM_WORLD.Send(payload(rank, tag), 0, INTS, MPI.INT, 0, tag);
                }
            }
        });
        assertTrue(peak.get() <= budget, "peak unexpected bytes " + peak.get() + " over the budget " + budget);
        assertTrue(peak.get() > 0);
        System.out.println("shim flood: 7 senders x " + messages + " x 1 KiB, eager budget " + budget
                + " B: peak unexpected " + peak.get() + " B");
    }

    /**
     * The killer with blocking sends is unsafe in MPI terms: once the receiver's budget is used up a
     * standard send waits for its receive, which comes only after later messages. The run ends as a
     * deadlock whose report names the budget and how to raise it; with room, the same program runs.
     */
    @Test
    void blockingKillerBeyondTheBudgetIsADeadlockNamingTheBudget() {
        final int messages = 100;
        final var program = (bamboo.shim.job.RankBody) (rank, size) -> {
            if (rank == 0) {
                final int[] got = new int[INTS];
                for (int tag = messages - 1; tag >= 0; tag--) {
                    MPI.COMM_WORLD.Recv(got, 0, INTS, MPI.INT, 1, tag);
                    assertEquals(checksum(payload(1, tag)), checksum(got));
                }
            } else {
                for (int tag = 0; tag < messages; tag++) {
                    MPI.COMM_WORLD.Send(payload(1, tag), 0, INTS, MPI.INT, 0, tag);
                }
            }
        };
        final JobResult tight = ThreadsJob.run(JobConfig.of(2).withEagerBudget(8 * 1024), program);
        assertEquals(JobResult.DEADLOCK, tight.exitCode(), tight.message());
        assertTrue(tight.message().contains("rank 1 waits in Send(dest=0, tag=8, comm=COMM_WORLD) until rank 0 "
                + "receives it (flow control: rank 0 holds 8192 bytes of unexpected messages, its eager budget is "
                + "8192 bytes; raise it with JobConfig.withEagerBudget or --eager-budget)"), tight.message());
        final JobResult roomy = ThreadsJob.run(JobConfig.of(2).withEagerBudget(messages * INTS * 4), program);
        assertEquals(JobResult.OK, roomy.exitCode(), roomy.message());
    }

    @Test
    void bufferedSendsFailWhenTheAttachedBufferIsFull() {
        Jobs.run(2, (rank, size) -> {
            if (rank == 0) {
                MPI.Buffer_attach(ByteBuffer.allocate(4 * 1024));
                for (int tag = 0; tag < 4; tag++) {
                    MPI.COMM_WORLD.Bsend(payload(0, tag), 0, INTS, MPI.INT, 1, tag);
                }
                final MPIException full = assertThrows(MPIException.class,
                        () -> MPI.COMM_WORLD.Bsend(payload(0, 4), 0, INTS, MPI.INT, 1, 4));
                assertEquals("Bsend: the buffer for buffered sends is full (MPI_ERR_BUFFER): 4096 of its 4096 "
                        + "bytes hold messages not yet received and this one needs 1024; attach a larger buffer "
                        + "with MPI.Buffer_attach", full.getMessage());
                MPI.COMM_WORLD.Barrier(); // rank 1 receives the four
                MPI.COMM_WORLD.Barrier();
                MPI.COMM_WORLD.Bsend(payload(0, 4), 0, INTS, MPI.INT, 1, 4); // room again
                assertEquals(4 * 1024, MPI.Buffer_detach().capacity());
            } else {
                MPI.COMM_WORLD.Barrier();
                final int[] got = new int[INTS];
                for (int tag = 0; tag < 4; tag++) {
                    MPI.COMM_WORLD.Recv(got, 0, INTS, MPI.INT, 0, tag);
                    assertEquals(checksum(payload(0, tag)), checksum(got));
                }
                MPI.COMM_WORLD.Barrier();
                MPI.COMM_WORLD.Recv(got, 0, INTS, MPI.INT, 0, 4);
                assertEquals(checksum(payload(0, 4)), checksum(got));
            }
        });
    }

    @Test
    void bufferedSendsWithoutAnAttachedBufferAreBoundedByTheEagerBudget() {
        Jobs.run(JobConfig.of(2).withEagerBudget(2 * 1024), (rank, size) -> {
            if (rank == 0) {
                MPI.COMM_WORLD.Bsend(payload(0, 0), 0, INTS, MPI.INT, 1, 0);
                MPI.COMM_WORLD.Bsend(payload(0, 1), 0, INTS, MPI.INT, 1, 1);
                final MPIException full = assertThrows(MPIException.class,
                        () -> MPI.COMM_WORLD.Ibsend(payload(0, 2), 0, INTS, MPI.INT, 1, 2));
                assertEquals("Ibsend: the buffer for buffered sends is full (MPI_ERR_BUFFER): 2048 of its 2048 "
                        + "bytes hold messages not yet received and this one needs 1024 (no buffer attached: the "
                        + "implicit one has the size of the eager budget, JobConfig.withEagerBudget or "
                        + "--eager-budget; or attach one with MPI.Buffer_attach)", full.getMessage());
                MPI.COMM_WORLD.Barrier();
            } else {
                MPI.COMM_WORLD.Barrier();
                final int[] got = new int[INTS];
                MPI.COMM_WORLD.Recv(got, 0, INTS, MPI.INT, 0, 0);
                MPI.COMM_WORLD.Recv(got, 0, INTS, MPI.INT, 0, 1);
                assertEquals(checksum(payload(0, 1)), checksum(got));
            }
        });
    }

    @Test
    void objectSendsOverTheBudgetCompleteOnlyWhenReceived() {
        Jobs.run(JobConfig.of(2).withEagerBudget(1024), (rank, size) -> {
            if (rank == 0) {
                final Object[] big = {new int[1024]}; // serialised: over 4 KiB, beyond the budget
                final Request r = MPI.COMM_WORLD.Isend(big, 0, 1, MPI.OBJECT, 1, 3);
                assertNull(r.Test(), "held by the sender until received");
                assertEquals(0, Binding.current().world().endpoint(1).unexpectedBudget().used());
                MPI.COMM_WORLD.Send(new int[0], 0, 0, MPI.INT, 1, 4); // go
                r.Wait();
            } else {
                MPI.COMM_WORLD.Recv(new int[0], 0, 0, MPI.INT, 0, 4);
                final Object[] got = new Object[1];
                MPI.COMM_WORLD.Recv(got, 0, 1, MPI.OBJECT, 0, 3);
                assertEquals(1024, ((int[]) got[0]).length);
            }
        });
    }

    @Test
    void aNegativeEagerBudgetIsRefused() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JobConfig.of(2).withEagerBudget(-1));
        assertEquals("eager budget must not be negative (got -1)", e.getMessage());
    }
}
