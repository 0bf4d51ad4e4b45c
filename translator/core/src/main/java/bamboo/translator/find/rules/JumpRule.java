package bamboo.translator.find.rules;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.BlockKind;
import bamboo.translator.find.JumpTargets;
import bamboo.translator.find.Region;
import bamboo.translator.parse.Walk;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.YieldStmt;

import java.util.Locale;

/** return / break / continue / yield may not leave a send or receive block: it runs as one piece. */
public final class JumpRule implements RegionRule {
    @Override
    public void check(String file, Region r, Diagnostics d) {
        for (Region.Part p : r.parts()) {
            if (p.kind() != BlockKind.COMPUTE) {
                check(file, p, d);
            }
        }
    }

    private static void check(String file, Region.Part p, Diagnostics d) {
        for (Statement s : Walk.findAll(p.block(), Statement.class)) {
            if (s instanceof ReturnStmt && !insideFunction(s, p.block())) {
                d.error(file, s, "return inside a " + p.kind().label() + " block is not translated: leave the "
                        + "region after its compute block instead");
            } else if (s instanceof BreakStmt || s instanceof ContinueStmt || s instanceof YieldStmt) {
                Node target = JumpTargets.target(s);
                if (target != null && !p.block().isAncestorOf(target)) {
                    d.error(file, s, s.getClass().getSimpleName().replace("Stmt", "").toLowerCase(Locale.ROOT)
                            + " out of a " + p.kind().label() + " block is not translated: a " + p.kind().label()
                            + " block runs as one piece");
                }
            }
        }
    }

    /** Whether {@code n} is inside a lambda or class body within {@code limit}: its return leaves only that. */
    private static boolean insideFunction(Node n, Node limit) {
        for (Node x = n.getParentNode().orElse(null); x != null && x != limit; x = x.getParentNode().orElse(null)) {
            if (JumpTargets.isFunctionBoundary(x)) {
                return true;
            }
        }
        return false;
    }
}
