package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A busy worker receives from other processes between two executions when something is there, not only
 * when its run queue is empty: while tasks keep it busy (here two that yield, so the queue never empties)
 * the task a message from another process wakes is queued behind the two yielders and runs within a few
 * executions, instead of waiting for the dozing handler's next wake-up (the run's monitor pokes it every
 * 50 ms). Counted in executions of the yielders, not timed.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ReceiveBetweenExecutionsTest {
    private static final int TAG = 7;
    /** The yielders give up after this many executions each, so a message never received fails the test
     *  instead of hanging it. */
    private static final long CAP = 2_000_000;

    @Test
    void aMessageFromAnotherProcessIsReceivedBetweenExecutions() {
        AtomicLong yields = new AtomicLong();
        AtomicLong atSend = new AtomicLong();
        AtomicLong atReceive = new AtomicLong(-1);
        AtomicBoolean received = new AtomicBoolean();
        // 6 tasks on 2 processes: 0-2 on process 0 (0 waits for task 3, 1 and 2 yield), 3-5 on process 1.
        Graph.builder(6, id -> switch (id) {
            case 0 -> new Waiter(received, yields, atReceive);
            case 1, 2 -> new Yielder(received, yields);
            case 3 -> new Sender(yields, atSend);
            default -> new Done();
        }).nodes(2).workers(1).build().run();
        assertTrue(received.get(), "task 0 received");
        long after = atReceive.get() - atSend.get();
        // A handful; up to 10,000 leaves room for a handler preempted holding the inbound lock (then it
        // injects the message); waiting for the handler's 50 ms wake-up takes 29,000-100,000.
        assertTrue(after < 10_000, "task 0 ran " + after
                + " yielder executions after the message was sent (expected a handful; tens of thousands mean"
                + " it waited for the handler's next wake-up)");
    }

    private static final class Waiter extends Task {
        private final AtomicBoolean received;
        private final AtomicLong yields;
        private final AtomicLong atReceive;

        Waiter(AtomicBoolean received, AtomicLong yields, AtomicLong atReceive) {
            this.received = received;
            this.yields = yields;
            this.atReceive = atReceive;
        }

        private boolean started;

        @Override
        protected Outcome execute() {
            if (!started) {
                started = true;
                send(3, TAG, new int[1], 0, 1); // the go: received, it shows both handlers bound
            }
            if (!ready()) {
                return Outcome.WAITING;
            }
            atReceive.set(yields.get());
            receive(3, TAG, new int[1], 0, 1);
            received.set(true);
            return Outcome.FINISHED;
        }

        @Override
        protected boolean ready() {
            return arrived(3, TAG);
        }
    }

    private static final class Yielder extends Task {
        private final AtomicBoolean received;
        private final AtomicLong yields;
        private long executions;

        Yielder(AtomicBoolean received, AtomicLong yields) {
            this.received = received;
            this.yields = yields;
        }

        @Override
        protected Outcome execute() {
            yields.incrementAndGet();
            return received.get() || ++executions >= CAP ? Outcome.FINISHED : Outcome.YIELDED;
        }

        @Override
        protected boolean ready() {
            return true;
        }
    }

    /** Waits for task 0's go (so both processes are bound to their shim ranks: nothing waits in an outbox),
     *  then sends once the handler of process 0 has dozed off (it polls for 50 us after its last work). */
    private static final class Sender extends Task {
        private final AtomicLong yields;
        private final AtomicLong atSend;

        Sender(AtomicLong yields, AtomicLong atSend) {
            this.yields = yields;
            this.atSend = atSend;
        }

        @Override
        protected Outcome execute() throws InterruptedException {
            if (!ready()) {
                return Outcome.WAITING;
            }
            receive(0, TAG, new int[1], 0, 1);
            Thread.sleep(20);
            send(0, TAG, new int[] {1}, 0, 1); // in process 0's mailbox when this returns
            atSend.set(yields.get()); // after: a sender preempted in between cannot inflate the count
            return Outcome.FINISHED;
        }

        @Override
        protected boolean ready() {
            return arrived(0, TAG);
        }
    }

    private static final class Done extends Task {
        @Override
        protected Outcome execute() {
            return Outcome.FINISHED;
        }

        @Override
        protected boolean ready() {
            return true;
        }
    }
}
