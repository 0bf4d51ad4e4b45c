package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Deadlocks are reported with who waits for what; exceptions abort the graph with task id and cause. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class FaultsTest {

    /** A task built from lambdas, for short tests. */
    static class Fn extends Task {
        interface Body {
            Outcome run(Fn t) throws Exception;
        }

        final Body body;
        final java.util.function.Predicate<Fn> rule;
        final int[] buf = new int[8];
        int step;

        Fn(Body body, java.util.function.Predicate<Fn> rule) {
            this.body = body;
            this.rule = rule;
        }

        @Override
        protected Outcome execute() throws Exception {
            return body.run(this);
        }

        @Override
        protected boolean ready() {
            return rule.test(this);
        }

        int me() {
            return id();
        }

        int n() {
            return numTasks();
        }

        boolean has(int s, int tag) {
            return arrived(s, tag);
        }

        int take(int s, int tag) {
            return receive(s, tag, buf, 0, buf.length);
        }

        void put(int d, int tag) {
            send(d, tag, buf, 0, 1);
        }
    }

    private static Graph.Result run(int n, int workers, IntFunction<Task> f) {
        return Graph.builder(n, f).workers(workers).build().run();
    }

    @Test
    void receiveBeforeSendDeadlockIsReported() {
        // Each task receives from the other before sending: the classic head-to-head deadlock.
        long t0 = System.nanoTime();
        GraphDeadlock d = assertThrows(GraphDeadlock.class, () -> run(2, 2, id -> new Fn(t -> {
            if (!t.ready()) {
                return Task.Outcome.WAITING;
            }
            t.take(1 - t.me(), 5);
            t.put(1 - t.me(), 5);
            return Task.Outcome.FINISHED;
        }, t -> t.has(1 - t.me(), 5))));
        assertTrue(System.nanoTime() - t0 < 1_000_000_000L, "reported within a second");
        assertEquals(-1, d.taskId());
        assertEquals(2, d.waiting().size());
        assertEquals(List.of(new MessageKey(1, 5)), d.waiting().get(0).waitsFor());
        assertEquals(List.of(new MessageKey(0, 5)), d.waiting().get(1).waitsFor());
        assertTrue(d.getMessage().startsWith("deadlock: 2 of 2 tasks wait"), d.getMessage());
        assertTrue(d.getMessage().contains("task 0 waits for (source 1, tag 5)"), d.getMessage());
    }

    @Test
    void deadlockReportNamesHeldMessagesAndExplicitDescription() {
        // Task 1 sends with tag 2 but task 0 waits for tag 3; task 0 also describes its wait itself.
        GraphDeadlock d = assertThrows(GraphDeadlock.class, () -> run(2, 1, id -> {
            if (id == 1) {
                return new Fn(t -> {
                    t.put(0, 2);
                    return Task.Outcome.FINISHED;
                }, t -> true);
            }
            return new Fn(t -> t.ready() ? Task.Outcome.FINISHED : Task.Outcome.WAITING, t -> t.has(1, 3)) {
                @Override
                protected void waitingFor(WaitDescription w) {
                    w.message(1, 3).note("region at Example.java:12");
                }
            };
        }));
        GraphDeadlock.WaitingTask w = d.waiting().get(0);
        assertEquals(0, w.task());
        assertEquals(List.of(new MessageKey(1, 3)), w.waitsFor());
        assertEquals(List.of(new MessageKey(1, 2)), w.holds());
        assertTrue(d.getMessage().contains("[region at Example.java:12]"), d.getMessage());
        assertTrue(d.getMessage().contains("holds unreceived (source 1, tag 2)"), d.getMessage());
    }

    @Test
    void partialDeadlockAmongFinishedTasks() {
        // Tasks 1..5 finish; task 0 waits for a message nobody sends.
        GraphDeadlock d = assertThrows(GraphDeadlock.class, () -> run(6, 3, id -> new Fn(t -> {
            if (t.me() != 0) {
                return Task.Outcome.FINISHED;
            }
            return t.ready() ? Task.Outcome.FINISHED : Task.Outcome.WAITING;
        }, t -> t.has(4, 9))));
        assertTrue(d.getMessage().startsWith("deadlock: 1 of 6 tasks wait"), d.getMessage());
        assertEquals(List.of(new MessageKey(4, 9)), d.waiting().get(0).waitsFor());
    }

    @Test
    void exceptionInExecuteAbortsWithTaskIdAndCause() {
        GraphFailure f = assertThrows(GraphFailure.class, () -> run(8, 2, id -> new Fn(t -> {
            if (t.me() == 5) {
                throw new IllegalStateException("boom");
            }
            // The others wait forever: the failure must still end the run at once.
            return t.ready() ? Task.Outcome.FINISHED : Task.Outcome.WAITING;
        }, t -> t.has(5, 0))));
        assertEquals(5, f.taskId());
        assertInstanceOf(IllegalStateException.class, f.getCause());
        assertEquals("task 5 failed: java.lang.IllegalStateException: boom", f.getMessage());
    }

    @Test
    void exceptionInInitAborts() {
        GraphFailure f = assertThrows(GraphFailure.class, () -> run(3, 1, id -> new Task() {
            @Override
            protected void init() throws Exception {
                if (id() == 2) {
                    throw new java.io.IOException("no input file");
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
        }));
        assertEquals(2, f.taskId());
        assertTrue(f.getMessage().contains("java.io.IOException: no input file"));
    }

    @Test
    void exceptionInFiringRuleEvaluatedByTheSenderIsTheReceiversFault() {
        GraphFailure f = assertThrows(GraphFailure.class, () -> run(2, 1, id -> new Fn(t -> {
            if (t.me() == 1) {
                t.put(0, 0);
                return Task.Outcome.FINISHED;
            }
            return t.step++ == 0 ? Task.Outcome.WAITING : Task.Outcome.FINISHED;
        }, t -> {
            if (t.has(1, 0)) {
                throw new ArithmeticException("bad rule");
            }
            return false;
        })));
        assertEquals(0, f.taskId());
        assertInstanceOf(ArithmeticException.class, f.getCause());
    }

    @Test
    void misuseOfTheApiIsAFailureWithAClearMessage() {
        GraphFailure f = assertThrows(GraphFailure.class, () -> run(2, 1, id -> new Fn(t -> {
            t.take(1 - t.me(), 0);
            return Task.Outcome.FINISHED;
        }, t -> true)));
        assertTrue(f.getCause().getMessage().contains("receive(source=1, tag=0): no such message has arrived"),
                f.getCause().getMessage());

        f = assertThrows(GraphFailure.class, () -> run(2, 1, id -> new Fn(t -> {
            t.put(7, 0);
            return Task.Outcome.FINISHED;
        }, t -> true)));
        assertEquals("send(dest=7, tag=0): dest out of range 0..1", f.getCause().getMessage());

        f = assertThrows(GraphFailure.class, () -> run(1, 1, id -> new Fn(t -> null, t -> true)));
        assertTrue(f.getMessage().contains("execute() returned null"));

        f = assertThrows(GraphFailure.class, () -> run(2, 1, id -> new Fn(t -> {
            if (t.me() == 0) {
                t.send(1, 0, new double[3], 0, 3);
                return Task.Outcome.FINISHED;
            }
            if (!t.has(0, 0)) {
                return Task.Outcome.WAITING;
            }
            t.receive(0, 0, new double[2], 0, 2);
            return Task.Outcome.FINISHED;
        }, t -> t.has(0, 0))));
        assertEquals(1, f.taskId());
        assertEquals("receive(source=0, tag=0): the message has 3 elements, more than count=2", f.getCause().getMessage());

        f = assertThrows(GraphFailure.class, () -> run(2, 1, id -> new Fn(t -> {
            t.send(1, 0, "not an array", 0, 1);
            return Task.Outcome.FINISHED;
        }, t -> true)));
        assertTrue(f.getCause().getMessage().contains("buf must be a primitive array or Object[], got java.lang.String"));
    }

    @Test
    void factoryProblemsAreReported() {
        GraphFailure f = assertThrows(GraphFailure.class, () -> run(3, 1, id -> id == 1 ? null : new Fn(t -> Task.Outcome.FINISHED, t -> true)));
        assertEquals(1, f.taskId());
        Fn shared = new Fn(t -> Task.Outcome.FINISHED, t -> true);
        f = assertThrows(GraphFailure.class, () -> run(2, 1, id -> shared));
        assertTrue(f.getMessage().contains("same Task object for ids 0 and 1"), f.getMessage());
    }

    @Test
    void builderRejectsBadArguments() {
        assertEquals("Graph.builder: numTasks must be >= 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> Graph.builder(0, id -> null)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> Graph.builder(2, id -> null).workers(0));
        assertThrows(IllegalArgumentException.class, () -> Graph.builder(2, id -> null).chunkSize(1000));
        assertThrows(IllegalArgumentException.class, () -> Graph.builder(2, id -> null).latency(-1));
        assertThrows(IllegalArgumentException.class, () -> Graph.builder(2, id -> null).bandwidth(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> Graph.builder(2, id -> null).nodes(3).build());
        Graph g = Graph.builder(1, id -> new Fn(t -> Task.Outcome.FINISHED, t -> true)).build();
        g.run();
        assertThrows(IllegalStateException.class, g::run);
    }
}
