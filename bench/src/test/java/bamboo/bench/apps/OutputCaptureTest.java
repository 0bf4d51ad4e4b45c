package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.PrintStream;
import org.junit.jupiter.api.Test;

class OutputCaptureTest {

    @Test
    void returnsWhatTheRunPrintedAndRestoresTheStream() {
        PrintStream before = System.out;
        String out = OutputCapture.of(() -> System.out.println("hello from a run"));
        assertEquals("hello from a run" + System.lineSeparator(), out);
        assertSame(before, System.out);
    }

    @Test
    void restoresTheStreamWhenTheRunFails() {
        PrintStream before = System.out;
        assertThrows(IllegalStateException.class, () -> OutputCapture.of(() -> {
            System.out.print("partial");
            throw new IllegalStateException("boom");
        }));
        assertSame(before, System.out);
    }
}
