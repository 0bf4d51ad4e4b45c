package bamboo.translator.inline;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.parse.Walk;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.TypeExpr;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A method reference ({@code Prog::step}, {@code kernel::exchange}) to a method that needs the task: the
 * translator inlines such methods where they are called, and a reference is called by code it does not
 * see (a stream, an executor, an interface method), which would run the untranslated method outside any
 * task. Refused at the reference.
 */
final class MethodReferences {
    private final Members members;

    MethodReferences(Members members) {
        this.members = members;
    }

    void check(CallGraph graph, Diagnostics d) {
        for (Node body : graph.reached()) {
            for (MethodReferenceExpr r : Walk.findAll(body, MethodReferenceExpr.class)) {
                if (body instanceof TypeDeclaration && Members.ownerType(r) != body) {
                    continue; // for a created type: a method of it, not what new runs
                }
                for (MethodDeclaration m : targets(r, members)) {
                    if (graph.needsTask(m)) {
                        d.error(members.fileOf(r), r, "method reference " + r + " to " + CallGraph.name(m) + ", which "
                                + graph.why(m) + ": the translator inlines such methods where they are called, and a "
                                + "reference is called by code it does not translate; call the method directly");
                        break;
                    }
                }
            }
        }
    }

    /** The methods of the tree the reference may denote: every method of that name in the named type. */
    static List<MethodDeclaration> targets(MethodReferenceExpr r, Members members) {
        List<MethodDeclaration> out = new ArrayList<>();
        try {
            Optional<Node> ast = r.resolve().toAst();
            if (ast.isPresent() && ast.get() instanceof MethodDeclaration) {
                out.add((MethodDeclaration) ast.get());
                return out;
            }
        } catch (RuntimeException | StackOverflowError e) {
            // fall back to the name below
        }
        Optional<TypeDeclaration<?>> t = r.getScope() instanceof TypeExpr
                ? members.type(((TypeExpr) r.getScope()).getType().asString().replaceAll(".*\\.", ""))
                : Optional.empty();
        t.ifPresent(type -> out.addAll(type.getMethodsByName(r.getIdentifier())));
        return out;
    }
}
