package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import bamboo.shim.job.JobConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Many ranks exchange random messages (random sizes across the eager limit, random tags, ANY_SOURCE and
 * ANY_TAG receives, several send modes, a separate receiving thread per rank): every message arrives
 * exactly once, intact, and in send order per sender.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class StressTest {
    private static final int NP = 6;
    private static final int PER_RANK = 300;

    /** The plan every rank derives from the same seed: who sends what to whom. */
    private static int[][] plan(long seed) {
        final Random random = new Random(seed);
        final int[][] p = new int[NP * PER_RANK][];
        for (int i = 0; i < p.length; i++) {
            final int src = i / PER_RANK;
            final int dest = random.nextInt(NP);
            final int tag = random.nextInt(5);
            final int len = random.nextInt(10) == 0 ? 200 + random.nextInt(3000) : random.nextInt(40);
            final int mode = random.nextInt(4);
            p[i] = new int[] {src, dest, tag, len, mode};
        }
        return p;
    }

    private static int value(int src, int seq, int k) {
        return src * 1_000_003 + seq * 31 + k;
    }

    @Test
    public void randomTrafficArrivesExactlyOnceInOrder() {
        run(JobConfig.of(NP).withEagerLimit(512), 11);
    }

    @Test
    public void randomTrafficOverASimulatedNetwork() {
        run(JobConfig.of(NP).withNodes(3).withLatencyNanos(20_000).withBandwidth(2e9).withEagerLimit(512), 12);
    }

    private static void run(JobConfig config, long seed) {
        final int[][] plan = plan(seed);
        Jobs.run(config, (rank, size) -> {
            int expected = 0;
            for (int[] m : plan) {
                if (m[1] == rank) {
                    expected++;
                }
            }
            final int incoming = expected;
            final Throwable[] receiverFailure = new Throwable[1];
            final int[] nextSeq = new int[NP];
            final Thread receiver = new Thread(() -> {
                try {
                    receiveAll(incoming, nextSeq);
                } catch (Throwable t) {
                    receiverFailure[0] = t;
                    t.printStackTrace();
                }
            }, "receiver-" + rank);
            receiver.start();
            sendAll(plan, rank);
            receiver.join();
            if (receiverFailure[0] != null) {
                throw new AssertionError("receiver of rank " + rank, receiverFailure[0]);
            }
            final int[] fromEach = new int[NP];
            for (int[] m : plan) {
                if (m[1] == rank) {
                    fromEach[m[0]]++;
                }
            }
            assertArrayEquals(fromEach, nextSeq, "every message arrived exactly once");
        });
    }

    private static void sendAll(int[][] plan, int rank) throws MPIException {
        final int[] seqTo = new int[NP];
        final List<Request> pending = new ArrayList<>();
        for (int[] m : plan) {
            if (m[0] != rank) {
                continue;
            }
            final int dest = m[1];
            final int len = m[3] + 2;
            final int[] data = new int[len];
            final int seq = seqTo[dest]++;
            data[0] = rank;
            data[1] = seq;
            for (int k = 2; k < len; k++) {
                data[k] = value(rank, seq, k);
            }
            switch (m[4]) {
                case 0 -> MPI.COMM_WORLD.Send(data, 0, len, MPI.INT, dest, m[2]);
                case 1 -> pending.add(MPI.COMM_WORLD.Isend(data, 0, len, MPI.INT, dest, m[2]));
                case 2 -> MPI.COMM_WORLD.Bsend(data, 0, len, MPI.INT, dest, m[2]);
                default -> pending.add(MPI.COMM_WORLD.Issend(data, 0, len, MPI.INT, dest, m[2]));
            }
            if (pending.size() > 16) {
                Request.Waitall(pending.toArray(new Request[0]));
                pending.clear();
            }
        }
        Request.Waitall(pending.toArray(new Request[0]));
    }

    private static void receiveAll(int incoming, int[] nextSeq) throws MPIException {
        final int[] buf = new int[4000];
        final Random random = new Random(incoming);
        for (int i = 0; i < incoming; i++) {
            final Status s;
            if (random.nextBoolean()) {
                s = MPI.COMM_WORLD.Recv(buf, 0, buf.length, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
            } else {
                final Status probed = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, MPI.ANY_TAG);
                s = MPI.COMM_WORLD.Irecv(buf, 0, probed.Get_count(MPI.INT), MPI.INT, probed.source, probed.tag)
                        .Wait();
                assertEquals(probed.source, s.source);
            }
            final int src = buf[0];
            assertEquals(src, s.source);
            assertEquals(nextSeq[src]++, buf[1], "send order from rank " + src);
            for (int k = 2; k < s.Get_count(MPI.INT); k++) {
                if (buf[k] != value(src, buf[1], k)) {
                    throw new AssertionError("corrupt element " + k + " of message " + buf[1] + " from " + src);
                }
            }
        }
    }
}
