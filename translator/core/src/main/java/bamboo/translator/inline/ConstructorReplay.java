package bamboo.translator.inline;

import bamboo.translator.analyse.Marks;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.MpiOp;
import bamboo.translator.find.Where;
import bamboo.translator.parse.Templates;
import bamboo.translator.parse.Walk;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.Statement;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Constructors that set statics which become per-task state ({@code this.rank = rank;}, as kernels written
 * for one rank per JVM do). The object is created as written (the real constructor also sets the class's
 * shared static, which no translated code reads), and the assignments to per-task statics are repeated
 * right after the creation on the task's copies, with the arguments evaluated once into locals. Only
 * assignments of a constructor parameter, a constant or an expression of those are repeated; any other
 * use of a per-task static in a constructor or instance initialiser is refused.
 */
final class ConstructorReplay {
    private final MethodInliner.Run run;

    ConstructorReplay(MethodInliner.Run run) {
        this.run = run;
    }

    /** Why creating a {@code k} cannot be translated, or null. */
    String whyNot(TypeDeclaration<?> k) {
        for (MethodCallExpr c : Walk.findAll(k, MethodCallExpr.class)) {
            if (Members.ownerType(c) != k || !(Members.ownerMethod(c) instanceof ConstructorDeclaration
                    || Members.ownerMethod(c) == k)) {
                continue;
            }
            MpiCall mpi = MpiCall.of(c);
            boolean needs = mpi != null ? mpi.op() != MpiOp.WTIME && mpi.op() != MpiOp.PURE && !worldQuery(c, mpi)
                    : run.graph.needsTask(run.graph.target(c));
            if (needs) {
                return "constructors are not inlined; make those calls in a method";
            }
        }
        for (CallGraph.StaticUse u : uses(k)) {
            Expression at = u.at();
            Node owner = Members.ownerMethod(at);
            String name = u.field().owner().getNameAsString() + "." + u.field().name();
            if (!(owner instanceof ConstructorDeclaration)) {
                return "an instance initialiser uses " + name + ", which becomes per-task state; set it in main or a method";
            }
            ConstructorDeclaration ctor = (ConstructorDeclaration) owner;
            if (ctor.getBody().getStatements().stream().anyMatch(Statement::isExplicitConstructorInvocationStmt)) {
                return "its constructor sets " + name + ", which becomes per-task state, and calls this(...) or super(...)";
            }
            if (assignment(at, ctor) == null) {
                return "the constructor uses " + name + ", which becomes per-task state, other than by setting it "
                        + "from its parameters in a statement of its own (this." + u.field().name() + " = " + u.field().name()
                        + ";): the task would not see what it does";
            }
        }
        return null;
    }

    /**
     * {@code MPI.COMM_WORLD.Rank()} or {@code Size()}: left as written in a constructor, answered by the task
     * that creates the object (the creation binds the task's view of the world around it).
     */
    private static boolean worldQuery(MethodCallExpr c, MpiCall mpi) {
        return (mpi.op() == MpiOp.RANK || mpi.op() == MpiOp.SIZE) && c.getArguments().isEmpty()
                && c.getScope().map(s -> s.toString().equals("MPI.COMM_WORLD") || s.toString().equals("mpi.MPI.COMM_WORLD"))
                        .orElse(false);
    }

    /** Whether creating a {@code k} asks the world for the rank or size (the creation then binds the task's view). */
    private static boolean asksTheWorld(TypeDeclaration<?> k) {
        for (MethodCallExpr c : Walk.findAll(k, MethodCallExpr.class)) {
            MpiCall mpi = MpiCall.of(c);
            if (Members.ownerType(c) == k && (Members.ownerMethod(c) instanceof ConstructorDeclaration
                    || Members.ownerMethod(c) == k) && mpi != null && worldQuery(c, mpi)) {
                return true;
            }
        }
        return false;
    }

    private List<CallGraph.StaticUse> uses(TypeDeclaration<?> k) {
        List<CallGraph.StaticUse> out = new ArrayList<>();
        for (CallGraph.StaticUse u : run.graph.staticUses()) {
            if (u.body() == k && run.statics.isPerTask(u.at())) {
                out.add(u);
            }
        }
        return out;
    }

    /** {@code use = value;} as a statement of the constructor's body, value made of parameters and constants. */
    private AssignExpr assignment(Expression use, ConstructorDeclaration ctor) {
        Node p = use.getParentNode().orElse(null);
        if (!(p instanceof AssignExpr) || ((AssignExpr) p).getTarget() != use
                || ((AssignExpr) p).getOperator() != AssignExpr.Operator.ASSIGN) {
            return null;
        }
        AssignExpr a = (AssignExpr) p;
        Node stmt = a.getParentNode().orElse(null);
        if (!(stmt instanceof ExpressionStmt) || stmt.getParentNode().orElse(null) != ctor.getBody()) {
            return null;
        }
        for (Expression e : Walk.findAll(a.getValue(), Expression.class)) {
            boolean fine = e instanceof LiteralExpr || e instanceof BinaryExpr || e instanceof EnclosedExpr
                    || e instanceof CastExpr || e instanceof ConditionalExpr
                    || e instanceof UnaryExpr && !isStep(((UnaryExpr) e).getOperator())
                    || e instanceof NameExpr && (unassignedParameter((NameExpr) e, ctor) || constant(e))
                    || e instanceof FieldAccessExpr && constant(e);
            if (!fine && !(e.getParentNode().orElse(null) instanceof FieldAccessExpr && constant(
                    (Expression) e.getParentNode().get()))) {
                return null;
            }
        }
        return a;
    }

    private static boolean isStep(UnaryExpr.Operator o) {
        return o == UnaryExpr.Operator.PREFIX_INCREMENT || o == UnaryExpr.Operator.PREFIX_DECREMENT
                || o == UnaryExpr.Operator.POSTFIX_INCREMENT || o == UnaryExpr.Operator.POSTFIX_DECREMENT;
    }

    private boolean constant(Expression e) {
        return run.refs.of(e).map(Members.FieldRef::isConstant).orElse(false);
    }

    private static boolean unassignedParameter(NameExpr n, ConstructorDeclaration ctor) {
        String id = n.getNameAsString();
        if (ctor.getParameters().stream().noneMatch(p -> p.getNameAsString().equals(id))
                || Walk.findAll(ctor.getBody(), VariableDeclarator.class).stream().anyMatch(v -> v.getNameAsString().equals(id))) {
            return false;
        }
        for (AssignExpr a : Walk.findAll(ctor.getBody(), AssignExpr.class)) {
            if (a.getTarget() instanceof NameExpr && ((NameExpr) a.getTarget()).getNameAsString().equals(id)) {
                return false;
            }
        }
        for (UnaryExpr u : Walk.findAll(ctor.getBody(), UnaryExpr.class)) {
            if (isStep(u.getOperator()) && u.getExpression() instanceof NameExpr
                    && ((NameExpr) u.getExpression()).getNameAsString().equals(id)) {
                return false;
            }
        }
        return true;
    }

    /** Repeats the per-task assignments of the constructor {@code n} runs; false (reported) when it cannot. */
    boolean expand(ObjectCreationExpr n) {
        TypeDeclaration<?> k = (TypeDeclaration<?>) n.getData(CallGraph.TARGET);
        if (whyNot(k) != null) {
            return false; // reported at the creation in the source
        }
        if (!repeatAssignments(n, k)) {
            return false;
        }
        if (asksTheWorld(k)) {
            int line = Marks.line(n);
            MethodCallExpr leave = new MethodCallExpr("bambooLeaveWorld");
            n.replace(leave);
            leave.addArgument(new MethodCallExpr("bambooEnterWorld")).addArgument(n);
            Walk.findAll(leave, Node.class).forEach(y -> y.setData(Marks.LINE, line));
        }
        return true;
    }

    private boolean repeatAssignments(ObjectCreationExpr n, TypeDeclaration<?> k) {
        List<CallGraph.StaticUse> uses = uses(k);
        List<ConstructorDeclaration> ctors = new ArrayList<>();
        for (ConstructorDeclaration c : k.getConstructors()) {
            if (c.getParameters().size() == n.getArguments().size()) {
                ctors.add(c);
            }
        }
        ConstructorDeclaration ctor = null;
        for (ConstructorDeclaration c : ctors) {
            if (uses.stream().anyMatch(u -> Members.ownerMethod(u.at()) == c)) {
                ctor = c;
            }
        }
        if (ctor == null) {
            return true; // the constructor that runs sets no per-task static
        }
        String what = "new " + k.getNameAsString() + "(...) sets static state that becomes per-task, which the task "
                + "then sets again on its own copy";
        if (ctors.size() > 1 || ctor.getParameters().stream().anyMatch(Parameter::isVarArgs)) {
            run.refuse(n, what + ", but the translator cannot tell which constructor runs (overloads of the same "
                    + "arity or varargs)");
            return false;
        }
        Optional<String> barrier = Where.barrier(n);
        Statement s = Walk.ancestor(n, Statement.class).orElse(null);
        boolean own = s instanceof ExpressionStmt && s.getParentNode().orElse(null) instanceof BlockStmt
                && (((ExpressionStmt) s).getExpression() == n
                || ((ExpressionStmt) s).getExpression() instanceof AssignExpr
                && ((AssignExpr) ((ExpressionStmt) s).getExpression()).getValue() == n
                && ((AssignExpr) ((ExpressionStmt) s).getExpression()).getTarget() instanceof NameExpr
                || ((ExpressionStmt) s).getExpression() instanceof VariableDeclarationExpr
                && n.getParentNode().orElse(null) instanceof VariableDeclarator);
        if (barrier.isPresent() || !own) {
            run.refuse(n, what + ": create it in a statement of its own (" + k.getNameAsString() + " x = new "
                    + k.getNameAsString() + "(...);)" + barrier.map(b -> ", not inside " + b).orElse(""));
            return false;
        }
        BlockStmt block = (BlockStmt) s.getParentNode().orElseThrow();
        int at = block.getStatements().indexOf(s);
        int line = Marks.line(n);
        List<Statement> before = new ArrayList<>();
        Map<String, String> params = new HashMap<>();
        for (int i = 0; i < ctor.getParameters().size(); i++) {
            Parameter p = ctor.getParameter(i);
            String local = run.fresh(p.getNameAsString());
            params.put(p.getNameAsString(), local);
            Expression arg = n.getArgument(i);
            n.setArgument(i, new NameExpr(local));
            before.add(new ExpressionStmt(new VariableDeclarationExpr(new VariableDeclarator(
                    run.qualifiedType(p.getType()), local, arg))));
        }
        List<Statement> after = new ArrayList<>();
        for (CallGraph.StaticUse u : uses) {
            if (Members.ownerMethod(u.at()) != ctor) {
                continue;
            }
            AssignExpr a = assignment(u.at(), ctor);
            Expression value = a.getValue().clone();
            List<Expression> orig = Walk.findAll(a.getValue(), Expression.class);
            List<Expression> copy = Walk.findAll(value, Expression.class);
            for (int i = 0; i < orig.size(); i++) {
                Expression o = orig.get(i);
                Expression c = copy.get(i);
                if (c != value && c.getParentNode().isEmpty()) {
                    continue;
                }
                if (o instanceof NameExpr && params.containsKey(((NameExpr) o).getNameAsString()) && !constant(o)) {
                    ((NameExpr) c).setName(params.get(((NameExpr) o).getNameAsString()));
                } else if ((o instanceof NameExpr || o instanceof FieldAccessExpr) && constant(o)) {
                    Members.FieldRef f = run.refs.of(o).orElseThrow();
                    Expression q = run.reachable(f.owner(), f.declaration())
                            ? new FieldAccessExpr(Templates.expression(run.ref(f.owner())), f.name())
                            : new EnclosedExpr(f.variable().getInitializer().orElseThrow().clone());
                    if (c == value) {
                        value = q;
                    } else {
                        c.replace(q);
                    }
                } else if (o instanceof CastExpr) {
                    ((CastExpr) c).setType(run.qualifiedType(((CastExpr) o).getType()));
                }
            }
            Expression target = u.at().clone();
            AssignExpr again = new AssignExpr(target, value, AssignExpr.Operator.ASSIGN);
            ExpressionStmt stmt = new ExpressionStmt(again);
            // the target, still the constructor's spelling, becomes the task's copy
            run.statics.replace(u.at(), target);
            after.add(stmt);
        }
        for (int i = after.size() - 1; i >= 0; i--) {
            block.getStatements().add(at + 1, after.get(i));
        }
        for (int i = before.size() - 1; i >= 0; i--) {
            block.getStatements().add(at, before.get(i));
        }
        for (Statement x : before) {
            Walk.findAll(x, Node.class).forEach(y -> y.setData(Marks.LINE, line));
        }
        for (Statement x : after) {
            Walk.findAll(x, Node.class).forEach(y -> y.setData(Marks.LINE, line));
        }
        return true;
    }
}
