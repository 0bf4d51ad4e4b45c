package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Timeout;

/**
 * A message that arrives while a task is between its own check of the firing rule and returning WAITING
 * wakes it: the worker re-checks after it releases the task. A fan-in where each message alone makes the receiver runnable,
 * with the receiver dawdling after its check, on more workers than cores, many times over. A lost
 * wake-up would end as a GraphDeadlock and fail the test.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AWakeUpIsNeverLostBetweenCheckAndParkTest {

    static class Sink extends Task {
        private final int expected;
        private final long[] sum;
        private final long[] buf = new long[1];
        private int got;
        private long acc;

        Sink(int expected, long[] sum) {
            this.expected = expected;
            this.sum = sum;
        }

        @Override
        protected Outcome execute() {
            while (got < expected) {
                if (!anyArrived()) {
                    // Widen the window between the check and returning WAITING.
                    for (int i = 0; i < 50; i++) {
                        Thread.onSpinWait();
                    }
                    return Outcome.WAITING;
                }
                for (int s = 1; s < numTasks(); s++) {
                    while (arrived(s, 0)) {
                        receive(s, 0, buf, 0, 1);
                        acc += buf[0];
                        got++;
                    }
                }
            }
            sum[0] = acc;
            return Outcome.FINISHED;
        }

        boolean anyArrived() {
            for (int s = 1; s < numTasks(); s++) {
                if (arrived(s, 0)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        protected boolean ready() {
            return anyArrived();
        }
    }

    static final class Source extends Task {
        private final int count;
        private final long[] buf = new long[1];
        private int sent;

        Source(int count) {
            this.count = count;
        }

        @Override
        protected Outcome execute() {
            buf[0] = id();
            send(0, 0, buf, 0, 1);
            sent++;
            // Yield between sends so the sink keeps going to sleep and waking up.
            return sent == count ? Outcome.FINISHED : Outcome.YIELDED;
        }

        @Override
        protected boolean ready() {
            return true;
        }
    }

    @RepeatedTest(30)
    void fanInNeverLosesAWakeUp() {
        int senders = 6;
        int each = 300;
        long[] sum = new long[1];
        Graph.builder(senders + 1, id -> id == 0 ? new Sink(senders * each, sum) : new Source(each))
                .workers(4)
                .idle(10, 2, 50_000)
                .build().run();
        assertEquals((long) each * senders * (senders + 1) / 2, sum[0]);
    }

    /**
     * A slow firing rule over several pairs: a message for a pair the rule has already looked at arrives
     * while the rule is still running. It must not be hidden from the re-check that follows the
     * evaluation (a bug once: arrived() drained the incoming stack during ready()).
     */
    @RepeatedTest(20)
    void messageArrivingDuringASlowFiringRuleIsNotLost() {
        int senders = 6;
        int each = 200;
        long[] sum = new long[1];
        Graph.builder(senders + 1, id -> id == 0 ? new Sink(senders * each, sum) {
            @Override
            protected boolean ready() {
                for (int s = 1; s < numTasks(); s++) {
                    if (arrived(s, 0)) {
                        return true;
                    }
                    for (int i = 0; i < 100; i++) {
                        Thread.onSpinWait();
                    }
                }
                return false;
            }
        } : new Source(each)).workers(4).idle(10, 2, 50_000).build().run();
        assertEquals((long) each * senders * (senders + 1) / 2, sum[0]);
    }

    /** The same with a rule over message counts (arrivedCount), as the translator emits for windows that
     *  need several messages of one pair. */
    @RepeatedTest(10)
    void countingFiringRuleIsNotLost() {
        int senders = 6;
        int each = 200;
        long[] sum = new long[1];
        Graph.builder(senders + 1, id -> id == 0 ? new Sink(senders * each, sum) {
            @Override
            protected boolean ready() {
                for (int s = 1; s < numTasks(); s++) {
                    if (arrivedCount(s, 0) > 0) {
                        return true;
                    }
                    for (int i = 0; i < 100; i++) {
                        Thread.onSpinWait();
                    }
                }
                return false;
            }
        } : new Source(each)).workers(4).idle(10, 2, 50_000).build().run();
        assertEquals((long) each * senders * (senders + 1) / 2, sum[0]);
    }

    /** Ping-pong across 3 workers where every message arrives while its receiver is still running. */
    @RepeatedTest(10)
    void pingPongAcrossWorkers() {
        int[] last = new int[1];
        Graph.builder(2, id -> new bamboo.runtime.samples.PingPong(5_000, 1, r -> last[0] = r))
                .workers(3).idle(0, 0, 1_000).build().run();
        assertEquals(5_000, last[0]);
    }
}
