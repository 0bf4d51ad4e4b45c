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
    void largeMessagesAcrossNodesTravelInChunks() {
        int[] rounds = new int[1];
        Graph.Result r = PingPong.graph(4, 50_000, round -> rounds[0] = round).nodes(2).chunkSize(4096)
                .bandwidth(4e9).build().run();
        assertEquals(4, rounds[0]);
        assertEquals(8L * 400_000, r.profile().bytes());
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
