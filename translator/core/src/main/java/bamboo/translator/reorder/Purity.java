package bamboo.translator.reorder;

import bamboo.translator.parse.Walk;
import bamboo.translator.inline.CallGraph;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.UnaryExpr;

import java.util.HashSet;
import java.util.Set;

/**
 * Whether a static method of the inputs is a function of its arguments: it writes only its own locals
 * (not through them into arrays), reads only its locals and {@code static final} fields of primitive or
 * String type, creates no objects but arrays, and calls only {@code Math} and methods that are pure in
 * the same sense. Such a call in a send block or a loop tail neither reads nor writes program state.
 */
final class Purity {
    private static final int MAX_DEPTH = 6;

    private Purity() {
    }

    static boolean isPure(MethodDeclaration m) {
        return isPure(m, 0);
    }

    private static boolean isPure(MethodDeclaration m, int depth) {
        if (depth > MAX_DEPTH || !m.isStatic() || m.getBody().isEmpty()) {
            return false;
        }
        Set<String> locals = new HashSet<>();
        for (Parameter p : m.getParameters()) {
            locals.add(p.getNameAsString());
        }
        Walk.findAll(m, VariableDeclarator.class).forEach(v -> locals.add(v.getNameAsString()));
        TypeDeclaration<?> owner = Walk.ancestor(m, TypeDeclaration.class).orElse(null);
        for (Node n : Walk.findAll(m.getBody().get(), Node.class)) {
            if (n instanceof LambdaExpr || n instanceof MethodReferenceExpr || n instanceof ObjectCreationExpr) {
                return false;
            }
            if (n instanceof AssignExpr && !localName(((AssignExpr) n).getTarget(), locals)) {
                return false;
            }
            if (n instanceof UnaryExpr && isUpdate((UnaryExpr) n) && !localName(((UnaryExpr) n).getExpression(), locals)) {
                return false;
            }
            if (n instanceof NameExpr && !locals.contains(((NameExpr) n).getNameAsString())
                    && isMutableField(owner, ((NameExpr) n).getNameAsString())) {
                return false;
            }
            if (n instanceof MethodCallExpr && !pureCall((MethodCallExpr) n, depth)) {
                return false;
            }
        }
        return true;
    }

    private static boolean pureCall(MethodCallExpr c, int depth) {
        if (c.getScope().isPresent()) {
            String s = c.getScope().get().toString();
            if (s.equals("Math") || s.equals("StrictMath")) {
                return true;
            }
        }
        Node target = c.containsData(CallGraph.TARGET) ? c.getData(CallGraph.TARGET) : null;
        return target instanceof MethodDeclaration && isPure((MethodDeclaration) target, depth + 1);
    }

    private static boolean isUpdate(UnaryExpr u) {
        return u.getOperator().isPrefix() && u.getOperator() != UnaryExpr.Operator.PLUS
                && u.getOperator() != UnaryExpr.Operator.MINUS && u.getOperator() != UnaryExpr.Operator.LOGICAL_COMPLEMENT
                && u.getOperator() != UnaryExpr.Operator.BITWISE_COMPLEMENT
                || u.getOperator().isPostfix();
    }

    private static boolean localName(Expression target, Set<String> locals) {
        return target instanceof NameExpr && locals.contains(((NameExpr) target).getNameAsString());
    }

    /** A field of the method's class that is not a constant (names of other classes' fields are qualified). */
    private static boolean isMutableField(TypeDeclaration<?> owner, String name) {
        if (owner == null) {
            return true;
        }
        for (FieldDeclaration f : owner.getFields()) {
            for (VariableDeclarator v : f.getVariables()) {
                if (v.getNameAsString().equals(name)) {
                    return !(f.isStatic() && f.isFinal() && (f.getElementType().isPrimitiveType()
                            || f.getElementType().asString().equals("String")));
                }
            }
        }
        return false;
    }
}
