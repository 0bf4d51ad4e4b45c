package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Payloads from another process arrive in the shim's pooled arrays, which go back to the pool when the
 * task has received them: an array must never be handed to a later message while an earlier one still
 * holds it, nor be returned twice (the pool would fail the run).
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class RemotePayloadPoolTest {
    static final int MESSAGES = 12;
    static final int N = 5000;
    static final int ROUNDS = 4;

    /**
     * Task 0 (process 0) sends a round of same-sized messages to task 1 (process 1) from one buffer it
     * overwrites after every send; task 1 waits until the whole round has arrived (so every payload array
     * is held by a message at once), receives it newest first and checks each, then asks for the next
     * round: the arrays returned by one round serve the next, and a premature return would show up as a
     * message whose data belongs to another.
     */
    static final class Rounds extends Task {
        private int round;
        private boolean sent;

        static double value(int round, int tag, int i) {
            return round * 1e6 + tag * 1e3 + i;
        }

        @Override
        protected Outcome execute() {
            if (id() == 0) {
                while (round < ROUNDS) {
                    if (!sent) {
                        double[] buf = new double[N + 7];
                        for (int tag = 0; tag < MESSAGES; tag++) {
                            for (int i = 0; i < N; i++) {
                                buf[7 + i] = value(round, tag, i);
                            }
                            send(1, tag, buf, 7, N);
                        }
                        sent = true;
                    }
                    if (!arrived(1, 100 + round)) {
                        return Outcome.WAITING;
                    }
                    receive(1, 100 + round, new int[1], 0, 1);
                    round++;
                    sent = false;
                }
                return Outcome.FINISHED;
            }
            while (round < ROUNDS) {
                if (arrivedCount(0, Task.ANY_TAG) < MESSAGES) {
                    return Outcome.WAITING;
                }
                double[] got = new double[N];
                for (int tag = MESSAGES - 1; tag >= 0; tag--) {
                    assertEquals(N, receive(0, tag, got, 0, N));
                    for (int i = 0; i < N; i++) {
                        if (got[i] != value(round, tag, i)) {
                            throw new AssertionError("round " + round + ", tag " + tag + ", element " + i + ": got "
                                    + got[i] + ", sent " + value(round, tag, i));
                        }
                    }
                }
                send(0, 100 + round, new int[] {round}, 0, 1);
                round++;
            }
            return Outcome.FINISHED;
        }

        @Override
        protected boolean ready() {
            return id() == 0 ? !sent || arrived(1, 100 + round) : arrivedCount(0, Task.ANY_TAG) >= MESSAGES;
        }
    }

    @Test
    void aPayloadArrayServesNoLaterMessageBeforeItsTaskReceivedIt() {
        Graph.Result r = Graph.builder(2, id -> new Rounds()).nodes(2).workers(2).build().run();
        assertEquals(0, r.unreceivedMessages());
        assertEquals(ROUNDS * (MESSAGES + 1L), r.profile().messages());
    }

    /** One task sends itself a few messages of several chunks, then receives them: a fixed demand of
     *  chunks per run, whatever the timing. */
    static final class SelfSends extends Task {
        @Override
        protected Outcome execute() {
            long[] buf = new long[20_000]; // 160 KB: three chunks of 64 KiB
            for (int tag = 0; tag < 4; tag++) {
                buf[0] = tag;
                send(0, tag, buf, 0, buf.length);
            }
            for (int tag = 3; tag >= 0; tag--) {
                receive(0, tag, buf, 0, buf.length);
                assertEquals(tag, buf[0]);
            }
            return Outcome.FINISHED;
        }

        @Override
        protected boolean ready() {
            return true;
        }
    }

    /** The chunks a run leaves idle go to the shim's JVM-wide pool when it ends, and the next run in the
     *  JVM takes them from there instead of allocating its own. */
    @Test
    void theChunksOfAFinishedRunServeTheNextRun() {
        bamboo.shim.engine.PayloadPool pool = bamboo.shim.engine.PayloadPool.shared();
        Graph.builder(1, id -> new SelfSends()).workers(1).build().run();
        long allocations = pool.allocations();
        long reuses = pool.reuses();
        Graph.builder(1, id -> new SelfSends()).workers(1).build().run();
        assertEquals(allocations, pool.allocations(), "the second run allocated chunk buffers");
        assertEquals(reuses + 12, pool.reuses(), "four messages of three chunks each, all reused");
    }

    @Test
    void theSameOverASimulatedLink() {
        Graph.Result r = Graph.builder(2, id -> new Rounds()).nodes(2).workers(1).latency(20_000).bandwidth(2e9)
                .build().run();
        assertEquals(0, r.unreceivedMessages());
    }
}
