package bamboo.translator.diagnostics;

import com.github.javaparser.ast.Node;
import com.github.javaparser.Position;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;

/** Collects every error of a run (never stops at the first), sorted by file, line and column. */
public final class Diagnostics {
    private final TreeSet<Diagnostic> all = new TreeSet<>();

    public void error(String file, int line, int column, String message) {
        all.add(new Diagnostic(file, line, column, message));
    }

    /** An error at the first character of {@code node}. */
    public void error(String file, Node node, String message) {
        Position p = node.getBegin().orElse(null);
        if (p == null) {
            // Inlined library code has no position of its own: report at the line it was inlined for.
            for (Node n = node; n != null && p == null; n = n.getParentNode().orElse(null)) {
                p = n.getBegin().orElse(null);
            }
        }
        if (p == null) {
            p = new Position(1, 1);
        }
        error(file, p.line, p.column, message);
    }

    public void addAll(Diagnostics other) {
        all.addAll(other.all);
    }

    public boolean isEmpty() {
        return all.isEmpty();
    }

    public int size() {
        return all.size();
    }

    public List<Diagnostic> list() {
        return Collections.unmodifiableList(new ArrayList<>(all));
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
