package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.runtime.samples.Ring;
import bamboo.runtime.samples.Stencil1D;
import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.ThreadsJob;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Graphs that join an existing MPI world ({@link Graph.Builder#joinWorld()}): here the world is the
 * shim's threads device (one rank thread per node, each building and running the same graph), which
 * exercises the whole end-of-graph protocol in one JVM; the aeron device's processes run the same code
 * (tests in translator/cli).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WorldGraphTest {

    /** Runs {@code graph} on every rank of a world of {@code nodes}; returns each rank's outcome. */
    private static Object[] onWorld(int nodes, IntFunction<Graph.Builder> graph) {
        AtomicReferenceArray<Object> outcome = new AtomicReferenceArray<>(nodes);
        JobResult job = ThreadsJob.run(JobConfig.of(nodes), (rank, size) -> {
            try {
                outcome.set(rank, graph.apply(rank).joinWorld().build().run());
            } catch (GraphFailure f) {
                outcome.set(rank, f);
            }
        });
        assertTrue(job.succeeded(), job.toString());
        Object[] o = new Object[nodes];
        for (int r = 0; r < nodes; r++) {
            o[r] = outcome.get(r);
        }
        return o;
    }

    @Test
    void ringAcrossThreeNodesEndsOnEveryNode() {
        long[] result = new long[1];
        Object[] o = onWorld(3, rank -> Ring.graph(7, 20, result).workers(2));
        assertEquals(20L * 7, result[0]);
        long messages = 0;
        for (Object r : o) {
            assertInstanceOf(Graph.Result.class, r);
            messages += ((Graph.Result) r).profile().messages();
        }
        assertEquals(20L * 7, messages, "every hop counted once, by the node that sent it");
    }

    @Test
    void stencilOnAWorldMatchesSequential() {
        int n = 9;
        int cells = 5;
        double[] out = new double[n * cells];
        onWorld(3, rank -> Stencil1D.graph(n, cells, 30, out).workers(1));
        assertArrayEquals(Stencil1D.sequential(n * cells, 30), out, 0.0);
    }

    /** A message that reaches a node before its tasks exist waits for them (the handler starts after
     *  the tasks are created). */
    @Test
    void aMessageForANodeStillCreatingItsTasksWaitsForThem() {
        long[] result = new long[1];
        onWorld(2, rank -> Graph.builder(2, id -> {
            if (id == 1) {
                try {
                    Thread.sleep(300); // node 1 builds slowly while node 0's task sends to it at once
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return new Ring(3, result);
        }));
        assertEquals(6, result[0]);
    }

    @Test
    void aWorldOfOneNodeRunsEverything() {
        long[] result = new long[1];
        onWorld(1, rank -> Ring.graph(4, 5, result));
        assertEquals(20, result[0]);
    }

    @Test
    void aTaskThatThrowsStopsEveryNodeWithItsMessageReportedOnce() {
        Object[] o = onWorld(3, rank -> Graph.builder(6, id -> new FaultsTest.Fn(t -> {
            if (t.me() == 3) {
                throw new IllegalStateException("boom in task 3");
            }
            return Task.Outcome.WAITING; // the others wait for ever: only the failure ends the graph
        }, t -> false)));
        for (int r = 0; r < 3; r++) {
            GraphFailure f = assertInstanceOf(GraphFailure.class, o[r], "node " + r);
            assertEquals("task 3 failed: java.lang.IllegalStateException: boom in task 3", f.getMessage());
            assertEquals(3, f.taskId());
            assertEquals(r != 1, f.reportedElsewhere(), "only node 1 (tasks 2-3) reports it, node " + r);
        }
    }

    @Test
    void aDeadlockAcrossNodesIsReportedByNodeZeroWithEveryWaitingTask() {
        // Task 0 (node 0) and task 1 (node 1) each receive from the other before sending.
        Object[] o = onWorld(2, rank -> Graph.builder(2, id -> new FaultsTest.Fn(t -> {
            if (!t.has(1 - t.me(), 5)) {
                return Task.Outcome.WAITING;
            }
            t.take(1 - t.me(), 5);
            return Task.Outcome.FINISHED;
        }, t -> t.has(1 - t.me(), 5))));
        GraphDeadlock d = assertInstanceOf(GraphDeadlock.class, o[0]);
        assertFalse(d.reportedElsewhere());
        assertEquals("deadlock: 2 of 2 tasks wait and no message is in flight\n"
                + "  task 0 waits for (source 1, tag 5)\n"
                + "  task 1 waits for (source 0, tag 5)", d.getMessage());
        GraphDeadlock other = assertInstanceOf(GraphDeadlock.class, o[1]);
        assertTrue(other.reportedElsewhere());
        assertEquals(d.getMessage(), other.getMessage());
    }

    @Test
    void aLongComputationWhileOthersWaitIsNoDeadlock() {
        // Node 1's task computes for 400 ms (several deadlock waves) before it sends; node 0's waits.
        Object[] o = onWorld(2, rank -> Graph.builder(2, id -> new FaultsTest.Fn(t -> {
            if (t.me() == 1) {
                Thread.sleep(400);
                t.put(0, 1);
                return Task.Outcome.FINISHED;
            }
            if (!t.has(1, 1)) {
                return Task.Outcome.WAITING;
            }
            t.take(1, 1);
            return Task.Outcome.FINISHED;
        }, t -> t.has(1, 1))));
        assertInstanceOf(Graph.Result.class, o[0]);
        assertInstanceOf(Graph.Result.class, o[1]);
    }

    @Test
    void moreNodesThanTasksIsSaidByNodeZero() {
        Object[] o = onWorld(3, rank -> Ring.graph(2, 1, new long[1]));
        GraphFailure f0 = assertInstanceOf(GraphFailure.class, o[0]);
        assertEquals("a graph of 2 tasks cannot run on 3 processes: every process needs at least one task",
                f0.getMessage());
        assertFalse(f0.reportedElsewhere());
        assertTrue(assertInstanceOf(GraphFailure.class, o[2]).reportedElsewhere());
    }

    @Test
    void joinWorldOutsideAnMpiJobIsAClearError() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Ring.graph(2, 1, new long[1]).joinWorld().build().run());
        assertTrue(e.getMessage().contains("joinWorld() needs the calling thread to be a rank"), e.getMessage());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> Ring.graph(2, 1, new long[1]).joinWorld().nodes(2).build());
        assertTrue(bad.getMessage().contains("joinWorld() takes its nodes from the MPI world"), bad.getMessage());
    }
}
