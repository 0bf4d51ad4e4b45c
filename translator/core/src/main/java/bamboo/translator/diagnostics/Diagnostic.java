package bamboo.translator.diagnostics;

import java.util.Comparator;
import java.util.Locale;
import java.util.Objects;

/**
 * One message about a program, printed the way compilers print them: {@code File.java:LINE:COL: error:
 * what and why} for an error (the translation fails), {@code File.java:LINE:COL: note: what} for a note
 * on what the translation did ({@code bamboo check --explain}; notes never fail a translation).
 */
public record Diagnostic(String file, int line, int column, Kind kind, String message)
        implements Comparable<Diagnostic> {

    /** Errors fail the translation; notes explain it. */
    public enum Kind { ERROR, NOTE }

    private static final Comparator<Diagnostic> ORDER = Comparator.comparing(Diagnostic::file)
            .thenComparingInt(Diagnostic::line)
            .thenComparingInt(Diagnostic::column)
            .thenComparing(Diagnostic::kind)
            .thenComparing(Diagnostic::message);

    public Diagnostic {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
    }

    /** An error. */
    public Diagnostic(String file, int line, int column, String message) {
        this(file, line, column, Kind.ERROR, message);
    }

    @Override
    public int compareTo(Diagnostic other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return file + ":" + line + ":" + column + ": " + kind.name().toLowerCase(Locale.ROOT) + ": " + message;
    }
}
