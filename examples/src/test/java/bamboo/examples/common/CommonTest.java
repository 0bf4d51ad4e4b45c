package bamboo.examples.common;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CommonTest {

    @Test
    void dimsAreBalancedAndMultiplyToNp() {
        assertArrayEquals(new int[] {1, 1, 1}, Decomp.dims(1, 3));
        assertArrayEquals(new int[] {2, 1, 1}, Decomp.dims(2, 3));
        assertArrayEquals(new int[] {2, 2, 2}, Decomp.dims(8, 3));
        assertArrayEquals(new int[] {3, 2, 2}, Decomp.dims(12, 3));
        assertArrayEquals(new int[] {7, 1}, Decomp.dims(7, 2));
        assertArrayEquals(new int[] {3, 2}, Decomp.dims(6, 2));
        for (int np = 1; np <= 64; np++) {
            int[] d = Decomp.dims(np, 3);
            assertEquals(np, d[0] * d[1] * d[2], "np=" + np);
            assertTrue(d[0] >= d[1] && d[1] >= d[2], "largest first for np=" + np);
        }
    }

    @Test
    void blocksCoverTheExtentExactlyOnce() {
        for (int parts = 1; parts <= 9; parts++) {
            int next = 0;
            for (int i = 0; i < parts; i++) {
                assertEquals(next, Decomp.start(31, parts, i));
                assertTrue(Decomp.size(31, parts, i) >= 31 / parts);
                next += Decomp.size(31, parts, i);
            }
            assertEquals(31, next);
        }
    }

    @Test
    void hashIsOrderIndependentAndSensitiveToEveryValue() {
        double[] values = {0.5, -1.25, 3.0, 0.0, 1e-300};
        long forward = 0;
        long backward = 0;
        for (int i = 0; i < values.length; i++) {
            forward += Hash.term(i, values[i]);
            backward += Hash.term(values.length - 1 - i, values[values.length - 1 - i]);
        }
        assertEquals(forward, backward);
        long changed = forward - Hash.term(2, 3.0) + Hash.term(2, Math.nextUp(3.0));
        assertNotEquals(forward, changed);
        long swapped = forward - Hash.term(0, 0.5) - Hash.term(1, -1.25) + Hash.term(0, -1.25) + Hash.term(1, 0.5);
        assertNotEquals(forward, swapped, "the same values at other indices give another hash");
    }

    @Test
    void referenceRoundTripsThroughText() {
        Reference r = new Reference(0xdeadbeefcafef00dL, -1.5e-7);
        Reference back = Reference.decode("x", r.encode());
        assertEquals(r.checksum(), back.checksum());
        assertEquals(Double.doubleToRawLongBits(r.value()), Double.doubleToRawLongBits(back.value()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Reference.decode("app", "zz"));
        assertEquals("app: check=zz is not of the form <hex>:<hex>", e.getMessage());
    }

    @Test
    void paramsNameTheBadArgument() {
        Params p = new Params("app", new String[] {"n=12", "iters=0"});
        assertEquals(12, p.positive("n", 5));
        assertEquals(7, p.positive("missing", 7));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.positive("iters", 1));
        assertEquals("app: iters=0 is not a positive integer", e.getMessage());
        Params q = new Params("app", new String[] {"x=1"});
        e = assertThrows(IllegalArgumentException.class, q::requireAllUsed);
        assertEquals("app: unknown argument(s) [x]", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new Params("app", new String[] {"oops"}));
        assertEquals("app: argument 'oops' is not of the form key=value", e.getMessage());
    }

    @Test
    void paramsFlagIsTrueOrFalseAndNamesAnythingElse() {
        Params p = new Params("app", new String[] {"warmup=false", "other=true", "bad=yes"});
        assertFalse(p.flag("warmup", true));
        assertTrue(p.flag("other", false));
        assertTrue(p.flag("missing", true));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.flag("bad", true));
        assertEquals("app: bad=yes is not true or false", e.getMessage());
    }

    @Test
    void verifyFailsOnAnyDifference() {
        java.io.PrintStream previous = System.out;
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        System.setOut(new java.io.PrintStream(printed, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            checkVerify();
        } finally {
            System.setOut(previous);
        }
        assertTrue(printed.toString(java.nio.charset.StandardCharsets.UTF_8)
                .contains("a f: verification FAILED: checksum 000000000000002b (expected 000000000000002a)"));
    }

    private static void checkVerify() {
        Reference ref = new Reference(42, 0.25);
        Report.verify("a", "f", "x", 42, 0.25, ref, 0);
        assertThrows(IllegalStateException.class, () -> Report.verify("a", "f", "x", 43, 0.25, ref, 0));
        assertThrows(IllegalStateException.class, () -> Report.verify("a", "f", "x", 42, Math.nextUp(0.25), ref, 0));
        Report.verify("a", "f", "x", 42, 0.25 * (1 + 1e-13), ref, 1e-10);
        assertThrows(IllegalStateException.class, () -> Report.verify("a", "f", "x", 42, 0.26, ref, 1e-10));
    }
}
