package bamboo.bench.apps;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Captures what a run prints on {@code System.out}. {@code System.out} is one per JVM, so every runner
 * captures through here, under one lock: two captures can never swap each other's stream.
 */
public final class OutputCapture {

    /** A run whose output is captured. */
    @FunctionalInterface
    public interface Body<E extends Exception> {
        void run() throws E;
    }

    private OutputCapture() {
    }

    /** Runs {@code body} with {@code System.out} redirected and returns what it printed. */
    public static synchronized <E extends Exception> String of(Body<E> body) throws E {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream previous = System.out;
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            body.run();
        } finally {
            System.out.flush();
            System.setOut(previous);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
