package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random message patterns between many tasks on several workers, with random delays, random sizes (some
 * much larger than the chunk size) and random yields. Each message carries (source, dest, tag, index per
 * (source, dest, tag), phase); receivers check every one in order, so a lost, duplicated or reordered
 * message fails the test.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class StressTest {

    /** Planned receive: from source with tag, the index-th message of that pair. */
    public record Expect(int source, int tag, int index) {
    }

    /** Planned send. */
    record Send(int dest, int tag, int index, int length) {
    }

    static final class Plan {
        final List<List<List<Send>>> sends = new ArrayList<>();    // [task][phase] -> sends
        final List<List<List<Expect>>> receives = new ArrayList<>(); // [task][phase] -> receives
        long total;

        Plan(long seed, int n, int phases, int maxPerPhase) {
            Random rnd = new Random(seed);
            for (int t = 0; t < n; t++) {
                sends.add(new ArrayList<>());
                receives.add(new ArrayList<>());
                for (int p = 0; p < phases; p++) {
                    sends.get(t).add(new ArrayList<>());
                    receives.get(t).add(new ArrayList<>());
                }
            }
            int[][][] counters = new int[n][n][4];
            for (int p = 0; p < phases; p++) {
                for (int s = 0; s < n; s++) {
                    int k = rnd.nextInt(maxPerPhase + 1);
                    for (int i = 0; i < k; i++) {
                        int d = rnd.nextInt(n);
                        int tag = rnd.nextInt(4);
                        int len = rnd.nextInt(10) == 0 ? 5 + rnd.nextInt(3000) : 5 + rnd.nextInt(8);
                        int idx = counters[s][d][tag]++;
                        sends.get(s).get(p).add(new Send(d, tag, idx, len));
                        receives.get(d).get(p).add(new Expect(s, tag, idx));
                        total++;
                    }
                }
                // Each receiver takes its phase's messages in a random order that keeps the per-pair order.
                for (int d = 0; d < n; d++) {
                    List<Expect> list = receives.get(d).get(p);
                    Collections.shuffle(list, rnd);
                    fixPairOrder(list);
                }
            }
        }

        /** Shuffled lists may put a pair's messages out of order: rewrite indices per pair in list order. */
        private static void fixPairOrder(List<Expect> list) {
            java.util.Map<Long, List<Integer>> idx = new java.util.HashMap<>();
            for (Expect e : list) {
                idx.computeIfAbsent(((long) e.source() << 32) | e.tag(), k -> new ArrayList<>()).add(e.index());
            }
            idx.values().forEach(Collections::sort);
            java.util.Map<Long, Integer> used = new java.util.HashMap<>();
            for (int i = 0; i < list.size(); i++) {
                Expect e = list.get(i);
                long key = ((long) e.source() << 32) | e.tag();
                int u = used.merge(key, 1, Integer::sum) - 1;
                list.set(i, new Expect(e.source(), e.tag(), idx.get(key).get(u)));
            }
        }
    }

    static final class Worker extends Task {
        private final Plan plan;
        private final Random rnd;
        private final AtomicLong received;
        private final int[] buf = new int[4000];
        private int phase;
        private int next;
        private boolean sent;

        Worker(Plan plan, long seed, AtomicLong received) {
            this.plan = plan;
            this.rnd = new Random(seed);
            this.received = received;
        }

        @Override
        protected Outcome execute() {
            List<List<Send>> mySends = plan.sends.get(id());
            List<List<Expect>> myReceives = plan.receives.get(id());
            while (phase < mySends.size()) {
                if (!sent) {
                    for (Send s : mySends.get(phase)) {
                        int[] payload = new int[s.length()];
                        payload[0] = id();
                        payload[1] = s.dest();
                        payload[2] = s.tag();
                        payload[3] = s.index();
                        payload[4] = phase;
                        for (int i = 5; i < payload.length; i++) {
                            payload[i] = payload[3] * 31 + i;
                        }
                        send(s.dest(), s.tag(), payload, 0, payload.length);
                    }
                    sent = true;
                    if (rnd.nextInt(8) == 0) {
                        return Outcome.YIELDED;
                    }
                }
                List<Expect> expects = myReceives.get(phase);
                while (next < expects.size()) {
                    if (!ready()) {
                        delay();
                        return Outcome.WAITING;
                    }
                    Expect e = expects.get(next);
                    int n = receive(e.source(), e.tag(), buf, 0, buf.length);
                    check(n >= 5, "short message");
                    check(buf[0] == e.source() && buf[1] == id() && buf[2] == e.tag(), "wrong header");
                    check(buf[3] == e.index(), "out of order: got index " + buf[3] + ", expected " + e.index()
                            + " from " + e.source() + " tag " + e.tag());
                    check(buf[4] == phase, "wrong phase");
                    for (int i = 5; i < n; i++) {
                        check(buf[i] == buf[3] * 31 + i, "corrupt payload");
                    }
                    received.incrementAndGet();
                    next++;
                }
                phase++;
                next = 0;
                sent = false;
                delay();
            }
            return Outcome.FINISHED;
        }

        private void delay() {
            int r = rnd.nextInt(50);
            if (r == 0) {
                LockSupport.parkNanos(200_000);
            } else if (r < 10) {
                long until = System.nanoTime() + rnd.nextInt(20_000);
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            }
        }

        private static void check(boolean ok, String what) {
            if (!ok) {
                throw new AssertionError(what);
            }
        }

        @Override
        protected boolean ready() {
            Expect e = plan.receives.get(id()).get(phase).get(next);
            return arrived(e.source(), e.tag());
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void everyMessageArrivesExactlyOnceInOrder(long seed) {
        int n = 24 + (int) (seed * 7 % 40);
        Plan plan = new Plan(seed, n, 20, 6);
        AtomicLong received = new AtomicLong();
        Graph.Result r = Graph.builder(n, id -> new Worker(plan, seed * 1000 + id, received))
                .workers(2 + (int) (seed % 3))
                .chunkSize(256)
                .scheduler(seed % 2 == 0 ? Graph.Scheduler.SHARED_QUEUE : Graph.Scheduler.WORK_STEALING)
                .build().run();
        assertEquals(plan.total, received.get());
        assertEquals(plan.total, r.profile().messages());
        assertEquals(0, r.unreceivedMessages());
    }
}
