package bamboo.translator.find;

import bamboo.translator.diagnostics.Diagnostics;
import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.resolution.declarations.ResolvedMethodDeclaration;
import com.github.javaparser.resolution.types.ResolvedType;
import com.github.javaparser.symbolsolver.javaparsermodel.JavaParserFacade;

import java.util.Optional;

/**
 * Recognises MPI calls by what they resolve to, not by their spelling. Only calls whose name is a method
 * name of the mpi API are resolved (symbol resolution is the slow part of the pipeline): first the method
 * itself, then, if the solver cannot pick an overload, the type of its receiver.
 */
public final class MpiCallClassifier {
    private final JavaParserFacade facade;

    public MpiCallClassifier(JavaParserFacade facade) {
        this.facade = facade;
    }

    /** Annotates every MPI call under {@code root} with {@link MpiCall#KEY}. */
    public void classify(Node root, String file, Diagnostics diagnostics) {
        for (MethodCallExpr call : root.findAll(MethodCallExpr.class)) {
            MpiOp op = MpiOp.candidate(call.getNameAsString());
            if (op == null || call.getScope().isEmpty()) {
                continue;
            }
            Optional<String> owner = ownerType(call);
            if (owner.isEmpty() && op.isHint() && !call.getScope().get().toString().endsWith("TaskHints")) {
                continue; // a lower-case name like priority() on some unrelated, unresolvable type
            }
            if (owner.isEmpty()) {
                diagnostics.error(file, call, "cannot resolve the receiver of " + call.getNameAsString()
                        + "(...) to tell whether it is an MPI call; check the imports and types of '"
                        + call.getScope().get() + "'");
                continue;
            }
            String type = owner.get();
            if (op.isHint()) {
                if (type.equals("bamboo.TaskHints")) {
                    call.setData(MpiCall.KEY, new MpiCall(op, call.getNameAsString()));
                }
            } else if (type.startsWith("mpi.")) {
                call.setData(MpiCall.KEY, new MpiCall(op, call.getNameAsString()));
            }
        }
    }

    /** The qualified name of the type that declares (or receives) the call, if it can be resolved. */
    private Optional<String> ownerType(MethodCallExpr call) {
        try {
            ResolvedMethodDeclaration m = facade.solve(call).getCorrespondingDeclaration();
            return Optional.of(m.declaringType().getQualifiedName());
        } catch (RuntimeException | StackOverflowError e) {
            // fall back to the receiver's type
        }
        Expression scope = call.getScope().orElseThrow();
        try {
            ResolvedType t = facade.getType(scope);
            if (t.isReferenceType()) {
                return Optional.of(t.asReferenceType().getQualifiedName());
            }
            return Optional.of(t.describe());
        } catch (RuntimeException | StackOverflowError e) {
            // maybe a type name (MPI.Init, Request.Waitall)
        }
        if (scope instanceof NameExpr || scope instanceof FieldAccessExpr) {
            try {
                ResolvedType t = facade.convert(StaticJavaParser.parseClassOrInterfaceType(scope.toString()), call);
                if (t.isReferenceType()) {
                    return Optional.of(t.asReferenceType().getQualifiedName());
                }
            } catch (RuntimeException | StackOverflowError e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }
}
