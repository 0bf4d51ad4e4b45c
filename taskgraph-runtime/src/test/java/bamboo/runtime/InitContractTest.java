package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the translator relies on when it moves the code before a rank body's first evaluation point into
 * init(): init() may send (also to tasks on other nodes that have not run yet), its sends are delivered
 * before those of execute() in send order, and an exception in init() fails the graph naming the task.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class InitContractTest {

    /** Sends its id to the next task in init(), then one more message in execute(); checks both arrive in order. */
    static final class RingInInit extends Task {
        private final AtomicIntegerArray got;
        private final int[] buf = new int[1];
        private boolean sentSecond;

        RingInInit(AtomicIntegerArray got) {
            this.got = got;
        }

        @Override
        protected void init() {
            buf[0] = id();
            send((id() + 1) % numTasks(), 3, buf, 0, 1);
        }

        @Override
        protected Outcome execute() {
            int from = (id() + numTasks() - 1) % numTasks();
            if (!sentSecond) {
                sentSecond = true;
                buf[0] = 1000 + id();
                send((id() + 1) % numTasks(), 3, buf, 0, 1);
            }
            if (arrivedCount(from, 3) < 2) {
                return Outcome.WAITING;
            }
            int[] in = new int[1];
            receive(from, 3, in, 0, 1);
            int first = in[0];
            receive(from, 3, in, 0, 1);
            got.set(id(), first == from && in[0] == 1000 + from ? 1 : -1);
            return Outcome.FINISHED;
        }

        @Override
        protected boolean ready() {
            return arrivedCount((id() + numTasks() - 1) % numTasks(), 3) >= 2;
        }
    }

    @Test
    void sendsFromInitArriveBeforeThoseOfExecute() {
        for (int nodes : new int[] {1, 3}) {
            AtomicIntegerArray got = new AtomicIntegerArray(6);
            Graph.builder(6, id -> new RingInInit(got)).workers(2).nodes(nodes).build().run();
            for (int i = 0; i < 6; i++) {
                assertEquals(1, got.get(i), "task " + i + " on " + nodes + " node(s)");
            }
        }
    }

    @Test
    void exceptionInInitFailsTheGraphNamingTheTask() {
        GraphFailure f = assertThrows(GraphFailure.class, () -> Graph.builder(3, id -> new Task() {
            @Override
            protected void init() {
                if (id() == 2) {
                    throw new IllegalArgumentException("bad input in init");
                }
            }

            @Override
            protected Outcome execute() {
                return Outcome.FINISHED;
            }

            @Override
            protected boolean ready() {
                return true;
            }
        }).workers(1).build().run());
        assertEquals(2, f.taskId());
        assertTrue(String.valueOf(f.getCause()).contains("bad input in init"), String.valueOf(f.getCause()));
    }
}
