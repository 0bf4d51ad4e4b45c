package bamboo.translator.diagnostics;

import java.util.Comparator;
import java.util.Objects;

/**
 * What the translator did with one part of a program, printed as compilers print notes:
 * {@code File.java:LINE:COL: note: what}. Notes never fail a translation; {@code bamboo check --explain}
 * shows them so that a user can see where a program waits and what overlaps.
 */
public record Note(String file, int line, int column, String message) implements Comparable<Note> {

    private static final Comparator<Note> ORDER = Comparator.comparing(Note::file)
            .thenComparingInt(Note::line)
            .thenComparingInt(Note::column)
            .thenComparing(Note::message);

    public Note {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(message, "message");
    }

    @Override
    public int compareTo(Note other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return file + ":" + line + ":" + column + ": note: " + message;
    }
}
