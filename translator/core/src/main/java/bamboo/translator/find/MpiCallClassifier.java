package bamboo.translator.find;

import bamboo.translator.parse.Printed;
import bamboo.translator.parse.Walk;
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

import java.util.List;
import java.util.Optional;
import java.util.Set;

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
        classify(Walk.findAll(root, MethodCallExpr.class), file, diagnostics);
    }

    /** Annotates every MPI call among {@code calls} with {@link MpiCall#KEY}. */
    public void classify(List<MethodCallExpr> calls, String file, Diagnostics diagnostics) {
        for (MethodCallExpr call : calls) {
            if (!classified.add(call)) {
                continue; // a program's calls are classified with its class, then again with its file
            }
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
            } else if (type.equals("mpi.Op") || type.equals("mpi.Datatype") || type.equals("mpi.Status")
                    || type.equals("mpi.Group")) {
                // local objects (user reductions, types and their constructors, the statuses translated
                // receives return, groups, which become bamboo.runtime.comm.TaskGroup): their methods need no
                // translation
                continue;
            } else if (type.startsWith("mpi.")) {
                boolean cart = type.equals("mpi.Cartcomm");
                boolean communicator = type.equals("mpi.Comm") || type.equals("mpi.Intracomm") || cart;
                boolean request = type.equals("mpi.Request") || type.equals("mpi.Prequest");
                MpiOp kind = op;
                if (op == MpiOp.COMM_LOCAL && !communicator) {
                    kind = request && call.getNameAsString().equals("Free") ? MpiOp.REQUEST_FREE : MpiOp.UNSUPPORTED;
                } else if (cart && call.getNameAsString().equals("Dup")) {
                    kind = MpiOp.UNSUPPORTED; // a grid's Dup keeps the grid: the library's Dup makes a plain one
                } else if (!cart && Set.of("Coords", "Shift", "Get", "Sub").contains(call.getNameAsString())) {
                    kind = MpiOp.UNSUPPORTED; // a graph's or an intercommunicator's, not translated
                }
                call.setData(MpiCall.KEY, new MpiCall(kind, call.getNameAsString()));
            }
        }
    }

    /**
     * The qualified name of the type that receives (or declares) the call, if it can be resolved. The
     * receiver's type is enough to tell an mpi call and much cheaper than overload resolution; receivers
     * spelled like type names ({@code MPI.COMM_WORLD}, {@code Request}) are resolved once per file.
     */
    private Optional<String> ownerType(MethodCallExpr call) {
        Expression scope = call.getScope().orElseThrow();
        String text = Printed.text(scope); // toString(), without printing a plain name
        boolean typeLike = !text.isEmpty() && Character.isUpperCase(text.charAt(0));
        Object unit = call.findCompilationUnit().orElse(null);
        if (unit != cachedUnit) {
            cachedUnit = unit;
            cache.clear();
        }
        if (typeLike && cache.containsKey(text)) {
            return cache.get(text);
        }
        Optional<String> owner = receiverType(scope, call);
        if (owner.isEmpty()) {
            try {
                ResolvedMethodDeclaration m = facade.solve(call).getCorrespondingDeclaration();
                owner = Optional.of(m.declaringType().getQualifiedName());
            } catch (RuntimeException | StackOverflowError e) {
                owner = Optional.empty();
            }
        }
        if (typeLike) {
            cache.put(text, owner);
        }
        return owner;
    }

    private final java.util.Set<MethodCallExpr> classified =
            java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    private Object cachedUnit;
    private final java.util.Map<String, Optional<String>> cache = new java.util.HashMap<>();

    private Optional<String> receiverType(Expression scope, MethodCallExpr call) {
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
