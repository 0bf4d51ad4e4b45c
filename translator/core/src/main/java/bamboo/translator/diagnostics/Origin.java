package bamboo.translator.diagnostics;

import com.github.javaparser.Position;
import com.github.javaparser.ast.DataKey;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.stmt.LabeledStmt;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a node of a rank body was written, when it was inlined there from a method: the file, line and
 * column of the code it is a copy of, and the calls that brought it into main, innermost first
 * ({@code Kernel.java:20:13 via Helper.inner}, then {@code Main.java:12:9 via Kernel.step}). Stored on the
 * copies as node data, which the later stages' clones keep, so a diagnostic about any of them can stand
 * where the user wrote the code.
 */
public record Origin(String file, int line, int column, List<String> via) {
    public static final DataKey<Origin> KEY = new DataKey<>() {
    };

    public Origin {
        via = List.copyOf(via);
    }

    /**
     * Where {@code node} of a rank body was written: the origin of the node or of its nearest ancestor that
     * has one (inlined code), else the nearest position among them in {@code file} (main's own code); null
     * when neither is known.
     */
    public static Origin of(Node node, String file) {
        for (Node n = node; n != null; n = n.getParentNode().orElse(null)) {
            if (n.containsData(KEY)) {
                return n.getData(KEY);
            }
            Position p = n.getBegin().orElse(null);
            if (p != null) {
                return new Origin(file, p.line, p.column, List.of());
            }
        }
        return null;
    }

    /**
     * Records on every node of {@code body} (a copy of the body of {@code callee}, written in
     * {@code calleeFile}) where its original was written, reached from {@code site}, the call it replaces.
     * Nodes the copy made up have no position and take their nearest ancestor's origin.
     */
    public static void markInlined(Node body, String calleeFile, Origin site, String callee) {
        if (site == null) {
            return;
        }
        List<String> via = new ArrayList<>();
        via.add(site.file + ":" + site.line + ":" + site.column + " via " + callee);
        via.addAll(site.via);
        for (Node n : body.findAll(Node.class)) {
            Position p = n.getBegin().orElse(null);
            if (p != null && !n.containsData(KEY)) {
                n.setData(KEY, new Origin(calleeFile, p.line, p.column, via));
            }
        }
    }

    /** Whether a labelled statement of a rank body is a copy of {@code original} (written at that position). */
    public boolean isAt(String file, LabeledStmt original) {
        return this.file.equals(file) && original.getBegin().map(p -> p.line == line && p.column == column)
                .orElse(false);
    }
}
