package bamboo.runtime.mpi;

import bamboo.runtime.Graph;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The MPI semantics generated tasks get from {@link MpiTask}, on real graphs of two tasks. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MpiTaskTest {
    /** Task 1 sends (tag 5: 1), (tag 5: 2), (tag 6: 3) to task 0, which runs {@code receiver}. */
    private abstract static class Pair extends MpiTask {
        int step;

        @Override
        protected final Outcome execute() {
            if (id() == 1) {
                send(0, 5, new int[] {1}, 0, 1);
                send(0, 5, new int[] {2}, 0, 1);
                send(0, 6, new int[] {3}, 0, 1);
                return Outcome.FINISHED;
            }
            return receiver();
        }

        abstract Outcome receiver();

        @Override
        protected boolean ready() {
            return id() == 1 || bambooAllCompletable(bambooRequests);
        }
    }

    private static <T extends Pair> T run(T task0) {
        List<Pair> tasks = new ArrayList<>();
        Graph.builder(2, id -> {
            Pair p = id == 0 ? task0 : new Pair() {
                @Override
                Outcome receiver() {
                    throw new AssertionError("task 1 only sends");
                }
            };
            tasks.add(p);
            return p;
        }).workers(1).build().run();
        return task0;
    }

    /**
     * Waiting for a deferred receive first completes the earlier pending one whose pattern overlaps it,
     * as MPI's matching order does: the ANY_TAG receive posted first takes the first message.
     */
    @Test
    void waitingForALaterReceiveCompletesTheEarlierOverlappingOneFirst() {
        final class Waiter extends Pair {
            final int[] a = new int[1];
            final int[] b = new int[1];
            Request first;
            Request second;
            Status status;

            @Override
            Outcome receiver() {
                if (step == 0) {
                    first = bambooDefer(1, mpi.MPI.ANY_TAG, a, 0, 1);
                    second = bambooDefer(1, 5, b, 0, 1);
                    bambooRequests = second;
                    step = 1;
                }
                if (!bambooAllCompletable(bambooRequests)) {
                    return Outcome.WAITING;
                }
                status = bambooWait(second);
                return Outcome.FINISHED;
            }
        }
        Waiter w = run(new Waiter());
        assertArrayEquals(new int[] {1}, w.a);
        assertArrayEquals(new int[] {2}, w.b);
        assertEquals(5, w.status.tag);
        assertEquals(1, w.status.source);
        assertFalse(MpiTask.bambooIsNull(w.first), "complete, not handed out by a wait yet");
        assertTrue(MpiTask.bambooIsNull(w.second), "handed out by its wait: a null request");
    }

    /** A persistent receive takes one message per Start; Waitall hands out statuses in array order. */
    @Test
    void aPersistentReceiveTakesOneMessagePerStart() {
        final class Persistent extends Pair {
            final int[] buf = new int[1];
            final List<Integer> got = new ArrayList<>();
            Prequest request;
            Status[] statuses;

            @Override
            Outcome receiver() {
                while (got.size() < 3) {
                    if (step == 0) {
                        if (request == null) {
                            request = bambooRecvInit(1, mpi.MPI.ANY_TAG, buf, 0, 1);
                        }
                        bambooStart(request);
                        bambooRequests = new Object[] {request};
                        step = 1;
                    }
                    if (!bambooAllCompletable(bambooRequests)) {
                        return Outcome.WAITING;
                    }
                    statuses = bambooWaitall(bambooRequests);
                    got.add(buf[0]);
                    step = 0;
                }
                return Outcome.FINISHED;
            }
        }
        Persistent p = run(new Persistent());
        assertEquals(List.of(1, 2, 3), p.got);
        assertEquals(6, p.statuses[0].tag);
        assertFalse(MpiTask.bambooIsNull(p.request), "a persistent request stays startable after its wait");
    }

    /** Test answers null while the message is missing, and Start of an active request fails as in MPI. */
    @Test
    void testAnswersNullUntilTheMessageIsThereAndAnActiveRequestCannotStart() {
        final class Tester extends Pair {
            Status early;
            Status late;
            IllegalStateException restart;

            @Override
            Outcome receiver() {
                if (step == 0) {
                    Request r = bambooDefer(1, 7, new int[1], 0, 1); // nobody sends tag 7
                    early = bambooTest(r);
                    Prequest p = bambooRecvInit(1, 6, new int[1], 0, 1);
                    bambooStart(p);
                    restart = assertThrows(IllegalStateException.class, () -> bambooStart(p));
                    bambooRequests = p;
                    step = 1;
                }
                if (!bambooAllCompletable(bambooRequests)) {
                    return Outcome.WAITING;
                }
                late = bambooTest(bambooRequests);
                return Outcome.FINISHED;
            }
        }
        Tester t = run(new Tester());
        assertNull(t.early);
        assertEquals(6, t.late.tag);
        assertTrue(t.restart.getMessage().contains("still active"), t.restart.getMessage());
    }
}
