package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.runtime.samples.Ring;
import bamboo.runtime.samples.Stencil1D;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The idle decision of workers and handlers: busy-wait (spin, yield) only while the runtime's threads that
 * want a core fit on the cores, else park at once. Core counts and competing threads are injected
 * ({@link CoreShare} of a test's own), so every expectation is exact; nothing here is timed.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IdleDecisionTest {

    @ParameterizedTest(name = "{0} wanting on {1} cores: spin {2}")
    @CsvSource({"1,1,true", "2,1,false", "1,2,true", "2,2,true", "3,2,false", "8,2,false", "16,16,true",
        "17,16,false"})
    void spinsOnlyWhenEveryThreadThatWantsACoreHasOne(int wanting, int cores, boolean spin) {
        assertEquals(spin, CoreShare.maySpin(wanting, cores));
    }

    @Test
    void coreShareCountsThreadsAsTheyComeAndGo() {
        CoreShare share = new CoreShare(2);
        share.want();
        share.want();
        assertTrue(share.spare(), "two threads on two cores");
        share.want();
        assertFalse(share.spare(), "three threads on two cores");
        share.release();
        assertTrue(share.spare());
        assertEquals(2, share.wanting());
    }

    @Test
    void coreShareRejectsNoCores() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new CoreShare(0));
        assertEquals("CoreShare: cores must be >= 1, got 0", e.getMessage());
    }

    /** A worker on one core while another thread computes: it parks at once, neither spinning nor yielding. */
    @Test
    void workerParksAtOnceWhenNoCoreIsSpare() {
        CoreShare share = new CoreShare(1);
        ThreadStats stats = new ThreadStats("w", false);
        WorkerIdler idler = idler(share, stats, 200, 20);
        idler.started();
        share.want(); // another thread computing
        idler.idle(0);
        assertEquals(1, stats.parks);
        assertEquals(0, stats.yields);
        assertEquals(2, share.wanting(), "counted again after the park");
        idler.finish();
        assertEquals(1, share.wanting(), "a finished worker no longer counts");
    }

    /** With a core spare: spins first, then yields, then parks (the behaviour of a machine with spare cores). */
    @Test
    void workerSpinsThenYieldsThenParksWhenACoreIsSpare() {
        CoreShare share = new CoreShare(2);
        ThreadStats stats = new ThreadStats("w", false);
        WorkerIdler idler = idler(share, stats, 3, 2);
        idler.started();
        share.want(); // one other thread: two on two cores
        for (int i = 0; i < 3; i++) {
            idler.idle(0);
        }
        assertEquals(0, stats.parks, "spinning");
        assertEquals(0, stats.yields);
        idler.idle(0);
        idler.idle(0);
        assertEquals(2, stats.yields);
        assertEquals(0, stats.parks);
        idler.idle(0);
        assertEquals(1, stats.parks);
        idler.finish();
    }

    /** Another thread wakes while this one spins: it stops spinning and parks. */
    @Test
    void workerStopsSpinningWhenTheCoresFillUp() {
        CoreShare share = new CoreShare(2);
        ThreadStats stats = new ThreadStats("w", false);
        WorkerIdler idler = idler(share, stats, 100, 20);
        idler.started();
        idler.idle(0);
        idler.idle(0);
        assertEquals(0, stats.parks);
        share.want();
        share.want(); // two others start computing: three on two cores
        idler.idle(0);
        assertEquals(1, stats.parks);
        assertEquals(0, stats.yields);
        idler.finish();
    }

    @Test
    void handlerParksAtOnceWhenNoCoreIsSpareAndBacksOffOtherwise() {
        CoreShare share = new CoreShare(1);
        ThreadStats stats = new ThreadStats("h", true);
        HandlerIdler idler = new HandlerIdler(stats, 2_000, share, null);
        idler.started();
        idler.idle(0);
        assertEquals(0, stats.parks, "alone on the core: spins");
        share.want();
        idler.idle(0);
        assertEquals(1, stats.parks, "another thread wants the core: parks");
        assertEquals(0, stats.yields);
        assertEquals(2, share.wanting());
        share.release();
        for (int i = 0; i < HandlerIdler.SPINS + HandlerIdler.YIELDS; i++) {
            idler.idle(0);
        }
        assertEquals(HandlerIdler.YIELDS, stats.yields, "spare core again: the rest of the spins, then the yields");
        idler.finish();
        assertEquals(0, share.wanting());
    }

    /**
     * Whole graphs with more of the runtime's threads than (injected) cores, across processes and within
     * one: the results are right, the idle threads parked instead of yielding, and every thread that
     * counted itself in the share released it when the run ended.
     */
    @Test
    void graphsRunRightWithMoreThreadsThanCores() {
        CoreShare share = new CoreShare(1);
        long[] result = new long[1];
        Graph.Result r = Ring.graph(16, 30, result).nodes(4).workers(2).latency(20_000).coreShare(share)
                .build().run();
        assertEquals(30L * 16, result[0]);
        int cells = 5;
        double[] out = new double[9 * cells];
        Stencil1D.graph(9, cells, 20, out).workers(3).coreShare(share).build().run();
        assertArrayEquals(Stencil1D.sequential(9 * cells, 20), out, 0.0);
        assertEquals(0, share.wanting(), "every worker and handler released its core when it stopped");
        assertTrue(r.profile().parks() > 0, "idle threads parked: " + r.profile().summary());
    }

    private static WorkerIdler idler(CoreShare share, ThreadStats stats, int spins, int yields) {
        return new WorkerIdler(new Parking(1), new SharedRunQueue(), stats, 0, spins, yields, 1_000, null, share, null);
    }
}
