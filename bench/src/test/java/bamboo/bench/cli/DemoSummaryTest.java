package bamboo.bench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What the demo prints from its runs' times: pure arithmetic, no runs. */
class DemoSummaryTest {

    @Test
    void hiddenShareFromTheMediansWithEachRepeatsOwnEstimate() {
        DemoSummary s = new DemoSummary(List.of(1.00, 1.10, 0.90), List.of(0.70, 0.80, 0.75), List.of(0.60, 0.70, 0.50));
        assertEquals(1.00, s.basicMedian(), 1e-12);
        assertEquals(0.75, s.bambooMedian(), 1e-12);
        assertEquals(0.40, s.commShare(), 1e-12);
        assertEquals(0.625, s.hidden(), 1e-12);
        // repeat by repeat: 0.3/0.4, 0.3/0.4, 0.15/0.4, sorted
        assertArrayEquals(new double[] {0.375, 0.75, 0.75}, s.perRepeatHidden(), 1e-12);
        String text = String.join("\n", s.lines());
        assertTrue(text.contains("communication: 40% of basic's time"), text);
        // three repeats: a resample's median figure is 38% or 75% (or between), hence a wide interval
        assertTrue(text.contains("communication hidden: 63% (from the medians; 80% interval over the repeats 38-75%)"), text);
        assertTrue(text.contains("each repeat alone, sorted: 38%, 75%, 75%"), text);
        assertTrue(text.contains("basic:     1.000 s  (median of 3; 0.900-1.100 s)"), text);
        assertTrue(text.contains("note: the interval spans 38 points"), text);
    }

    /** Regression: `./bamboo demo` under load 15 printed the two times and then "internal error:
     *  NumberFormatException: empty String" when basic came out faster than nocomm (the table leaves the
     *  hidden share empty then). */
    @Test
    void demoCrashedWhenBasicWasFasterThanNocomm() {
        DemoSummary s = new DemoSummary(List.of(3.652, 2.675, 4.222), List.of(3.946, 2.853, 4.604), List.of(3.750, 3.514, 4.285));
        assertTrue(Double.isNaN(s.hidden()));
        String text = String.join("\n", s.lines());
        assertTrue(text.contains("communication: -3% of basic's time"), text);
        assertTrue(text.contains("communication hidden: not measurable here: communication is -3% of basic's time"), text);
        assertTrue(text.contains("a slower interconnect (--latency, --bandwidth"), text);
    }

    @Test
    void aSmallCommunicationShareIsNotDividedIntoAFigure() {
        DemoSummary s = new DemoSummary(List.of(1.00), List.of(0.99), List.of(0.95));
        assertTrue(Double.isNaN(s.hidden()), "5% communication is below the 10% the demo resolves");
        assertTrue(String.join("\n", s.lines()).contains("not measurable here"));
    }

    @Test
    void identicalRepeatsGiveAnIntervalOfOnePoint() {
        DemoSummary s = new DemoSummary(List.of(1.0, 1.0, 1.0, 1.0), List.of(0.7, 0.7, 0.7, 0.7), List.of(0.6, 0.6, 0.6, 0.6));
        assertArrayEquals(new double[] {0.75, 0.75}, s.interval(), 1e-12);
        assertTrue(String.join("\n", s.lines()).contains("80% interval over the repeats 75-75%"));
    }

    @Test
    void theIntervalCoversTheFigureAndLiesWithinTheRepeatsOwnEstimates() {
        DemoSummary s = new DemoSummary(List.of(1.00, 1.05, 0.95, 1.10, 1.00, 0.98, 1.02),
                List.of(0.70, 0.80, 0.72, 0.75, 0.66, 0.74, 0.78), List.of(0.60, 0.62, 0.58, 0.61, 0.59, 0.63, 0.60));
        double[] range = s.interval();
        assertTrue(range[0] <= s.hidden() && s.hidden() <= range[1], java.util.Arrays.toString(range));
        assertTrue(range[1] - range[0] > 0, "different repeats, an interval of some width");
        assertArrayEquals(range, s.interval(), 0.0, "a fixed seed: the same times print the same interval");
    }

    @Test
    void aWideIntervalIsCalledOut() {
        DemoSummary s = new DemoSummary(List.of(1.0, 1.0, 1.0, 1.0, 1.0), List.of(0.95, 0.7, 0.6, 0.9, 0.65),
                List.of(0.6, 0.6, 0.6, 0.6, 0.6));
        String text = String.join("\n", s.lines());
        assertTrue(text.contains("note: the interval spans "), text);
    }

    @Test
    void aSingleRepeatHasNoInterval() {
        DemoSummary s = new DemoSummary(List.of(1.0), List.of(0.8), List.of(0.6));
        assertTrue(String.join("\n", s.lines()).contains("communication hidden: 50% (from the medians; too few repeats for an interval)"));
    }

    @Test
    void repeatsWhoseBasicWasNotSlowerThanNocommGiveNoEstimate() {
        DemoSummary s = new DemoSummary(List.of(1.0, 0.5, 1.0), List.of(0.8, 0.5, 0.8), List.of(0.6, 0.6, 0.6));
        assertArrayEquals(new double[] {0.5, 0.5}, s.perRepeatHidden(), 1e-12);
    }

    /** Regression: the session-7 quiet-machine demo printed "each repeat alone, sorted: 69%, ..., 128%,
     *  78222%": one repeat's basic and nocomm times nearly tied, so its own share divided by almost nothing. */
    @Test
    void demoPrinted78222PercentForARepeatWhoseBasicTiedNocomm() {
        DemoSummary s = new DemoSummary(List.of(1.0, 1.0, 0.6001), List.of(0.8, 0.8, 0.53), List.of(0.6, 0.6, 0.6));
        String text = String.join("\n", s.lines());
        assertTrue(text.contains("each repeat alone, sorted: 50%, 50%, >999%"), text);
        assertEquals("999%", DemoSummary.percent(9.99));
        assertEquals("<-999%", DemoSummary.percent(-20));
    }
}
