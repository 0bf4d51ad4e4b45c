package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Priorities and the cooperative yield rule, deterministic on one worker. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SchedulingTest {

    /** Task 0 wakes tasks 1..n-1 (priorities set in their init) in one execution; they log their runs. */
    static final class Woken extends Task {
        private final int prio;
        private final List<Integer> log;
        private final int[] buf = new int[1];
        private boolean gaveWay;

        Woken(int prio, List<Integer> log) {
            this.prio = prio;
            this.log = log;
        }

        @Override
        protected void init() {
            priority(prio);
        }

        @Override
        protected Outcome execute() {
            if (id() == 0) {
                if (!gaveWay) {
                    // Let every other task reach its evaluation point first.
                    gaveWay = true;
                    return Outcome.YIELDED;
                }
                for (int d = 1; d < numTasks(); d++) {
                    send(d, 0, buf, 0, 1);
                }
                return Outcome.FINISHED;
            }
            if (!ready()) {
                return Outcome.WAITING;
            }
            receive(0, 0, buf, 0, 1);
            log.add(id());
            return Outcome.FINISHED;
        }

        @Override
        protected boolean ready() {
            return arrived(0, 0);
        }
    }

    @Test
    void higherPriorityRunsFirstFifoWithinAPriority() {
        int[] prios = {0, 1, 5, 1, -2, 5, 3, 0};
        List<Integer> log = new ArrayList<>();
        // Task 0 yields once at the lowest priority, so the others wait before it wakes them all at once.
        Graph.builder(prios.length, id -> new Woken(id == 0 ? -10 : prios[id], log)).workers(1).build().run();
        assertEquals(List.of(2, 5, 6, 1, 3, 7, 4), log);
    }

    /** Negative priority: the task gives way at the end of each region even though it could go on. */
    static final class Regions extends Task {
        private final List<String> log;
        private final int prio;
        private int region;

        Regions(int prio, List<String> log) {
            this.prio = prio;
            this.log = log;
        }

        @Override
        protected void init() {
            priority(prio);
        }

        @Override
        protected Outcome execute() {
            while (region < 3) {
                region++;
                log.add((char) ('A' + id()) + "" + region);
                if (yieldAtRegionEnd()) {
                    return Outcome.YIELDED;
                }
            }
            return Outcome.FINISHED;
        }

        @Override
        protected boolean ready() {
            return true;
        }
    }

    /** arrivedCount counts the messages of a pair: a window that needs three messages fires on the third. */
    @Test
    void arrivedCountFiresOnTheThirdMessage() {
        List<String> log = new ArrayList<>();
        Graph.builder(2, id -> new Task() {
            private final int[] buf = new int[1];
            private int sent;

            @Override
            protected Outcome execute() {
                if (id() == 1) {
                    buf[0] = ++sent;
                    send(0, 4, buf, 0, 1);
                    log.add("sent " + sent);
                    return sent == 3 ? Outcome.FINISHED : Outcome.YIELDED;
                }
                if (!ready()) {
                    log.add("waits with " + arrivedCount(1, 4));
                    return Outcome.WAITING;
                }
                for (int i = 0; i < 3; i++) {
                    receive(1, 4, buf, 0, 1);
                }
                log.add("fired, last " + buf[0]);
                return Outcome.FINISHED;
            }

            @Override
            protected boolean ready() {
                return arrivedCount(1, 4) >= 3;
            }
        }).workers(1).build().run();
        assertEquals(List.of("waits with 0", "sent 1", "sent 2", "sent 3", "fired, last 3"), log);
    }

    @Test
    void negativePriorityYieldsAtRegionEnds() {
        List<String> log = new ArrayList<>();
        Graph.builder(3, id -> new Regions(id == 2 ? 0 : -1, log)).workers(1).build().run();
        // A and B yield after each region; C (priority 0) does not, and outranks them once they yielded.
        assertEquals(List.of("A1", "B1", "C1", "C2", "C3", "A2", "B2", "A3", "B3"), log);
    }

    @Test
    void yieldedTaskGoesToTheBackOfItsPriority() {
        List<String> log = new ArrayList<>();
        Graph.builder(3, id -> new Regions(-1, log)).workers(1).scheduler(Graph.Scheduler.WORK_STEALING).build().run();
        assertEquals(List.of("A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"), log);
    }
}
