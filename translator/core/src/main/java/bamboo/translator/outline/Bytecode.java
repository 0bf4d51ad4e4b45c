package bamboo.translator.outline;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.comments.Comment;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.InstanceOfExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.LiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.Name;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SimpleName;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.LocalRecordDeclarationStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import com.github.javaparser.ast.type.Type;

import java.util.ArrayList;
import java.util.List;

/**
 * An estimate, from the tree, of how many bytes of bytecode javac makes of a piece of generated code:
 * enough to keep every generated method under HotSpot's 8,000-byte limit for JIT compilation
 * ({@code -XX:+DontCompileHugeMethods}) with a margin. Each kind of node is charged about what its
 * instructions take when its operands are task fields (load {@code this}, {@code getfield}), the common
 * case in a task; lambda and class bodies are not charged (javac puts them in methods of their own).
 */
public final class Bytecode {
    private Bytecode() {
    }

    /** The estimated bytecode length of {@code root} (and everything under it). */
    public static int estimate(Node root) {
        int total = 0;
        ArrayList<Node> stack = new ArrayList<>();
        stack.add(root);
        while (!stack.isEmpty()) {
            Node n = stack.remove(stack.size() - 1);
            total += own(n);
            if (n != root && (n instanceof BodyDeclaration || n instanceof LocalClassDeclarationStmt
                    || n instanceof LocalRecordDeclarationStmt)) {
                continue;
            }
            if (n instanceof LambdaExpr) {
                continue;
            }
            List<Node> children = n.getChildNodes();
            for (int i = children.size() - 1; i >= 0; i--) {
                stack.add(children.get(i));
            }
        }
        return total;
    }

    private static int own(Node n) {
        if (n instanceof Comment || n instanceof SimpleName || n instanceof Name || n instanceof Type
                || n instanceof AnnotationExpr) {
            return 0;
        }
        if (n instanceof NameExpr) {
            return 4; // aload_0 getfield, or a local's load
        }
        if (n instanceof StringLiteralExpr) {
            return 3;
        }
        if (n instanceof BooleanLiteralExpr) {
            return 1;
        }
        if (n instanceof LiteralExpr) {
            return 3; // bipush / sipush / ldc(_w, 2_w)
        }
        if (n instanceof MethodCallExpr) {
            return ((MethodCallExpr) n).getScope().isEmpty() ? 4 : 3;
        }
        if (n instanceof FieldAccessExpr || n instanceof CastExpr || n instanceof InstanceOfExpr) {
            return 3;
        }
        if (n instanceof ObjectCreationExpr) {
            return 7; // new, dup, invokespecial
        }
        if (n instanceof ArrayCreationExpr) {
            return 4;
        }
        if (n instanceof ArrayAccessExpr) {
            return 2;
        }
        if (n instanceof BinaryExpr) {
            return 4; // an operator, or a compare and its branch
        }
        if (n instanceof UnaryExpr) {
            return 6; // ++ / -- of a field: dup, getfield, add, putfield
        }
        if (n instanceof AssignExpr) {
            return ((AssignExpr) n).getOperator() == AssignExpr.Operator.ASSIGN ? 4 : 7;
        }
        if (n instanceof ConditionalExpr) {
            return 6;
        }
        if (n instanceof LambdaExpr || n instanceof MethodReferenceExpr) {
            return 6; // invokedynamic
        }
        if (n instanceof VariableDeclarator) {
            return 2;
        }
        if (n instanceof IfStmt || n instanceof BreakStmt || n instanceof ContinueStmt) {
            return 3;
        }
        if (n instanceof WhileStmt || n instanceof ForStmt || n instanceof DoStmt || n instanceof ForEachStmt) {
            return 8;
        }
        if (n instanceof SwitchStmt) {
            return 16;
        }
        if (n instanceof SwitchEntry) {
            return 8 + 4 * ((SwitchEntry) n).getLabels().size();
        }
        if (n instanceof TryStmt) {
            return 12;
        }
        if (n instanceof ReturnStmt) {
            return 1;
        }
        return 1;
    }
}
