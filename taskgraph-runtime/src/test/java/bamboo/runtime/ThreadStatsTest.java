package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ThreadStatsTest {
    /**
     * Queue waits and message latencies are sampled by counters of their own: with one shared counter, a
     * worker whose calls alternate (send, schedule, send, ...) would put every sample on the schedules and
     * sample no latency at all.
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
