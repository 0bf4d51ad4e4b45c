package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Graph.Builder.remoteFirst: a task whose last execution sent to another process runs ahead of the tasks of
 * its priority that did not. Deterministic: two processes of one worker each; process 0's tasks only yield
 * (nothing wakes them), so its queue order alone decides the log; process 1 only receives.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RemoteFirstTest {
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
    private static List<Integer> run(boolean remoteFirst, Graph.Scheduler scheduler, int prio0, int remote0,
            int prio1, int remote1) {
        List<Integer> log = Collections.synchronizedList(new ArrayList<>());
        Graph.builder(4, id -> switch (id) {
            case 0 -> new Yielder(prio0, remote0, log);
            case 1 -> new Yielder(prio1, remote1, log);
            case 2 -> new Sink(remote0 + remote1);
            default -> new Sink(0);
        }).nodes(2).workers(1).scheduler(scheduler).remoteFirst(remoteFirst).build().run();
        return log;
    }

    @ParameterizedTest
    @EnumSource(Graph.Scheduler.class)
    void aTaskThatSentRemotelyLastTimeRunsFirst(Graph.Scheduler scheduler) {
        // Task 0 sends in its first two executions, task 1 never: 0 keeps the front while it sends, its
        // third execution (no send) puts it back in FIFO order behind 1.
        assertEquals(List.of(0, 0, 0, 1, 0, 1, 1, 1), run(true, scheduler, 0, 2, 0, 0));
    }

    @ParameterizedTest
    @EnumSource(Graph.Scheduler.class)
    void offIsFifoAsBefore(Graph.Scheduler scheduler) {
        assertEquals(List.of(0, 1, 0, 1, 0, 1, 0, 1), run(false, scheduler, 0, 2, 0, 0));
    }

    @Test
    void theSenderQueuedSecondOvertakesTheFirst() {
        // Task 1 sends each time; task 0 (queued first) does not: after 1's first execution 1 runs ahead.
        assertEquals(List.of(0, 1, 1, 1, 1, 0, 0, 0), run(true, Graph.Scheduler.SHARED_QUEUE, 0, 0, 0, RUNS));
    }

    @Test
    void explicitPriorityStillWins() {
        // Task 0 sends each time but its init lowers it to priority -1: the non-sender 1 (priority 0) runs
        // first, rank or not. (A priority is set in init, at a task's first run: the sender's is known
        // before it is ever ranked.)
        assertEquals(List.of(0, 1, 1, 1, 1, 0, 0, 0), run(true, Graph.Scheduler.SHARED_QUEUE, -1, RUNS, 0, 0));
    }

    @Test
    void rankingAlsoHoldsWithinANegativePriority() {
        // Both at -1: within it, the sender 1 overtakes 0 as at priority 0.
        assertEquals(List.of(0, 1, 1, 1, 1, 0, 0, 0), run(true, Graph.Scheduler.SHARED_QUEUE, -1, 0, -1, RUNS));
        assertEquals(List.of(0, 1, 0, 1, 0, 1, 0, 1), run(false, Graph.Scheduler.SHARED_QUEUE, -1, 0, -1, RUNS));
    }

    @Test
    void fifoPutsRankedTasksFirstWithinTheirPriorityOnly() {
        PriorityFifo q = new PriorityFifo();
        Task a = task(0, false);
        Task b = task(0, true);
        Task c = task(0, true);
        Task d = task(2, false);
        Task e = task(-1, true);
        for (Task t : List.of(a, b, c, d, e)) {
            q.add(t);
        }
        assertEquals(5, q.size());
        assertEquals(List.of(d, b, c, a, e), List.of(q.poll(), q.poll(), q.poll(), q.poll(), q.poll()));
        assertEquals(null, q.poll());
        assertEquals(0, q.size());
    }

    @Test
    void thePropertyIsTrueOrFalse() {
        assertFalse(Graph.parseRemoteFirst(null));
        assertFalse(Graph.parseRemoteFirst(""));
        assertFalse(Graph.parseRemoteFirst("false"));
        assertTrue(Graph.parseRemoteFirst(" TRUE "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Graph.parseRemoteFirst("yes"));
        assertEquals("Graph.builder: system property bamboo.remoteFirst must be true or false, got 'yes'",
                e.getMessage());
    }

    private static Task task(int prio, boolean ranked) {
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
        t.remoteRank = ranked;
        return t;
    }
}
