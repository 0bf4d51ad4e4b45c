package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Per-pair ratios: repeat i of one side over repeat i of the other, not the sorted values. */
class PairRatiosTest {

    @Test
    void ratiosAreTakenPairByPairInRunOrder() {
        // Sorted, both sides are {1, 2, 4}: the ratio of the medians is 1, but every pair says otherwise.
        PairRatios r = PairRatios.of(List.of(2.0, 4.0, 1.0), List.of(1.0, 2.0, 4.0));
        assertEquals(3, r.pairs());
        assertEquals(2.0, r.median(), 1e-12);
        assertEquals(0.25, r.min(), 1e-12);
        assertEquals(2.0, r.max(), 1e-12);
        assertEquals("2.00x [0.25-2.00]", r.format());
    }

    @Test
    void anEvenCountTakesTheMeanOfTheMiddleTwo() {
        PairRatios r = PairRatios.of(List.of(1.0, 3.0, 1.0, 1.0), List.of(1.0, 1.0, 2.0, 4.0));
        assertEquals(0.75, r.median(), 1e-12); // ratios 0.25, 0.5, 1, 3
    }

    @Test
    void aSideThatStoppedEarlyLimitsThePairs() {
        PairRatios r = PairRatios.of(List.of(1.0, 2.0, 3.0), List.of(2.0));
        assertEquals(1, r.pairs());
        assertEquals(0.5, r.median(), 1e-12);
    }

    @Test
    void noPairsNoFigures() {
        PairRatios r = PairRatios.of(List.of(), List.of(1.0));
        assertEquals(0, r.pairs());
        assertTrue(Double.isNaN(r.median()));
        assertEquals("-", r.format());
    }
}
