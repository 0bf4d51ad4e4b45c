package bamboo.corpus.harness;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Captures what a run prints on {@code System.out}. Ranks and tasks print with {@code System.out}, which
 * is one stream per JVM, and neither the job API nor the runtime has a per-run output; so every runner of
 * this package swaps the stream here, under one lock, and two captures can never swap each other's
 * stream.
 */
public final class StdoutCapture {

    /** A run whose output is captured. */
    @FunctionalInterface
    public interface Body<T> {
        T run();
    }

    /** What the body returned and what it printed. */
    public record Captured<T>(T value, String output) {
    }

    private StdoutCapture() {
    }

    /** Runs {@code body} with {@code System.out} redirected. */
    public static synchronized <T> Captured<T> of(Body<T> body) {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream previous = System.out;
        PrintStream capture = new PrintStream(captured, true, StandardCharsets.UTF_8);
        System.setOut(capture);
        T value;
        try {
            value = body.run();
        } finally {
            capture.flush();
            System.setOut(previous);
        }
        return new Captured<>(value, captured.toString(StandardCharsets.UTF_8));
    }
}
