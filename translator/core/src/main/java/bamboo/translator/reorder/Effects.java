package bamboo.translator.reorder;

import bamboo.translator.collectives.CollectiveInliner;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.MpiOp;
import bamboo.translator.inline.CallGraph;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.BlockStmt;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * What a piece of the rank body may read and write, by name: main's locals and the program's statics
 * (its per-task state). Array elements and objects count as their root variable ({@code out[f][i] = x}
 * writes {@code out}; {@code k.pack(f, out[f])} may read and write {@code k} and {@code out}). A call the
 * translator does not know may also touch any state it can reach ({@link #global}); calls it knows are
 * MPI point-to-point calls (their buffers), Wtime, Rank, Size, the TaskHints, inlined collectives (their
 * buffers), {@code Math} and static methods of the inputs that read only their arguments and constants.
 *
 * <p>Names are not aliases: two locals that refer to one array or object are two names here. That is the
 * limit of this analysis (docs/programming-model.md says so).
 */
final class Effects {
    /** Names of variables read (writes of compound assignments and ++ count as reads too). */
    final Set<String> reads = new LinkedHashSet<>();
    /** Names of variables written, or whose array elements or object state may be written. */
    final Set<String> writes = new LinkedHashSet<>();
    /** The calls of unknown effect, as written (for the explanation); non-empty means "may touch anything". */
    final Set<String> unknownCalls = new LinkedHashSet<>();
    /** Point-to-point sends of the user's own traffic (not an inlined collective's). */
    final Set<String> sends = new LinkedHashSet<>();
    /** break, continue, return statements, and whether the code may suspend do not matter here. */

    private final Names names;

    Effects(Names names) {
        this.names = names;
    }

    boolean global() {
        return !unknownCalls.isEmpty();
    }

    /** Adds the effects of {@code n} (a statement or expression of main). */
    Effects add(Node n) {
        visit(n);
        return this;
    }

    private void visit(Node n) {
        if (n instanceof BlockStmt && n.containsData(CollectiveInliner.INLINED_FROM)) {
            collective(n.getData(CollectiveInliner.INLINED_FROM));
            return;
        }
        if (n instanceof LambdaExpr || n instanceof MethodReferenceExpr
                || n instanceof ObjectCreationExpr && ((ObjectCreationExpr) n).getAnonymousClassBody().isPresent()) {
            unknownCalls.add(n.toString());
            return;
        }
        if (n instanceof NameExpr) {
            String name = ((NameExpr) n).getNameAsString();
            if (names.isVariable(name)) {
                reads.add(name);
            }
            return;
        }
        if (n instanceof VariableDeclarator) {
            String name = ((VariableDeclarator) n).getNameAsString();
            writes.add(name);
            ((VariableDeclarator) n).getInitializer().ifPresent(this::visit);
            return;
        }
        if (n instanceof AssignExpr) {
            AssignExpr a = (AssignExpr) n;
            written(a.getTarget());
            visit(a.getTarget()); // the root and the indices are read too (conservative for plain '=')
            visit(a.getValue());
            return;
        }
        if (n instanceof UnaryExpr && isUpdate(((UnaryExpr) n).getOperator())) {
            written(((UnaryExpr) n).getExpression());
            visit(((UnaryExpr) n).getExpression());
            return;
        }
        if (n instanceof MethodCallExpr) {
            call((MethodCallExpr) n);
            return;
        }
        if (n instanceof ObjectCreationExpr) {
            ObjectCreationExpr o = (ObjectCreationExpr) n;
            unknownCalls.add("new " + o.getType());
            for (Expression a : o.getArguments()) {
                mayChange(a);
                visit(a);
            }
            return;
        }
        for (Node c : n.getChildNodes()) {
            visit(c);
        }
    }

    private static boolean isUpdate(UnaryExpr.Operator op) {
        return op == UnaryExpr.Operator.PREFIX_INCREMENT || op == UnaryExpr.Operator.PREFIX_DECREMENT
                || op == UnaryExpr.Operator.POSTFIX_INCREMENT || op == UnaryExpr.Operator.POSTFIX_DECREMENT;
    }

    private void written(Expression target) {
        String root = root(target);
        if (root != null && names.isVariable(root)) {
            writes.add(root);
        }
    }

    /** An argument or receiver handed to code that may change what it refers to. */
    private void mayChange(Expression e) {
        String root = root(e);
        if (root != null && names.isVariable(root)) {
            writes.add(root);
        }
    }

    /** The variable an lvalue or reference expression starts from: {@code a} for {@code a[i].f[j]}. */
    static String root(Expression e) {
        while (true) {
            if (e instanceof NameExpr) {
                return ((NameExpr) e).getNameAsString();
            } else if (e instanceof ArrayAccessExpr) {
                e = ((ArrayAccessExpr) e).getName();
            } else if (e instanceof FieldAccessExpr) {
                e = ((FieldAccessExpr) e).getScope();
            } else if (e instanceof EnclosedExpr) {
                e = ((EnclosedExpr) e).getInner();
            } else if (e instanceof MethodCallExpr && ((MethodCallExpr) e).getScope().isPresent()) {
                e = ((MethodCallExpr) e).getScope().get(); // a getter's result may be the receiver's state
            } else {
                return null;
            }
        }
    }

    private void call(MethodCallExpr c) {
        MpiCall mpi = MpiCall.of(c);
        if (mpi != null) {
            mpiCall(c, mpi.op());
            return;
        }
        c.getScope().ifPresent(this::visit);
        c.getArguments().forEach(this::visit);
        if (c.getScope().isPresent() && isMath(c.getScope().get())) {
            return;
        }
        Node target = c.containsData(CallGraph.TARGET) ? c.getData(CallGraph.TARGET) : null;
        if (target instanceof MethodDeclaration && Purity.isPure((MethodDeclaration) target)) {
            return; // reads its arguments (visited above) and constants, writes nothing
        }
        unknownCalls.add(c.toString());
        c.getScope().ifPresent(this::mayChange);
        c.getArguments().forEach(this::mayChange);
    }

    private static boolean isMath(Expression scope) {
        return scope instanceof NameExpr && (((NameExpr) scope).getNameAsString().equals("Math")
                || ((NameExpr) scope).getNameAsString().equals("StrictMath"))
                || scope.toString().equals("java.lang.Math");
    }

    private void mpiCall(MethodCallExpr c, MpiOp op) {
        c.getScope().ifPresent(this::visit);
        c.getArguments().forEach(this::visit);
        switch (op) {
            case RANK, SIZE, WTIME, PRIORITY, YIELD_AFTER_REGION, INIT, FINALIZE:
                return;
            case SEND, ISEND:
                if (!c.containsData(CollectiveInliner.COLLECTIVE_TRAFFIC)) {
                    sends.add(c.toString());
                }
                return;
            case RECV, IRECV:
                mayChange(c.getArgument(MpiCall.BUF));
                return;
            case SENDRECV:
                if (!c.containsData(CollectiveInliner.COLLECTIVE_TRAFFIC)) {
                    sends.add(c.toString());
                }
                mayChange(c.getArgument(6 + MpiCall.BUF));
                return;
            case SENDRECV_REPLACE:
                if (!c.containsData(CollectiveInliner.COLLECTIVE_TRAFFIC)) {
                    sends.add(c.toString());
                }
                mayChange(c.getArgument(MpiCall.BUF));
                return;
            default:
                // Waits, tests, probes, communicator operations: their requests, statuses and buffers.
                c.getScope().ifPresent(this::mayChange);
                c.getArguments().forEach(this::mayChange);
        }
    }

    /** An inlined collective: reads its arguments, may write its buffers (every argument, conservatively). */
    private void collective(MethodCallExpr call) {
        call.getScope().ifPresent(this::visit);
        for (Expression a : call.getArguments()) {
            visit(a);
            if (!isPredefinedConstant(a)) {
                mayChange(a);
            }
        }
    }

    /** {@code MPI.DOUBLE}, {@code MPI.MAX}: constants of the MPI class. A user-defined Op is a name. */
    private static boolean isPredefinedConstant(Expression a) {
        return a instanceof FieldAccessExpr && root(a) != null && root(a).equals("MPI");
    }

    /** Which names are variables (main's locals and parameter, the program class's mutable statics). */
    static final class Names {
        private final Set<String> variables = new LinkedHashSet<>();
        private final Set<String> fields = new LinkedHashSet<>();

        Names(ClassOrInterfaceDeclaration type, MethodDeclaration main) {
            for (Parameter p : main.getParameters()) {
                variables.add(p.getNameAsString());
            }
            main.getBody().ifPresent(b -> b.findAll(VariableDeclarator.class)
                    .forEach(v -> variables.add(v.getNameAsString())));
            for (FieldDeclaration f : type.getFields()) {
                if (f.isStatic() && !(f.isFinal() && f.getElementType().isPrimitiveType())
                        && !(f.isFinal() && f.getElementType().asString().equals("String"))) {
                    f.getVariables().forEach(v -> fields.add(v.getNameAsString()));
                }
            }
            variables.addAll(fields);
        }

        boolean isVariable(String name) {
            return variables.contains(name);
        }

        boolean isField(String name) {
            return fields.contains(name);
        }
    }
}
