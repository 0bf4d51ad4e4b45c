package bamboo.translator.find.rules;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.diagnostics.Origin;
import bamboo.translator.find.BlockKind;
import bamboo.translator.find.Program;
import bamboo.translator.parse.ParsedUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.stmt.LabeledStmt;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code olap} / {@code send} / {@code receive} / {@code compute} labels only mean something in a rank body:
 * the main of a {@code @Bamboo} class, with the methods it inlines. Anywhere else the translator leaves
 * them as plain labels, so a region the user meant to overlap silently runs as written (most often the
 * program class lacks {@code @Bamboo}).
 */
public final class LabelOutsideProgramRule implements SourceRule {
    @Override
    public void check(List<ParsedUnit> units, List<Program> programs, boolean errors, Diagnostics d) {
        if (errors) {
            return; // a refused program's rank body may lack methods it would inline
        }
        List<Origin> inBodies = new ArrayList<>();
        for (Program p : programs) {
            for (LabeledStmt l : p.main().findAll(LabeledStmt.class)) {
                Origin o = Origin.of(l, p.fileName());
                if (o != null) {
                    inBodies.add(o);
                }
            }
        }
        for (ParsedUnit u : units) {
            for (LabeledStmt l : u.unit().findAll(LabeledStmt.class)) {
                String label = l.getLabel().asString();
                if (BlockKind.ofLabel(label) == null && !BlockKind.isRegionLabel(label) || inRegionLabel(l)) {
                    continue; // the blocks of an ignored region are said with it
                }
                boolean inBody = programs.stream().anyMatch(p -> p.main().isAncestorOf(l))
                        || inBodies.stream().anyMatch(o -> o.isAt(u.fileName(), l));
                if (!inBody) {
                    d.warning(u.fileName(), l, "'" + label + ":' in " + where(l) + ", outside the rank body of any "
                            + "@Bamboo program: the translator ignores the label and the block runs as written; "
                            + "annotate the class whose main is the program with @bamboo.Bamboo, or call this code "
                            + "from that main");
                }
            }
        }
    }

    private static boolean inRegionLabel(LabeledStmt l) {
        for (Node x = l.getParentNode().orElse(null); x != null; x = x.getParentNode().orElse(null)) {
            if (x instanceof LabeledStmt a && BlockKind.isRegionLabel(a.getLabel().asString())) {
                return true;
            }
        }
        return false;
    }

    /** {@code Type.method} around the label, or the type alone (an initializer). */
    private static String where(Node n) {
        String method = null;
        for (Node x = n.getParentNode().orElse(null); x != null; x = x.getParentNode().orElse(null)) {
            if (method == null && x instanceof CallableDeclaration<?> c) {
                method = c.getNameAsString();
            }
            if (x instanceof TypeDeclaration<?> t) {
                return t.getNameAsString() + (method != null ? "." + method : "");
            }
        }
        return "this file";
    }
}
