package bamboo.shim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ShimConfigurationTest {

    @Test
    void defaultsAreTheDocumentedOnes() {
        assertEquals(1000, ShimConfiguration.SPIN_MAX_DEFAULT_US);
        if (System.getProperty(ShimConfiguration.SPIN_MAX_PROP_NAME) == null) {
            assertEquals(TimeUnit.MILLISECONDS.toNanos(1), ShimConfiguration.SPIN_MAX_NS);
        }
        assertEquals(64L << 20, ShimConfiguration.payloadPoolBytes(null, 4L << 30));
        assertEquals(1L << 20, ShimConfiguration.payloadPoolBytes(null, 16L << 20), "a sixteenth of a small heap");
        if (System.getProperty(ShimConfiguration.PAYLOAD_POOL_BYTES_PROP_NAME) == null) {
            assertEquals(ShimConfiguration.payloadPoolBytes(null, Runtime.getRuntime().maxMemory()),
                    ShimConfiguration.PAYLOAD_POOL_BYTES);
        }
    }

    @Test
    void propertiesAreReadAndBadValuesAreReportedInOneLineEach() {
        assertEquals(50, ShimConfiguration.spinMaxMicros("50"));
        assertEquals(20, ShimConfiguration.spinMaxMicros(" 20 "));
        assertEquals(0, ShimConfiguration.payloadPoolBytes("0", 1L << 30));
        assertEquals(4096, ShimConfiguration.payloadPoolBytes("4096", 1L << 30));
        final PrintStream err = System.err;
        final ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            assertEquals(1000, ShimConfiguration.spinMaxMicros("abc"));
            assertEquals(1000, ShimConfiguration.spinMaxMicros("0"));
            assertEquals(1000, ShimConfiguration.spinMaxMicros("2000000"));
            assertEquals(64L << 20, ShimConfiguration.payloadPoolBytes("-1", 4L << 30));
            assertEquals(64L << 20, ShimConfiguration.payloadPoolBytes("lots", 4L << 30));
        } finally {
            System.setErr(err);
        }
        final String[] lines = captured.toString(StandardCharsets.UTF_8).strip().split("\n");
        assertEquals(5, lines.length);
        assertEquals("bamboo: -Dbamboo.shim.spinMaxUs=abc: expected microseconds from 1 to 1000000; using 1000",
                lines[0]);
        assertEquals("bamboo: -Dbamboo.shim.payloadPoolBytes=lots: expected a number of bytes, 0 or more "
                + "(0 turns payload pooling off); using 67108864", lines[4]);
    }

    @Test
    void theSerialFilterIsReadAtEachUseAndBlankMeansNone() {
        try {
            System.setProperty(ShimConfiguration.SERIAL_FILTER_PROP_NAME, " ");
            assertNull(ShimConfiguration.serialFilter());
            System.setProperty(ShimConfiguration.SERIAL_FILTER_PROP_NAME, "com.acme.**");
            assertEquals("com.acme.**", ShimConfiguration.serialFilter());
        } finally {
            System.clearProperty(ShimConfiguration.SERIAL_FILTER_PROP_NAME);
        }
        assertNull(ShimConfiguration.serialFilter());
    }
}
