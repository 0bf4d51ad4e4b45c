package bamboo.bench.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** When the demo stops measuring: a narrow interval, its rounds or its time used up. */
class DemoScheduleTest {
    private static final double[] NONE = {Double.NaN, Double.NaN};
    private final DemoSchedule schedule = new DemoSchedule(6, 40, 0.15, 40);

    @Test
    void aNarrowIntervalEndsTheMeasurementOnceTheMinimumRoundsRan() {
        assertFalse(schedule.done(5, new double[] {0.80, 0.85}, 10));
        assertTrue(schedule.done(6, new double[] {0.80, 0.85}, 10));
        assertFalse(schedule.done(6, new double[] {0.70, 0.90}, 10));
    }

    @Test
    void theTimeCapEndsAWideOrMissingInterval() {
        assertFalse(schedule.done(10, new double[] {0.50, 0.95}, 39));
        assertTrue(schedule.done(10, new double[] {0.50, 0.95}, 40));
        assertTrue(schedule.done(10, NONE, 41));
        assertFalse(schedule.done(3, NONE, 100)); // too few rounds to say anything yet
    }

    @Test
    void theMaximumRoundsEndItWhateverTheInterval() {
        assertTrue(schedule.done(40, new double[] {0.10, 0.90}, 1));
    }

    @Test
    void aFixedCountRunsExactlyThatManyRounds() {
        DemoSchedule fixed = DemoSchedule.fixed(9);
        assertFalse(fixed.done(8, new double[] {0.80, 0.81}, 1000));
        assertTrue(fixed.done(9, new double[] {0.10, 0.90}, 1));
    }
}
