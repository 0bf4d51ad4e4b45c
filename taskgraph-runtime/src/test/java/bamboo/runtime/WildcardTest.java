package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** ANY_SOURCE / ANY_TAG receives, wildcard firing rules and probes on real graphs (1 and 3 processes). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WildcardTest {
    private static final int[] TAGS = {10, 11, 12};

    /** Workers send three messages with three tags; the manager takes them with (ANY_SOURCE, ANY_TAG). */
    static final class ManagerWorker extends Task {
        final List<int[]> log = new ArrayList<>(); // (source, tag, count, first element) per receive
        private final int[] buf = new int[8];
        private int received;

        @Override
        protected Outcome execute() {
            if (id() != 0) {
                for (int k = 0; k < TAGS.length; k++) {
                    int n = 1 + (id() + k) % 4;
                    for (int i = 0; i < n; i++) {
                        buf[i] = 1000 * id() + k;
                    }
                    send(0, TAGS[k], buf, 0, n);
                }
                return Outcome.FINISHED;
            }
            while (received < TAGS.length * (numTasks() - 1)) {
                if (!arrived(ANY_SOURCE, ANY_TAG)) {
                    return Outcome.WAITING;
                }
                int n = receive(ANY_SOURCE, ANY_TAG, buf, 0, buf.length);
                assertEquals(n, lastCount());
                log.add(new int[] {lastSource(), lastTag(), n, buf[0]});
                received++;
            }
            return Outcome.FINISHED;
        }

        @Override
        protected boolean ready() {
            return arrived(ANY_SOURCE, ANY_TAG);
        }
    }

    @ParameterizedTest(name = "tasks={0} workers={1} nodes={2}")
    @CsvSource({"2,1,1", "9,1,1", "9,2,1", "9,2,3", "16,1,3"})
    void anySourceAnyTagKeepsEachSendersOrder(int tasks, int workers, int nodes) {
        List<ManagerWorker> all = new ArrayList<>();
        Graph.builder(tasks, id -> {
            ManagerWorker t = new ManagerWorker();
            all.add(t);
            return t;
        }).workers(workers).nodes(nodes).build().run();
        ManagerWorker manager = all.stream().filter(t -> t.taskId() == 0).findFirst().orElseThrow();
        int[] next = new int[tasks];
        for (int[] r : manager.log) {
            int src = r[0];
            int k = next[src]++;
            assertEquals(TAGS[k], r[1], "message " + k + " of task " + src + " overtaken");
            assertEquals(1 + (src + k) % 4, r[2]);
            assertEquals(1000 * src + k, r[3]);
        }
        for (int s = 1; s < tasks; s++) {
            assertEquals(TAGS.length, next[s], "messages from task " + s);
        }
    }

    /**
     * The firing rule counts any matching message: the gatherer fires when numTasks()-1 messages with tag 5
     * have arrived from anyone, then probes each (ANY_SOURCE) and receives exactly the probed message.
     */
    static final class Gather extends Task {
        final long[] sum = new long[1];
        final List<Integer> order = new ArrayList<>();
        private final long[] buf = new long[2];
        private boolean counted;

        @Override
        protected Outcome execute() {
            if (id() != 0) {
                buf[0] = id() * 7L;
                buf[1] = id();
                send(0, 99, buf, 0, 1); // another tag first: must not count
                send(0, 5, buf, 0, 2);
                return Outcome.FINISHED;
            }
            if (!ready()) {
                return Outcome.WAITING;
            }
            counted = true;
            for (int k = 0; k < numTasks() - 1; k++) {
                assertTrue(probe(ANY_SOURCE, 5));
                int src = lastSource();
                assertEquals(2, lastCount());
                receive(src, 5, buf, 0, 2);
                assertEquals(src, (int) buf[1]);
                order.add(src);
                sum[0] += buf[0];
            }
            return Outcome.FINISHED;
        }

        @Override
        protected boolean ready() {
            return arrivedCount(ANY_SOURCE, 5) >= numTasks() - 1;
        }
    }

    @ParameterizedTest(name = "tasks={0} workers={1} nodes={2}")
    @CsvSource({"2,1,1", "7,2,1", "7,1,3", "16,2,3"})
    void wildcardFiringRuleCountsAnyMatchingMessage(int tasks, int workers, int nodes) {
        List<Gather> all = new ArrayList<>();
        Graph.Result r = Graph.builder(tasks, id -> {
            Gather t = new Gather();
            all.add(t);
            return t;
        }).workers(workers).nodes(nodes).build().run();
        Gather g = all.stream().filter(t -> t.taskId() == 0).findFirst().orElseThrow();
        assertTrue(g.counted);
        long expected = 0;
        for (int s = 1; s < tasks; s++) {
            expected += 7L * s;
        }
        assertEquals(expected, g.sum[0]);
        assertEquals(tasks - 1, g.order.stream().distinct().count());
        assertEquals(tasks - 1, r.unreceivedMessages(), "the tag-99 messages stay unreceived");
    }

    /**
     * A rule with a wildcard and a specific receive of the same tag claims message by message: one
     * message from task 1 satisfies the wildcard but not both.
     */
    static final class Claims extends Task {
        final List<String> log = new ArrayList<>();
        private final int[] buf = new int[1];
        private int phase;

        @Override
        protected Outcome execute() {
            if (id() == 1) {
                if (phase++ == 0) {
                    buf[0] = 1;
                    send(0, 3, buf, 0, 1);
                    send(2, 0, buf, 0, 1); // tells task 2 to go on
                    return Outcome.YIELDED;
                }
                return Outcome.FINISHED;
            }
            if (id() == 2) {
                if (!arrived(1, 0)) {
                    return Outcome.WAITING;
                }
                receive(1, 0, buf, 0, 1);
                log.add("2 sends");
                buf[0] = 2;
                send(0, 3, buf, 0, 1);
                return Outcome.FINISHED;
            }
            if (!ready()) {
                log.add("0 waits");
                return Outcome.WAITING;
            }
            receive(ANY_SOURCE, 3, buf, 0, 1);
            log.add("0 got " + buf[0] + " from " + lastSource());
            receive(2, 3, buf, 0, 1);
            log.add("0 got " + buf[0] + " from " + lastSource());
            return Outcome.FINISHED;
        }

        @Override
        protected boolean ready() {
            unclaim();
            return claim(ANY_SOURCE, 3) && claim(2, 3);
        }
    }

    @Test
    void mixedWildcardAndSpecificRuleWaitsForBoth() {
        List<Claims> all = new ArrayList<>();
        Graph.builder(3, id -> {
            Claims t = new Claims();
            all.add(t);
            return t;
        }).workers(1).build().run();
        Claims zero = all.stream().filter(t -> t.taskId() == 0).findFirst().orElseThrow();
        assertArrayEquals(new String[] {"0 waits", "0 got 1 from 1", "0 got 2 from 2"},
                zero.log.stream().distinct().toArray(String[]::new));
    }

    /** A deadlock report names a wildcard as "any". */
    @Test
    void deadlockReportNamesWildcards() {
        GraphDeadlock d = org.junit.jupiter.api.Assertions.assertThrows(GraphDeadlock.class, () ->
                Graph.builder(1, id -> new Task() {
                    @Override
                    protected Outcome execute() {
                        return ready() ? Outcome.FINISHED : Outcome.WAITING;
                    }

                    @Override
                    protected boolean ready() {
                        return arrived(ANY_SOURCE, 4);
                    }
                }).build().run());
        assertTrue(d.getMessage().contains("(source any, tag 4)"), d.getMessage());
    }
}
