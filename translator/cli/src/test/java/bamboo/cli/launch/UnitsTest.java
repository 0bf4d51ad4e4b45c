package bamboo.cli.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class UnitsTest {

    @Test
    void durationsInEveryUnit() {
        assertEquals(20_000, Units.parseDurationNanos("20us"));
        assertEquals(20_000, Units.parseDurationNanos("20µs"));
        assertEquals(1_500_000, Units.parseDurationNanos("1.5ms"));
        assertEquals(100, Units.parseDurationNanos("100ns"));
        assertEquals(2_000_000_000L, Units.parseDurationNanos("2s"));
        assertEquals(0, Units.parseDurationNanos("0"));
    }

    @Test
    void durationWithoutUnitIsRefusedWithAHint() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Units.parseDurationNanos("20"));
        assertTrue(e.getMessage().contains("needs a unit"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Units.parseDurationNanos("20 parsecs"));
        assertTrue(e.getMessage().contains("unknown duration unit"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Units.parseDurationNanos("fast"));
    }

    @Test
    void bandwidthsInBytesAndBits() {
        assertEquals(1e9, Units.parseBandwidth("1GB/s"));
        assertEquals(500e6, Units.parseBandwidth("500MB/s"));
        assertEquals(1.25e9, Units.parseBandwidth("10Gb/s"));
        assertEquals(1024.0 * 1024 * 1024, Units.parseBandwidth("1GiB/s"));
        assertEquals(2e3, Units.parseBandwidth("2KB"));
        assertEquals(Double.POSITIVE_INFINITY, Units.parseBandwidth("inf"));
    }

    @Test
    void badBandwidthIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Units.parseBandwidth("1GX/s"));
        assertThrows(IllegalArgumentException.class, () -> Units.parseBandwidth("12"));
        assertThrows(IllegalArgumentException.class, () -> Units.parseBandwidth("-1GB/s"));
    }

    @Test
    void formatsForPeople() {
        assertEquals("850 ns", Units.formatNanos(850));
        assertEquals("20.0 us", Units.formatNanos(20_000));
        assertEquals("1.50 ms", Units.formatNanos(1_500_000));
    }

    @Test
    void latenciesAndBandwidthsPrintAsTheyAreWritten() {
        assertEquals("50us", Units.formatLatency(50_000));
        assertEquals("1ms", Units.formatLatency(1_000_000));
        assertEquals("1234ns", Units.formatLatency(1_234));
        assertEquals("0", Units.formatLatency(0));
        assertEquals("250MB/s", Units.formatBandwidth(250e6));
        assertEquals("1.5GB/s", Units.formatBandwidth(1.5e9));
        assertEquals("123MB/s", Units.formatBandwidth(123.456e6));
        assertEquals("inf", Units.formatBandwidth(Double.POSITIVE_INFINITY));
        assertEquals(123e6, Units.parseBandwidth(Units.formatBandwidth(123.456e6)));
    }
}
