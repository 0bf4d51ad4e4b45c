package demo;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;

class RingTest {
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void theTranslatedRingRunsAndChecksItself() {
        PrintStream saved = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            Ring_Bamboo.run(4, 2, 1, new String[0]); // generated from Ring.java by the build
        } finally {
            System.setOut(saved);
        }
        String out = printed.toString(StandardCharsets.UTF_8);
        System.out.print(out);
        assertTrue(out.contains("ring iterations=6 OK"), out);
    }
}
