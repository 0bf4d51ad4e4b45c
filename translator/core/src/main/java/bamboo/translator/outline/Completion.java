package bamboo.translator.outline;

import bamboo.translator.parse.Walk;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.LabeledStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.SynchronizedStmt;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import com.github.javaparser.ast.stmt.YieldStmt;

import java.util.List;

/**
 * "Can complete normally" (JLS 14.22), as far as the state machine needs it: a case that can fall off
 * its end gets an explicit jump to its successor; one that cannot must not (javac rejects unreachable
 * statements).
 */
public final class Completion {
    private Completion() {
    }

    public static boolean canComplete(List<Statement> statements) {
        for (Statement s : statements) {
            if (!canComplete(s)) {
                return false;
            }
        }
        return true;
    }

    public static boolean canComplete(Statement s) {
        if (s instanceof ReturnStmt || s instanceof ThrowStmt || s instanceof BreakStmt
                || s instanceof ContinueStmt || s instanceof YieldStmt) {
            return false;
        }
        if (s instanceof BlockStmt) {
            return canComplete(((BlockStmt) s).getStatements());
        }
        if (s instanceof IfStmt) {
            IfStmt i = (IfStmt) s;
            return i.getElseStmt().isEmpty() || canComplete(i.getThenStmt()) || canComplete(i.getElseStmt().get());
        }
        if (s instanceof LabeledStmt) {
            LabeledStmt l = (LabeledStmt) s;
            return canComplete(l.getStatement()) || breaksOut(l.getStatement(), l.getLabel().asString(), null);
        }
        if (s instanceof WhileStmt) {
            return !isTrue(((WhileStmt) s).getCondition()) || breaksOut(((WhileStmt) s).getBody(), null, s);
        }
        if (s instanceof ForStmt) {
            ForStmt f = (ForStmt) s;
            return f.getCompare().isPresent() && !isTrue(f.getCompare().get()) || breaksOut(f.getBody(), null, s);
        }
        if (s instanceof DoStmt) {
            DoStmt d = (DoStmt) s;
            return !isTrue(d.getCondition()) && (canComplete(d.getBody()) || continues(d.getBody()))
                    || breaksOut(d.getBody(), null, s);
        }
        if (s instanceof SynchronizedStmt) {
            return canComplete(((SynchronizedStmt) s).getBody());
        }
        if (s instanceof TryStmt) {
            TryStmt t = (TryStmt) s;
            if (t.getFinallyBlock().isPresent() && !canComplete(t.getFinallyBlock().get())) {
                return false;
            }
            return canComplete(t.getTryBlock()) || t.getCatchClauses().stream().anyMatch(c -> canComplete(c.getBody()));
        }
        if (s instanceof SwitchStmt) {
            SwitchStmt sw = (SwitchStmt) s;
            boolean hasDefault = sw.getEntries().stream().anyMatch(e -> e.getLabels().isEmpty());
            if (!hasDefault || sw.getEntries().isEmpty() || breaksOut(sw, null, sw)) {
                return true;
            }
            SwitchEntry last = sw.getEntries().get(sw.getEntries().size() - 1);
            if (last.getType() != SwitchEntry.Type.STATEMENT_GROUP) {
                return true; // arrow form: conservative
            }
            return canComplete(last.getStatements());
        }
        return true;
    }

    private static boolean isTrue(Expression e) {
        return e instanceof BooleanLiteralExpr && ((BooleanLiteralExpr) e).getValue();
    }

    /** Whether a break under {@code body} leaves {@code labelled} (by label) or {@code loop} (unlabelled). */
    private static boolean breaksOut(Node body, String label, Node loop) {
        for (BreakStmt b : Walk.findAll(body, BreakStmt.class)) {
            if (label != null && b.getLabel().map(l -> l.asString().equals(label)).orElse(false)) {
                return true;
            }
            if (loop != null && b.getLabel().isEmpty() && nearestBreakable(b) == loop) {
                return true;
            }
        }
        return false;
    }

    private static boolean continues(Node body) {
        return !Walk.findAll(body, ContinueStmt.class).isEmpty();
    }

    private static Node nearestBreakable(Node n) {
        for (Node x = n.getParentNode().orElse(null); x != null; x = x.getParentNode().orElse(null)) {
            if (x instanceof WhileStmt || x instanceof ForStmt || x instanceof DoStmt
                    || x instanceof com.github.javaparser.ast.stmt.ForEachStmt || x instanceof SwitchStmt) {
                return x;
            }
        }
        return null;
    }
}
