package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.runtime.samples.BinomialReduce;
import bamboo.runtime.samples.PingPong;
import bamboo.runtime.samples.Ring;
import bamboo.runtime.samples.Stencil1D;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Several runtime processes as ranks of the shim's threads device, with its simulated interconnect. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class MultiNodeTest {

    @ParameterizedTest(name = "ring: {0} tasks on {1} nodes x {2} workers")
    @CsvSource({"2,2,1", "7,3,2", "16,4,1"})
    void ringAcrossNodes(int n, int nodes, int workers) {
        long[] result = new long[1];
        Graph.Result r = Ring.graph(n, 20, result).nodes(nodes).workers(workers).latency(5_000).build().run();
        assertEquals(20L * n, result[0]);
        assertEquals(20L * n, r.profile().messages());
        long forwarded = r.profile().threads().stream().filter(Profile.ThreadProfile::handler)
                .mapToLong(Profile.ThreadProfile::messagesSent).sum();
        assertEquals(20L * nodes, forwarded, "one hop per node boundary per round");
    }

    @ParameterizedTest(name = "stencil: {0} tasks on {1} nodes")
    @CsvSource({"4,2", "9,3"})
    void stencilAcrossNodesMatchesSequential(int n, int nodes) {
        int cells = 6;
        double[] out = new double[n * cells];
        Stencil1D.graph(n, cells, 25, out).nodes(nodes).workers(2).latency(2_000).bandwidth(1e9).build().run();
        assertArrayEquals(Stencil1D.sequential(n * cells, 25), out, 0.0);
    }

    @Test
    void reductionAcrossNodes() {
        long[] sums = new long[5];
        BinomialReduce.graph(13, 5, sums).nodes(3).workers(1).build().run();
        for (int r = 0; r < 5; r++) {
            assertEquals(BinomialReduce.expected(13, r), sums[r]);
        }
    }

    @Test
    void largeMessagesAcrossNodes() {
        // Larger than the chunk size: locally a chain of chunks; between processes one shim message.
        int[] rounds = new int[1];
        Graph.Result r = PingPong.graph(4, 50_000, round -> rounds[0] = round).nodes(2).chunkSize(4096)
                .bandwidth(4e9).build().run();
        assertEquals(4, rounds[0]);
        assertEquals(8L * 400_000, r.profile().bytes());
    }

    /** Sends one message of every element kind to task 1 (the other process) from a slice of its buffer,
     *  overwriting the buffer right after each send; task 1 checks what arrives. */
    static final class EveryKind extends Task {
        static final int N = 70_000; // past the chunk size and the shim's eager limit for the wider kinds
        private int step;

        static Object buffer(int kind, int n) {
            return switch (kind) {
                case 0 -> new byte[n];
                case 1 -> new boolean[n];
                case 2 -> new char[n];
                case 3 -> new short[n];
                case 4 -> new int[n];
                case 5 -> new float[n];
                case 6 -> new long[n];
                case 7 -> new double[n];
                default -> new Object[n];
            };
        }

        static void fill(Object a, int from, int n, int salt) {
            for (int i = 0; i < n; i++) {
                int v = i * 31 + salt;
                if (a instanceof byte[] b) {
                    b[from + i] = (byte) v;
                } else if (a instanceof boolean[] b) {
                    b[from + i] = (v & 1) == 1;
                } else if (a instanceof char[] c) {
                    c[from + i] = (char) v;
                } else if (a instanceof short[] h) {
                    h[from + i] = (short) v;
                } else if (a instanceof int[] x) {
                    x[from + i] = v;
                } else if (a instanceof float[] f) {
                    f[from + i] = v;
                } else if (a instanceof long[] l) {
                    l[from + i] = (long) v << 20;
                } else if (a instanceof double[] d) {
                    d[from + i] = v / 3.0;
                } else {
                    ((Object[]) a)[from + i] = "s" + v;
                }
            }
        }

        @Override
        protected Outcome execute() {
            if (id() == 0) {
                for (int kind = 0; kind <= 8; kind++) {
                    int n = kind == 8 ? 100 : N;
                    Object buf = buffer(kind, n + 10);
                    fill(buf, 5, n, kind);
                    send(1, kind, buf, 5, n);
                    fill(buf, 0, n + 10, kind + 1); // the task may reuse its buffer at once
                }
                return Outcome.FINISHED;
            }
            while (step <= 8) {
                if (!arrived(0, step)) {
                    return Outcome.WAITING;
                }
                int n = step == 8 ? 100 : N;
                Object got = buffer(step, n + 3);
                assertEquals(n, receive(0, step, got, 3, n));
                Object want = buffer(step, n + 3);
                fill(want, 3, n, step);
                if (got instanceof Object[] o) {
                    assertArrayEquals((Object[]) want, o, "kind " + step);
                } else {
                    assertTrue(java.util.Objects.deepEquals(want, got), "payload of kind " + step + " differs");
                }
                step++;
            }
            return Outcome.FINISHED;
        }

        @Override
        protected boolean ready() {
            return arrived(0, step);
        }
    }

    @Test
    void remotePayloadsOfEveryKindArriveIntact() {
        Graph.Result r = Graph.builder(2, id -> new EveryKind()).nodes(2).build().run();
        assertEquals(0, r.unreceivedMessages());
    }

    /** A worker stays bound to its rank across remote sends: binding and unbinding per send would cost a
     *  thread-local entry per message. */
    @Test
    void workersStayBoundToTheirRankAcrossRemoteSends() {
        Object[] seen = new Object[3];
        Graph.builder(2, id -> new FaultsTest.Fn(t -> {
            if (t.me() == 1) { // answers task 0's first message, then takes the rest
                if (t.step == 0) {
                    if (!t.has(0, 0)) {
                        return Task.Outcome.WAITING;
                    }
                    t.take(0, 0);
                    t.put(0, 9);
                    t.step = 1;
                }
                return t.has(0, 3) ? Task.Outcome.FINISHED : Task.Outcome.WAITING;
            }
            if (t.step == 0) {
                t.put(1, 0);
                t.step = 1;
            }
            if (!t.has(1, 9)) {
                return Task.Outcome.WAITING;
            }
            // The reply came through the shim, so this process's rank is up: the sends below go out at once.
            t.take(1, 9);
            for (int i = 1; i <= 3; i++) {
                t.put(1, i);
                seen[i - 1] = bamboo.shim.engine.Binding.current();
            }
            return Task.Outcome.FINISHED;
        }, t -> t.me() == 0 ? t.has(1, 9) : t.has(0, t.step == 0 ? 0 : 3))).nodes(2).workers(1).build().run();
        assertTrue(seen[0] != null, "bound after the first send");
        assertTrue(seen[0] == seen[1] && seen[1] == seen[2], "the same rank after every send");
    }

    @Test
    void stressAcrossNodesKeepsOrderAndLosesNothing() {
        for (long seed = 11; seed <= 13; seed++) {
            int n = 20;
            StressTest.Plan plan = new StressTest.Plan(seed, n, 8, 4);
            AtomicLong received = new AtomicLong();
            long s = seed;
            Graph.Result r = Graph.builder(n, id -> new StressTest.Worker(plan, s * 1000 + id, received))
                    .nodes(3).workers(2).chunkSize(256).latency(3_000).build().run();
            assertEquals(plan.total, received.get());
            assertEquals(0, r.unreceivedMessages());
        }
    }

    @Test
    void deadlockAcrossNodesIsReported() {
        // Task 0 (node 0) and task 3 (node 1) each wait for the other first.
        GraphDeadlock d = assertThrows(GraphDeadlock.class, () -> Graph.builder(4, id -> new FaultsTest.Fn(t -> {
            if (t.me() != 0 && t.me() != 3) {
                return Task.Outcome.FINISHED;
            }
            if (!t.ready()) {
                return Task.Outcome.WAITING;
            }
            return Task.Outcome.FINISHED;
        }, t -> t.has(3 - t.me(), 1))).nodes(2).latency(1_000).build().run());
        assertEquals(List.of(0, 3), d.waiting().stream().map(GraphDeadlock.WaitingTask::task).toList());
        assertTrue(d.getMessage().contains("task 3 waits for (source 0, tag 1)"), d.getMessage());
    }

    @Test
    void exceptionOnAnotherNodeAbortsTheGraph() {
        GraphFailure f = assertThrows(GraphFailure.class, () -> Graph.builder(6, id -> new FaultsTest.Fn(t -> {
            if (t.me() == 5) {
                throw new IllegalStateException("node 2 fails");
            }
            return t.ready() ? Task.Outcome.FINISHED : Task.Outcome.WAITING;
        }, t -> t.has(5, 0))).nodes(3).build().run());
        assertEquals(5, f.taskId());
    }

    @Test
    void traceHasALanePerWorkerAndHandlerOfEveryNode(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("t.json");
        Ring.graph(4, 3, new long[1]).nodes(2).workers(2).trace(file).build().run();
        String json = Files.readString(file);
        for (int node = 0; node < 2; node++) {
            assertTrue(json.contains("\"pid\":" + node + ",\"tid\":2,\"args\":{\"name\":\"handler\"}"), json);
            assertTrue(json.contains("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":" + node));
        }
        assertTrue(json.contains("send for task 2"));
        assertTrue(json.contains("inject to task 0"));
    }
}
