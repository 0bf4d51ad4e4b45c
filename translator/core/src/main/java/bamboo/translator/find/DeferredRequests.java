package bamboo.translator.find;

import bamboo.translator.parse.Walk;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayInitializerExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;

import java.util.HashSet;
import java.util.Set;

/**
 * Which Wait / Test calls may involve an Irecv outside receive blocks (a deferred receive, completed only
 * when a Wait or Test asks for it): those are evaluation or yield points; the others complete at once and
 * are plain calls, wherever they stand. A request variable (or array) holds deferred requests when such an
 * Irecv is assigned to it or to one of its elements, or initialises it; an Irecv whose request goes
 * anywhere else makes every Wait and Test a candidate. A Start or Startall outside receive blocks that may
 * start a persistent receive (Recv_init) defers it the same way ({@link PersistentRequests}).
 */
public final class DeferredRequests {
    private DeferredRequests() {
    }

    /** Whether {@code call}, a Wait or Test of the rank body, may wait for a deferred receive. */
    public static boolean mayInvolve(MethodCallExpr call) {
        MethodDeclaration body = enclosingMethod(call);
        if (body == null) {
            return false;
        }
        Set<String> holders = new HashSet<>();
        boolean anyDeferred = false;
        boolean unknown = false;
        for (MethodCallExpr c : Walk.findAll(body, MethodCallExpr.class)) {
            MpiCall m = MpiCall.of(c);
            if (m == null || Where.part(c).map(p -> p.kind() == BlockKind.RECEIVE).orElse(false)) {
                continue;
            }
            if (m.op() == MpiOp.IRECV) {
                anyDeferred = true;
                String holder = holder(c);
                if (holder == null) {
                    unknown = true;
                } else {
                    holders.add(holder);
                }
            } else if (m.op().isStart() && PersistentRequests.started(c).contains(PersistentRequests.Kind.RECEIVE)) {
                // A persistent receive started outside receive blocks is deferred like such an Irecv; a wait
                // may name the started variable or any variable that holds Recv_init requests.
                anyDeferred = true;
                String root = PersistentRequests.root(PersistentRequests.requests(c));
                Set<String> receivers = PersistentRequests.receiveHolders(body);
                if (root == null || receivers == null) {
                    unknown = true;
                } else {
                    holders.add(root);
                    holders.addAll(receivers);
                }
            }
        }
        if (!anyDeferred) {
            return false;
        }
        if (unknown) {
            return true;
        }
        Expression requests = call.getScope().filter(s -> MpiCall.of(call).op() == MpiOp.WAIT
                || MpiCall.of(call).op() == MpiOp.TEST).orElse(call.getArguments().isEmpty() ? null : call.getArgument(0));
        if (requests == null) {
            return true;
        }
        Expression root = requests;
        while (root.isArrayAccessExpr() || root.isEnclosedExpr()) {
            root = root.isArrayAccessExpr() ? root.asArrayAccessExpr().getName() : root.asEnclosedExpr().getInner();
        }
        if (root.isMethodCallExpr() && MpiCall.of(root.asMethodCallExpr()) != null
                && MpiCall.of(root.asMethodCallExpr()).op() == MpiOp.ISEND) {
            return false; // comm.Isend(...).Wait(): a send's request, complete once the message is copied
        }
        return !root.isNameExpr() || holders.contains(root.asNameExpr().getNameAsString());

    }

    /** The variable an Irecv's request is stored in ({@code q = ..}, {@code q[i] = ..}, {@code q = {..}}). */
    static String holder(MethodCallExpr irecv) {
        Node p = irecv.getParentNode().orElse(null);
        if (p instanceof ArrayInitializerExpr) {
            p = p.getParentNode().orElse(null);
            while (p instanceof ArrayInitializerExpr) {
                p = p.getParentNode().orElse(null);
            }
            if (p instanceof com.github.javaparser.ast.expr.ArrayCreationExpr) {
                p = p.getParentNode().orElse(null);
            }
        }
        if (p instanceof VariableDeclarator) {
            return ((VariableDeclarator) p).getNameAsString();
        }
        if (p instanceof AssignExpr && ((AssignExpr) p).getOperator() == AssignExpr.Operator.ASSIGN) {
            Expression t = ((AssignExpr) p).getTarget();
            while (t.isArrayAccessExpr()) {
                t = t.asArrayAccessExpr().getName();
            }
            return t.isNameExpr() ? t.asNameExpr().getNameAsString() : null;
        }
        return null;
    }

    private static MethodDeclaration enclosingMethod(Node n) {
        for (Node x = n; x != null; x = x.getParentNode().orElse(null)) {
            if (x instanceof MethodDeclaration) {
                return (MethodDeclaration) x;
            }
        }
        return null;
    }
}
