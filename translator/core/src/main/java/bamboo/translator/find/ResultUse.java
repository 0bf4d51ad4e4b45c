package bamboo.translator.find;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.ExpressionStmt;

/**
 * How a call that may become an evaluation point (a blocking receive or probe, a wait, a test that
 * yields) uses its result. A task suspends between statements, so such a call must be a whole statement:
 * the call itself ({@code Recv(...);}), the initializer of a one-variable declaration
 * ({@code Status st = Probe(...);}) or the value of a plain assignment ({@code st = Iprobe(...);}).
 */
public final class ResultUse {
    private ResultUse() {
    }

    /** The statement {@code call} is in one of the three forms, or null. */
    public static ExpressionStmt statement(MethodCallExpr call) {
        Node parent = call.getParentNode().orElse(null);
        if (parent instanceof ExpressionStmt) {
            return (ExpressionStmt) parent;
        }
        if (parent instanceof VariableDeclarator) {
            Node decl = parent.getParentNode().orElse(null);
            if (decl instanceof VariableDeclarationExpr && ((VariableDeclarationExpr) decl).getVariables().size() == 1
                    && decl.getParentNode().orElse(null) instanceof ExpressionStmt) {
                return (ExpressionStmt) decl.getParentNode().get();
            }
            return null;
        }
        if (parent instanceof AssignExpr) {
            AssignExpr a = (AssignExpr) parent;
            if (a.getValue() == call && a.getOperator() == AssignExpr.Operator.ASSIGN && a.getTarget().isNameExpr()
                    && a.getParentNode().orElse(null) instanceof ExpressionStmt) {
                return (ExpressionStmt) a.getParentNode().get();
            }
        }
        return null;
    }

    /** The call of a statement in one of the three forms (null if it has none). */
    public static MethodCallExpr call(ExpressionStmt s) {
        Expression e = s.getExpression();
        if (e instanceof MethodCallExpr) {
            return (MethodCallExpr) e;
        }
        if (e instanceof VariableDeclarationExpr) {
            return ((VariableDeclarationExpr) e).getVariable(0).getInitializer()
                    .filter(Expression::isMethodCallExpr).map(Expression::asMethodCallExpr).orElse(null);
        }
        if (plainAssignment(e) && ((AssignExpr) e).getValue().isMethodCallExpr()) {
            return ((AssignExpr) e).getValue().asMethodCallExpr();
        }
        return null;
    }

    private static boolean plainAssignment(Expression e) {
        return e instanceof AssignExpr && ((AssignExpr) e).getOperator() == AssignExpr.Operator.ASSIGN
                && ((AssignExpr) e).getTarget().isNameExpr();
    }

    /** The variable that receives the result (declared or assigned), or null when the result is dropped. */
    public static String target(ExpressionStmt s) {
        Expression e = s.getExpression();
        if (e instanceof VariableDeclarationExpr) {
            return ((VariableDeclarationExpr) e).getVariable(0).getNameAsString();
        }
        if (plainAssignment(e)) {
            return ((AssignExpr) e).getTarget().asNameExpr().getNameAsString();
        }
        return null;
    }

    /** {@code target = value;} as a statement. */
    public static ExpressionStmt assign(String target, Expression value) {
        return new ExpressionStmt(new AssignExpr(new NameExpr(target), value, AssignExpr.Operator.ASSIGN));
    }
}
