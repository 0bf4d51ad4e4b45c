package bamboo.translator.inline;

import bamboo.translator.parse.Printed;

import bamboo.translator.parse.Walk;
import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.Program;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.UnaryExpr;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Tasks share nothing but messages. Untranslated, each rank has its own class loader and so its own
 * statics; translated, all tasks of a process share one class loader. The program class's statics become
 * per-task fields; a static of another class of the tree that code reached from the rank body can change
 * (not final, or a final array it writes into) would be shared by every task, so it is refused.
 */
final class SharedStatics {
    private final Members members;
    private final Program program;
    private final Set<String> reported = new HashSet<>();

    SharedStatics(Members members, Program program) {
        this.members = members;
        this.program = program;
    }

    void check(CallGraph graph, Diagnostics d) {
        Members.Locals locals = new Members.Locals(); // nothing changes the tree during the check
        for (Node body : graph.reached()) {
            for (NameExpr n : Walk.findAll(body, NameExpr.class)) {
                if (body instanceof TypeDeclaration && Members.ownerType(n) != body) {
                    continue; // a method of the created type, not what new runs
                }
                members.unqualified(n, Members.ownerMethod(n), locals).ifPresent(f -> check(n, f, d));
            }
            for (FieldAccessExpr a : Walk.findAll(body, FieldAccessExpr.class)) {
                if (body instanceof TypeDeclaration && Members.ownerType(a) != body) {
                    continue;
                }
                if (a.getScope() instanceof NameExpr
                        && !locals.isLocal((NameExpr) a.getScope(), Members.ownerMethod(a))) {
                    Optional<TypeDeclaration<?>> t = members.type(Printed.text(a.getScope()));
                    if (t.isPresent()) {
                        members.field(t.get(), a.getNameAsString()).filter(Members.FieldRef::isStatic)
                                .ifPresent(f -> check(a, f, d));
                    }
                }
            }
        }
    }

    private void check(Expression use, Members.FieldRef f, Diagnostics d) {
        if (!f.isStatic() || f.owner() == program.type() || f.isConstant()) {
            return;
        }
        String name = f.owner().getNameAsString() + "." + f.name();
        String problem = null;
        if (!f.declaration().isFinal()) {
            problem = "is not final";
        } else if (writtenThrough(use)) {
            problem = "is an array written here";
        }
        if (problem != null && reported.add(name)) {
            d.error(members.fileOf(use), use, "static field " + name + " " + problem + ", and the rank body reaches it: "
                    + "all tasks of the translated program share it (they run in one JVM), while each rank has its "
                    + "own untranslated; make it a constant, a field of an object main creates, or a static of the "
                    + "program class (those become per-task state)");
        }
    }

    /** {@code F[i] = ...}, {@code F[i]++}: a write into the array a final static holds. */
    private static boolean writtenThrough(Expression use) {
        Node child = use;
        Node p = use.getParentNode().orElse(null);
        while (p instanceof ArrayAccessExpr && ((ArrayAccessExpr) p).getName() == child) {
            child = p;
            p = p.getParentNode().orElse(null);
        }
        if (child == use) {
            return false;
        }
        return p instanceof AssignExpr && ((AssignExpr) p).getTarget() == child
                || p instanceof UnaryExpr && (((UnaryExpr) p).isPrefix() || ((UnaryExpr) p).isPostfix())
                && !(((UnaryExpr) p).getOperator() == UnaryExpr.Operator.PLUS
                || ((UnaryExpr) p).getOperator() == UnaryExpr.Operator.MINUS);
    }
}
