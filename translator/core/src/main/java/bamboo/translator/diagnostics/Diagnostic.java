package bamboo.translator.diagnostics;

import java.util.Comparator;
import java.util.Objects;

/**
 * One error found in a program, printed the way compilers print them:
 * {@code File.java:LINE:COL: error: what and why}.
 */
public record Diagnostic(String file, int line, int column, String message) implements Comparable<Diagnostic> {

    private static final Comparator<Diagnostic> ORDER = Comparator.comparing(Diagnostic::file)
            .thenComparingInt(Diagnostic::line)
            .thenComparingInt(Diagnostic::column)
            .thenComparing(Diagnostic::message);

    public Diagnostic {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(message, "message");
    }

    @Override
    public int compareTo(Diagnostic other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return file + ":" + line + ":" + column + ": error: " + message;
    }
}
