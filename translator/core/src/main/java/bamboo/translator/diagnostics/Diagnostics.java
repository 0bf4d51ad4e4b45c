package bamboo.translator.diagnostics;

import com.github.javaparser.ast.Node;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;

/**
 * Collects every error of a run (never stops at the first), sorted by file, line and column, and apart
 * from them the warnings: {@link #isEmpty()}, {@link #size()} and {@link #list()} are about errors only,
 * since only errors fail a translation.
 */
public final class Diagnostics {
    private final TreeSet<Diagnostic> all = new TreeSet<>();
    private final TreeSet<Diagnostic> warnings = new TreeSet<>();

    public void error(String file, int line, int column, String message) {
        all.add(new Diagnostic(file, line, column, message));
    }

    /**
     * An error at the first character of {@code node} in {@code file}; for code inlined from a method, at the
     * line of that method it was copied from, with the calls that reach it from main.
     */
    public void error(String file, Node node, String message) {
        all.add(at(file, node, Diagnostic.Kind.ERROR, message));
    }

    /** A warning, placed like {@link #error(String, Node, String)}. */
    public void warning(String file, Node node, String message) {
        warnings.add(at(file, node, Diagnostic.Kind.WARNING, message));
    }

    /**
     * A diagnostic about {@code node} of a rank body in {@code file}: where its code was written
     * ({@link Origin}), or, for code without a position of its own (inlined library code), at its nearest
     * ancestor that has one.
     */
    public static Diagnostic at(String file, Node node, Diagnostic.Kind kind, String message) {
        Origin o = Origin.of(node, file);
        if (o == null) {
            return new Diagnostic(file, 1, 1, kind, message);
        }
        return new Diagnostic(o.file(), o.line(), o.column(), kind, message, o.via());
    }

    public void addAll(Diagnostics other) {
        all.addAll(other.all);
        warnings.addAll(other.warnings);
    }

    public boolean isEmpty() {
        return all.isEmpty();
    }

    public int size() {
        return all.size();
    }

    /** The errors, sorted. */
    public List<Diagnostic> list() {
        return Collections.unmodifiableList(new ArrayList<>(all));
    }

    /** The warnings, sorted. */
    public List<Diagnostic> warnings() {
        return Collections.unmodifiableList(new ArrayList<>(warnings));
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        for (Diagnostic d : all) {
            b.append(d).append('\n');
        }
        return b.toString();
    }
}
