package bamboo.translator.diagnostics;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One message about a program, printed the way compilers print them: {@code File.java:LINE:COL: error:
 * what and why} for an error (the translation fails), {@code File.java:LINE:COL: warning: ...} for what
 * translates but is likely not what the user meant (never fails a translation), {@code
 * File.java:LINE:COL: note: what} for a note on what the translation did ({@code bamboo check --explain}).
 *
 * <p>A message about code inlined from a method stands at that method's line; {@code reachedFrom} then
 * says how main reaches it, innermost call first ({@code Main.java:12:9 via Kernel.step}), and each hop
 * prints as a {@code note: reached from ...} line after the message, as javac does for generics.
 */
public record Diagnostic(String file, int line, int column, Kind kind, String message, List<String> reachedFrom)
        implements Comparable<Diagnostic> {

    /** Errors fail the translation; warnings and notes do not. */
    public enum Kind { ERROR, WARNING, NOTE }

    private static final Comparator<Diagnostic> ORDER = Comparator.comparing(Diagnostic::file)
            .thenComparingInt(Diagnostic::line)
            .thenComparingInt(Diagnostic::column)
            .thenComparing(Diagnostic::kind)
            .thenComparing(Diagnostic::message);

    public Diagnostic {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
        reachedFrom = List.copyOf(reachedFrom);
    }

    /** A message about code of main itself. */
    public Diagnostic(String file, int line, int column, Kind kind, String message) {
        this(file, line, column, kind, message, List.of());
    }

    /** An error. */
    public Diagnostic(String file, int line, int column, String message) {
        this(file, line, column, Kind.ERROR, message);
    }

    @Override
    public int compareTo(Diagnostic other) {
        return ORDER.compare(this, other);
    }

    /** The message's own line, without the notes on how main reaches it. */
    public String headline() {
        return position() + kind.name().toLowerCase(Locale.ROOT) + ": " + message;
    }

    private String position() {
        return file + ":" + line + ":" + column + ": ";
    }

    /** The message's line, then one {@code note: reached from ...} line per call that brought the code into main. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder(headline());
        for (String hop : reachedFrom) {
            b.append('\n').append(position()).append("note: reached from ").append(hop);
        }
        return b.toString();
    }
}
