package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ThreadStatsTest {
    /**
     * Regression: queue waits and message latencies shared one sampling counter, and a worker whose calls
     * alternate (send, schedule, send, ...) put every sample on the schedules: ProfilerTest then saw no
     * latency sampled at all in some runs.
     */
    @Test
    void messageLatencySamplesAreNotStarvedByAlternatingQueueSamples() {
        ThreadStats s = new ThreadStats("worker 0", false);
        int sends = 0;
        int waits = 0;
        for (int i = 0; i < 4 * ThreadStats.SAMPLE; i++) {
            if (s.sampleSend()) {
                sends++;
            }
            if (s.sample()) {
                waits++;
            }
        }
        assertEquals(4, sends);
        assertEquals(4, waits);
    }
}
