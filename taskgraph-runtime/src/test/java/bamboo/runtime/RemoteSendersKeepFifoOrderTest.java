package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Within a priority, runnable tasks run in FIFO order whether or not their last execution sent to another
 * process. Deterministic: two processes of one worker each; process 0's tasks only yield (nothing wakes
 * them), so its queue order alone decides the log; process 1 only receives.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RemoteSendersKeepFifoOrderTest {
    private static final int TAG = 3;
    private static final int RUNS = 4;

    /** Process 0: runs RUNS executions (yielding between them), sending to task 2 (process 1) in the first
     *  {@code remoteRuns} of them; logs its id at each execution. */
    private static final class Yielder extends Task {
        private final int prio;
        private final int remoteRuns;
        private final List<Integer> log;
        private final int[] buf = new int[1];
        private int runs;

        Yielder(int prio, int remoteRuns, List<Integer> log) {
            this.prio = prio;
            this.remoteRuns = remoteRuns;
            this.log = log;
        }

        @Override
        protected void init() {
            priority(prio);
        }

        @Override
        protected Outcome execute() {
            log.add(id());
            runs++;
            if (runs <= remoteRuns) {
                send(2, TAG, buf, 0, 1);
            }
            return runs == RUNS ? Outcome.FINISHED : Outcome.YIELDED;
        }

        @Override
        protected boolean ready() {
            return true;
        }
    }

    /** Process 1: receives the {@code expected} messages of task {@code from}. */
    private static final class Sink extends Task {
        private final int expected;
        private final int[] buf = new int[1];
        private int received;

        Sink(int expected) {
            this.expected = expected;
        }

        @Override
        protected Outcome execute() {
            while (received < expected) {
                if (!arrived(ANY_SOURCE, TAG)) {
                    return Outcome.WAITING;
                }
                receive(ANY_SOURCE, TAG, buf, 0, 1);
                received++;
            }
            return Outcome.FINISHED;
        }

        @Override
        protected boolean ready() {
            return received >= expected || arrived(ANY_SOURCE, TAG);
        }
    }

    /** Tasks 0 and 1 on process 0 (priorities and remote executions given), 2 and 3 on process 1. */
    private static List<Integer> run(Graph.Scheduler scheduler, int prio0, int remote0, int prio1, int remote1) {
        List<Integer> log = Collections.synchronizedList(new ArrayList<>());
        Graph.builder(4, id -> switch (id) {
            case 0 -> new Yielder(prio0, remote0, log);
            case 1 -> new Yielder(prio1, remote1, log);
            case 2 -> new Sink(remote0 + remote1);
            default -> new Sink(0);
        }).nodes(2).workers(1).scheduler(scheduler).build().run();
        return log;
    }

    @ParameterizedTest
    @EnumSource(Graph.Scheduler.class)
    void aTaskThatSentRemotelyDoesNotOvertakeItsPriority(Graph.Scheduler scheduler) {
        // Task 0 sends in its first two executions, task 1 never: they alternate.
        assertEquals(List.of(0, 1, 0, 1, 0, 1, 0, 1), run(scheduler, 0, 2, 0, 0));
    }

    @Test
    void withinANegativePriorityTheOrderIsFifoToo() {
        // Both at -1, task 1 sends every time: they alternate.
        assertEquals(List.of(0, 1, 0, 1, 0, 1, 0, 1), run(Graph.Scheduler.SHARED_QUEUE, -1, 0, -1, RUNS));
    }

    @Test
    void theFifoOrdersByPriorityThenArrival() {
        PriorityFifo q = new PriorityFifo();
        Task a = task(0);
        Task b = task(0);
        Task c = task(0);
        Task d = task(2);
        Task e = task(-1);
        for (Task t : List.of(a, b, c, d, e)) {
            q.add(t);
        }
        assertEquals(5, q.size());
        assertEquals(List.of(d, a, b, c, e), List.of(q.poll(), q.poll(), q.poll(), q.poll(), q.poll()));
        assertEquals(null, q.poll());
        assertEquals(0, q.size());
    }

    private static Task task(int prio) {
        Task t = new Task() {
            @Override
            protected Outcome execute() {
                return Outcome.FINISHED;
            }

            @Override
            protected boolean ready() {
                return true;
            }
        };
        t.priority(prio);
        return t;
    }
}
