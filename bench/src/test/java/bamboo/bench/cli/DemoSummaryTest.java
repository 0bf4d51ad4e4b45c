package bamboo.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What the demo prints from its runs' times: pure arithmetic, no runs. */
class DemoSummaryTest {

    @Test
    void speedUpAndHiddenShareFromTheMedians() {
        DemoSummary s = new DemoSummary(List.of(1.00, 1.02, 0.98, 1.01, 0.99), List.of(0.60, 0.61, 0.59, 0.60, 0.62),
                List.of(0.50, 0.51, 0.49, 0.50, 0.50), 2);
        assertEquals(1.00, s.basicMedian(), 1e-12);
        assertEquals(0.60, s.translatedMedian(), 1e-12);
        assertEquals(0.50, s.commShare(), 1e-12);
        assertEquals(0.80, s.hidden(), 1e-12);
        assertEquals(1.0 / 0.6, s.speedup(), 1e-12);
        List<String> lines = s.lines(2, 0.5);
        String text = String.join("\n", lines);
        assertTrue(text.contains("  basic        1.000 s  the plain program"), text);
        assertTrue(text.contains("translated to 2 tasks per node"), text);
        assertTrue(text.contains("Speed-up: 1.67x over basic (the bound allows 2.00x)."), text);
        assertTrue(text.contains("Communication hidden: 80% (80% interval"), text);
        assertTrue(text.contains("of the 0.500 s basic spends communicating (50% of its time)."), text);
        assertTrue(text.contains("most of basic's waiting is gone"), text);
        assertTrue(lines.size() <= 8, text);
    }

    @Test
    void lessThanHalfHiddenSaysPartOfTheWaitingIsGoneNotMost() {
        // basic 1.0, bound 0.5, translated 0.85: 30% of the 0.5 s of communication hidden
        DemoSummary s = new DemoSummary(List.of(1.00, 1.01, 0.99, 1.00, 1.00), List.of(0.85, 0.85, 0.86, 0.84, 0.85),
                List.of(0.50, 0.50, 0.50, 0.50, 0.50), 2);
        assertEquals(0.30, s.hidden(), 1e-9);
        String text = String.join("\n", s.lines(2, 0.5));
        assertTrue(text.contains("so part of basic's waiting is gone"), text);
        assertFalse(text.contains("most of basic's waiting"), text);
    }

    @Test
    void theIntervalResamplesTheRepeatsAsTriples() {
        // Three repeats: a resample's median figure is 38% or 75% (or between), hence a wide interval.
        DemoSummary s = new DemoSummary(List.of(1.00, 1.10, 0.90), List.of(0.70, 0.80, 0.75), List.of(0.60, 0.70, 0.50), 2);
        assertEquals(0.625, s.hidden(), 1e-12);
        double[] range = s.interval();
        assertEquals(0.375, range[0], 1e-12);
        assertEquals(0.75, range[1], 1e-12);
        String text = String.join("\n", s.lines(2, 0.5));
        assertTrue(text.contains("(80% interval 38-75%)"), text);
        assertTrue(text.contains("The runs varied too much for one figure: rerun when the machine is quieter"), text);
        assertFalse(text.contains("waiting is gone"), text);
    }

    /** Under load the computation slows and the simulated interconnect does not: communication can shrink
     *  below what the noise lets one see, and basic can even come out faster than its bound. */
    @Test
    void tooLittleCommunicationSaysWhyInsteadOfAFigure() {
        DemoSummary s = new DemoSummary(List.of(3.652, 2.675, 4.222), List.of(3.946, 2.853, 4.604),
                List.of(3.750, 3.514, 4.285), 2);
        assertTrue(Double.isNaN(s.hidden()));
        String text = String.join("\n", s.lines(2, 12.0));
        assertTrue(text.contains("Not measurable here: communication was -3% of basic's time, too little to tell from"
                + " the noise (the machine was busy: load average 12 on 2 cores)."), text);
        assertFalse(text.contains("Speed-up"), text);
    }

    @Test
    void aQuietMachineIsNotCalledBusy() {
        assertEquals("", DemoSummary.busy(2, 2.9));
        assertEquals("", DemoSummary.busy(2, Double.NaN));
        assertEquals("the machine was busy: load average 8 on 2 cores", DemoSummary.busy(2, 8.0));
    }
}
