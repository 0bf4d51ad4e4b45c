package bamboo.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The demo's calibration of its interconnect: pure arithmetic on measured medians, no runs. */
class CalibrationTest {

    @Test
    void theFirstGuessScalesTheModelledExchangeToTheComputation() {
        // One sweep computes in 1.5 ms; the base interconnect costs 0.25 ms + 8*128^2 B / 200 MB/s = 0.905 ms.
        assertEquals(1.5 / 0.90536, Calibration.scale(1.5e-3, 0.5, 128, 250_000, 200e6), 1e-3);
        // a third of the time: half the compute time
        assertEquals(0.75 / 0.90536, Calibration.scale(1.5e-3, 1.0 / 3, 128, 250_000, 200e6), 1e-3);
    }

    @Test
    void oneStepScalesInProportionToTheCommunicationMissing() {
        // basic 0.50 s, bound 0.40 s: 0.10 s of communication where 0.40 s (half of 0.80) is wanted
        double wanted = Calibration.wantedComm(0.40, 0.5);
        assertEquals(0.40, wanted, 1e-12);
        assertEquals(4.0, Calibration.next(new double[] {1.0}, new double[] {0.10}, wanted), 1e-12);
    }

    @Test
    void twoStepsFitAnOffsetThatDoesNotScale() {
        // communication = 0.05 + 0.10 * scale: 0.15 s at 1, 0.35 s at 3; 0.40 s is reached at 3.5
        double next = Calibration.next(new double[] {1, 3}, new double[] {0.15, 0.35}, 0.40);
        assertEquals(3.5, next, 1e-12);
    }

    @Test
    void noisyStepsThatContradictTheTrendFallBackToTheLastStep() {
        // more scale measured less communication: no line to trust, so the last step's proportion
        double next = Calibration.next(new double[] {1, 2}, new double[] {0.30, 0.20}, 0.40);
        assertEquals(4.0, next, 1e-12);
    }

    @Test
    void aStepNeverMovesTheScaleMoreThanFourfold() {
        assertEquals(4.0, Calibration.next(new double[] {1}, new double[] {0.01}, 1.0), 1e-12);
        assertEquals(0.25, Calibration.next(new double[] {1}, new double[] {1.0}, 0.01), 1e-12);
        // no communication seen at all: as far up as one step goes
        assertEquals(4.0, Calibration.next(new double[] {1}, new double[] {-0.02}, 0.4), 1e-12);
    }

    @Test
    void onTargetWithinTwoAndAHalfPoints() {
        assertEquals(0.48, Calibration.measuredShare(1.00, 0.52), 1e-12);
        assertTrue(Calibration.onTarget(1.00, 0.52, 0.50));
        assertTrue(Calibration.onTarget(1.00, 0.48, 0.50));
        assertFalse(Calibration.onTarget(1.00, 0.53, 0.50));
        assertFalse(Calibration.onTarget(1.00, 0.47, 0.50));
    }

    @Test
    void theStepClosestToTheShareIsKept() {
        assertEquals(2, Calibration.closest(new double[] {0.34, 0.61, 0.45, 0.60}, 0.50));
        assertEquals(0, Calibration.closest(new double[] {0.50}, 0.50));
    }

    @Test
    void theInterconnectOfAScaleIsWhatItsReportPrints() {
        assertEquals(500_000, DemoCommand.latencyNanos(2.0));
        assertEquals(1000, DemoCommand.latencyNanos(1e-9)); // never below a microsecond
        assertEquals(66.7e6, DemoCommand.bandwidth(3.0), 1);
    }
}
