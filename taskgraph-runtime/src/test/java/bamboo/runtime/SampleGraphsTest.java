package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import bamboo.runtime.samples.BinomialReduce;
import bamboo.runtime.samples.PingPong;
import bamboo.runtime.samples.Ring;
import bamboo.runtime.samples.Stencil1D;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SampleGraphsTest {

    @ParameterizedTest(name = "ring of {0} tasks on {1} workers, {2}")
    @CsvSource({"1,1,SHARED_QUEUE", "2,1,SHARED_QUEUE", "7,2,SHARED_QUEUE", "16,3,WORK_STEALING", "5,4,WORK_STEALING"})
    void ringCountsEveryHop(int n, int workers, Graph.Scheduler scheduler) {
        long[] result = new long[1];
        int rounds = 50;
        Graph.Result r = Ring.graph(n, rounds, result).workers(workers).scheduler(scheduler).build().run();
        assertEquals((long) rounds * n, result[0]);
        assertEquals((long) rounds * n, r.profile().messages());
        assertEquals(0, r.unreceivedMessages());
    }

    @ParameterizedTest(name = "stencil: {0} tasks x {1} cells, {2} workers")
    @CsvSource({"1,10,1", "2,5,2", "4,16,2", "7,3,3", "16,8,4"})
    void stencilMatchesSequential(int n, int cells, int workers) {
        int iterations = 40;
        double[] out = new double[n * cells];
        Stencil1D.graph(n, cells, iterations, out).workers(workers).build().run();
        assertArrayEquals(Stencil1D.sequential(n * cells, iterations), out, 0.0);
    }

    @ParameterizedTest(name = "binomial reduction of {0} tasks, {1} workers")
    @CsvSource({"1,1", "2,2", "3,2", "8,2", "13,3", "33,4"})
    void binomialReductionSums(int n, int workers) {
        int rounds = 20;
        long[] sums = new long[rounds];
        BinomialReduce.graph(n, rounds, sums).workers(workers).scheduler(Graph.Scheduler.WORK_STEALING).build().run();
        for (int r = 0; r < rounds; r++) {
            assertEquals(BinomialReduce.expected(n, r), sums[r], "round " + r);
        }
    }

    @ParameterizedTest(name = "ping-pong of {0} longs, chunk {1}")
    @CsvSource({"1,64", "1000,64", "100000,65536", "70000,1024"})
    void pingPongLargeMessagesTravelInChunks(int elements, int chunk) {
        int[] rounds = new int[1];
        Graph.Result r = PingPong.graph(10, elements, round -> rounds[0] = round).workers(2).chunkSize(chunk)
                .build().run();
        assertEquals(10, rounds[0]);
        assertEquals(20L * elements * 8, r.profile().bytes());
    }
}
