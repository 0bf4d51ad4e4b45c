package bamboo.translator.reorder;

import bamboo.translator.parse.Walk;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.ForStmt;

/**
 * The step of a canonical {@code for} loop: its one update moves one variable by a fixed amount
 * ({@code i++}, {@code ++i}, {@code i--}, {@code i += c}, {@code i -= c}, c a literal or a name the loop
 * does not write). From it, what the loop variable will be in the next iteration ({@code i + c}) and the
 * guard "the next iteration exists" (the loop condition with {@code i + c} for {@code i}).
 */
record NextIteration(String variable, Expression step, boolean minus) {

    /** The step of the loop's update, or null when it is not of that form (the reason is then the caller's). */
    static NextIteration of(ForStmt loop) {
        if (loop.getUpdate().size() != 1 || loop.getCompare().isEmpty()) {
            return null;
        }
        Expression u = loop.getUpdate().get(0);
        if (u instanceof UnaryExpr && ((UnaryExpr) u).getExpression() instanceof NameExpr) {
            UnaryExpr.Operator op = ((UnaryExpr) u).getOperator();
            String v = ((NameExpr) ((UnaryExpr) u).getExpression()).getNameAsString();
            if (op == UnaryExpr.Operator.POSTFIX_INCREMENT || op == UnaryExpr.Operator.PREFIX_INCREMENT) {
                return new NextIteration(v, new IntegerLiteralExpr("1"), false);
            }
            if (op == UnaryExpr.Operator.POSTFIX_DECREMENT || op == UnaryExpr.Operator.PREFIX_DECREMENT) {
                return new NextIteration(v, new IntegerLiteralExpr("1"), true);
            }
        }
        if (u instanceof AssignExpr && ((AssignExpr) u).getTarget() instanceof NameExpr) {
            AssignExpr a = (AssignExpr) u;
            String v = ((NameExpr) a.getTarget()).getNameAsString();
            Expression c = a.getValue();
            boolean simple = c instanceof IntegerLiteralExpr || c instanceof NameExpr && !((NameExpr) c).getNameAsString().equals(v);
            if (simple && a.getOperator() == AssignExpr.Operator.PLUS) {
                return new NextIteration(v, c.clone(), false);
            }
            if (simple && a.getOperator() == AssignExpr.Operator.MINUS) {
                return new NextIteration(v, c.clone(), true);
            }
        }
        return null;
    }

    /** The name the step reads ({@code c} in {@code i += c}), or null for a literal. */
    String stepName() {
        return step instanceof NameExpr ? ((NameExpr) step).getNameAsString() : null;
    }

    /** {@code (i + c)}: the loop variable's value in the next iteration. */
    Expression next() {
        return new EnclosedExpr(new BinaryExpr(new NameExpr(variable), step.clone(),
                minus ? BinaryExpr.Operator.MINUS : BinaryExpr.Operator.PLUS));
    }

    /** A copy of {@code e} in which the loop variable reads as its next value. */
    Expression substituted(Expression e) {
        Expression copy = e.clone();
        return (Expression) substitute(copy);
    }

    /** Replaces the loop variable by its next value in {@code n} (in place); returns the node that stands for n. */
    Node substitute(Node n) {
        if (n instanceof NameExpr && ((NameExpr) n).getNameAsString().equals(variable)) {
            return next();
        }
        for (NameExpr name : Walk.findAll(n, NameExpr.class)) {
            if (name.getNameAsString().equals(variable)) {
                name.replace(next());
            }
        }
        return n;
    }

    /** The guard of the next iteration: the loop condition with the loop variable's next value. */
    Expression guard(ForStmt loop) {
        return substituted(loop.getCompare().orElseThrow());
    }
}
