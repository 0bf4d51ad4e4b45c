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
    void roundsWhoseSharesAllFellShortScaleUpToTheShareTheirMediansMiss() {
        // bound 0.40 s: 42% wants 0.2897 s of communication; the rounds' medians give 0.50 - 0.40 = 0.10 s
        double[] basic = {0.50, 0.49, 0.51}, bound = {0.40, 0.40, 0.41};
        assertEquals(1.5, Calibration.refit(1.0, basic, bound, 0.42), 1e-12); // 2.9x asked, at most 1.5x
        double[] closer = {0.60, 0.61, 0.62}, itsBound = {0.40, 0.40, 0.40};
        // 0.61 - 0.40 = 0.21 s against 0.2897 s wanted
        assertEquals(2.0 * 0.4 * 0.42 / 0.58 / 0.21, Calibration.refit(2.0, closer, itsBound, 0.42), 1e-9);
    }

    @Test
    void roundsWhoseSharesAllRanOverScaleDown() {
        double[] basic = {0.80, 0.80, 0.80}, bound = {0.40, 0.41, 0.39};
        // 50% where 42% is asked: 0.40 s measured, 0.2897 s wanted
        assertEquals(0.40 * 0.42 / 0.58 / 0.40, Calibration.refit(1.0, basic, bound, 0.42), 1e-9);
        // 60%: as far down as one re-fit goes
        double[] slow = {1.00, 1.00, 1.00};
        assertEquals(1 / 1.5, Calibration.refit(1.0, slow, bound, 0.42), 1e-12);
    }

    @Test
    void roundsThatStraddleTheShareOrStayWithinTheToleranceKeepTheInterconnect() {
        // one round off by 12 points, one by -8, one on target: the noise of a busy machine, no drift
        double[] basic = {1.00, 1.00, 1.00}, bound = {0.46, 0.66, 0.58};
        assertEquals(3.0, Calibration.refit(3.0, basic, bound, 0.42), 0.0);
        // all three 4 points high: within the re-fit's tolerance
        double[] near = {0.54, 0.54, 0.54};
        assertEquals(3.0, Calibration.refit(3.0, basic, near, 0.42), 0.0);
        // two of three far off on the same side, the third not: kept
        double[] two = {0.30, 0.30, 0.55};
        assertEquals(3.0, Calibration.refit(3.0, basic, two, 0.42), 0.0);
    }

    @Test
    void roundsThatSawNoCommunicationScaleUpAsFarAsOneRefitGoes() {
        double[] basic = {0.40, 0.39, 0.41}, bound = {0.41, 0.40, 0.41};
        assertEquals(1.5, Calibration.refit(1.0, basic, bound, 0.42), 1e-12);
    }

    @Test
    void theInterconnectOfAScaleIsWhatItsReportPrints() {
        assertEquals(500_000, DemoCommand.latencyNanos(2.0));
        assertEquals(1000, DemoCommand.latencyNanos(1e-9)); // never below a microsecond
        assertEquals(66.7e6, DemoCommand.bandwidth(3.0), 1);
    }
}
