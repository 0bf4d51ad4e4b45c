package bamboo.translator.find;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SwitchExpr;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.LabeledStmt;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.LocalRecordDeclarationStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.WhileStmt;

/** Which statement a {@code break} or {@code continue} leaves (JLS 14.15, 14.16). */
public final class JumpTargets {
    private JumpTargets() {
    }

    /**
     * The statement a break / continue transfers control out of (for a labelled jump, the labelled
     * statement); null if it is not a break / continue or has no target in its function.
     */
    public static Statement target(Statement jump) {
        String label = null;
        boolean isBreak;
        if (jump instanceof BreakStmt) {
            isBreak = true;
            label = ((BreakStmt) jump).getLabel().map(l -> l.asString()).orElse(null);
        } else if (jump instanceof ContinueStmt) {
            isBreak = false;
            label = ((ContinueStmt) jump).getLabel().map(l -> l.asString()).orElse(null);
        } else {
            return null;
        }
        for (Node n = jump.getParentNode().orElse(null); n != null; n = n.getParentNode().orElse(null)) {
            if (isFunctionBoundary(n) || n instanceof SwitchExpr) {
                return null;
            }
            if (label != null) {
                if (n instanceof LabeledStmt && ((LabeledStmt) n).getLabel().asString().equals(label)) {
                    return (Statement) n;
                }
            } else if (isLoop(n) || isBreak && n instanceof SwitchStmt) {
                return (Statement) n;
            }
        }
        return null;
    }

    public static boolean isLoop(Node n) {
        return n instanceof ForStmt || n instanceof ForEachStmt || n instanceof WhileStmt || n instanceof DoStmt;
    }

    public static boolean isFunctionBoundary(Node n) {
        return n instanceof BodyDeclaration || n instanceof LambdaExpr
                || n instanceof ObjectCreationExpr && ((ObjectCreationExpr) n).getAnonymousClassBody().isPresent()
                || n instanceof LocalClassDeclarationStmt || n instanceof LocalRecordDeclarationStmt;
    }
}
