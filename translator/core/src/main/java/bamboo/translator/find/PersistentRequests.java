package bamboo.translator.find;

import bamboo.translator.parse.Walk;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayInitializerExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which persistent requests a Start or Startall starts, as far as the rank body tells: a variable holds
 * Send_init requests or Recv_init requests when such a call is assigned to it, to one of its elements,
 * or initialises it, or when it is a copy of such a variable ({@code Prequest r = recvs[0]},
 * {@code Prequest[] all = {r, s}}). A Start on a variable the translator cannot follow may start either.
 * The kind decides where a Start may stand (a receive in a send block is refused) and whether a later
 * Wait may have to wait for a message (a receive started outside receive blocks).
 */
public final class PersistentRequests {
    /** What a persistent request does when started. */
    public enum Kind { SEND, RECEIVE }

    private static final Set<Kind> EITHER = EnumSet.allOf(Kind.class);

    private PersistentRequests() {
    }

    /** The request (Start) or array (Startall) a start call starts. */
    public static Expression requests(MethodCallExpr start) {
        return MpiCall.of(start).op() == MpiOp.START ? start.getScope().orElseThrow() : start.getArgument(0);
    }

    /** The kinds of request {@code start} (a Start or Startall of the rank body) may start. */
    public static Set<Kind> started(MethodCallExpr start) {
        MethodDeclaration body = enclosingMethod(start);
        if (body == null) {
            return EITHER;
        }
        String root = root(requests(start));
        Map<String, Set<Kind>> holders = holders(body);
        if (root == null || holders == null || !holders.containsKey(root)) {
            return EITHER;
        }
        return holders.get(root);
    }

    /** The variables that may hold persistent receive requests (null when one escapes the analysis). */
    public static Set<String> receiveHolders(MethodDeclaration body) {
        Map<String, Set<Kind>> holders = holders(body);
        if (holders == null) {
            return null;
        }
        Set<String> out = new java.util.HashSet<>();
        holders.forEach((name, kinds) -> {
            if (kinds.contains(Kind.RECEIVE)) {
                out.add(name);
            }
        });
        return out;
    }

    /** Variable name to the kinds of request it may hold; null when a request goes where it is not followed. */
    private static Map<String, Set<Kind>> holders(MethodDeclaration body) {
        Map<String, Set<Kind>> out = new HashMap<>();
        for (MethodCallExpr c : Walk.findAll(body, MethodCallExpr.class)) {
            MpiCall m = MpiCall.of(c);
            if (m == null || m.op() != MpiOp.SEND_INIT && m.op() != MpiOp.RECV_INIT) {
                continue;
            }
            String holder = DeferredRequests.holder(c);
            if (holder == null) {
                return null;
            }
            out.computeIfAbsent(holder, k -> EnumSet.noneOf(Kind.class))
                    .add(m.op() == MpiOp.SEND_INIT ? Kind.SEND : Kind.RECEIVE);
        }
        boolean more = !out.isEmpty();
        while (more) {
            more = false;
            for (VariableDeclarator v : Walk.findAll(body, VariableDeclarator.class)) {
                if (v.getInitializer().isPresent()) {
                    more |= copy(out, v.getNameAsString(), v.getInitializer().get());
                }
            }
            for (AssignExpr a : Walk.findAll(body, AssignExpr.class)) {
                String target = root(a.getTarget());
                if (target != null && a.getOperator() == AssignExpr.Operator.ASSIGN) {
                    more |= copy(out, target, a.getValue());
                }
            }
        }
        return out;
    }

    /** Adds to {@code target} the kinds the variables {@code value} copies may hold; true when it grew. */
    private static boolean copy(Map<String, Set<Kind>> holders, String target, Expression value) {
        boolean grew = false;
        for (Expression e : copied(value)) {
            String r = root(e);
            if (r != null && holders.containsKey(r) && !r.equals(target)) {
                grew |= holders.computeIfAbsent(target, k -> EnumSet.noneOf(Kind.class)).addAll(holders.get(r));
            }
        }
        return grew;
    }

    /** The expressions whose requests a value copies: itself, the elements of an array initialiser, both
     *  branches of a conditional. */
    private static List<Expression> copied(Expression value) {
        if (value.isArrayCreationExpr() && value.asArrayCreationExpr().getInitializer().isPresent()) {
            return copied(value.asArrayCreationExpr().getInitializer().get());
        }
        if (value instanceof ArrayInitializerExpr) {
            List<Expression> out = new java.util.ArrayList<>();
            ((ArrayInitializerExpr) value).getValues().forEach(v -> out.addAll(copied(v)));
            return out;
        }
        if (value.isConditionalExpr()) {
            List<Expression> out = new java.util.ArrayList<>(copied(value.asConditionalExpr().getThenExpr()));
            out.addAll(copied(value.asConditionalExpr().getElseExpr()));
            return out;
        }
        return List.of(value);
    }

    /** The variable an expression names, through array accesses, parentheses and casts; null otherwise. */
    static String root(Expression e) {
        Expression x = e;
        while (x.isArrayAccessExpr() || x.isEnclosedExpr() || x.isCastExpr()) {
            x = x.isArrayAccessExpr() ? x.asArrayAccessExpr().getName()
                    : x.isEnclosedExpr() ? x.asEnclosedExpr().getInner() : x.asCastExpr().getExpression();
        }
        return x.isNameExpr() ? x.asNameExpr().getNameAsString() : null;
    }

    static MethodDeclaration enclosingMethod(Node n) {
        for (Node x = n; x != null; x = x.getParentNode().orElse(null)) {
            if (x instanceof MethodDeclaration) {
                return (MethodDeclaration) x;
            }
        }
        return null;
    }
}
