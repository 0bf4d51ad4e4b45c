package bamboo.translator.reorder;

import bamboo.translator.parse.Printed;
import bamboo.translator.parse.Walk;
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
            Set<String> own = new java.util.HashSet<>();
            Walk.findAll(n, VariableDeclarator.class).forEach(v -> own.add(v.getNameAsString()));
            for (AssignExpr a : Walk.findAll(n, AssignExpr.class)) { // the result of Split, Dup, Create
                String root = root(a.getTarget());
                if (root != null && !own.contains(root) && names.isVariable(root)) {
                    writes.add(names.canonical(root));
                }
            }
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
                reads.add(names.canonical(name));
            }
            return;
        }
        if (n instanceof VariableDeclarator) {
            String name = ((VariableDeclarator) n).getNameAsString();
            writes.add(names.canonical(name));
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
            writes.add(names.canonical(root));
        }
    }

    /** An argument or receiver handed to code that may change what it refers to. */
    private void mayChange(Expression e) {
        String root = root(e);
        if (root != null && names.isVariable(root)) {
            writes.add(names.canonical(root));
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
                || Printed.text(scope).equals("java.lang.Math");
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

    /** The argument a collective receives into, by name (mpiJava 1.2 argument order); absent: unknown. */
    private static final java.util.Map<String, Integer> RECEIVE_BUFFER = java.util.Map.ofEntries(
            java.util.Map.entry("Barrier", -1), java.util.Map.entry("Bcast", 0), java.util.Map.entry("Reduce", 2),
            java.util.Map.entry("Allreduce", 2), java.util.Map.entry("Scan", 2),
            java.util.Map.entry("Reduce_scatter", 2), java.util.Map.entry("Gather", 4),
            java.util.Map.entry("Gatherv", 4), java.util.Map.entry("Scatter", 4), java.util.Map.entry("Scatterv", 5),
            java.util.Map.entry("Allgather", 4), java.util.Map.entry("Allgatherv", 4),
            java.util.Map.entry("Alltoall", 4), java.util.Map.entry("Alltoallv", 5));

    /**
     * An inlined collective: reads its arguments and writes its receive buffer. A collective of unknown
     * shape (a communicator constructor) may write every argument; a user-defined Op runs user code.
     */
    private void collective(MethodCallExpr call) {
        call.getScope().ifPresent(this::visit);
        Integer into = RECEIVE_BUFFER.get(call.getNameAsString());
        for (int i = 0; i < call.getArguments().size(); i++) {
            Expression a = call.getArgument(i);
            visit(a);
            if (into == null ? !isPredefinedConstant(a) : i == into) {
                mayChange(a);
            }
        }
        String name = call.getNameAsString();
        if ((name.contains("educe") || name.equals("Scan")) && call.getArguments().size() > 6) {
            Expression op = call.getArgument(6); // (sbuf, soff, rbuf, roff, count(s), type, op, ...)
            if (!isPredefinedConstant(op)) {
                unknownCalls.add(call.getNameAsString() + " with the operation " + op);
            }
        }
    }

    /** {@code MPI.DOUBLE}, {@code MPI.MAX}: constants of the MPI class. A user-defined Op is a name. */
    private static boolean isPredefinedConstant(Expression a) {
        return a instanceof FieldAccessExpr && root(a) != null && root(a).equals("MPI");
    }

    /**
     * Which names are variables (main's locals and parameter, the program class's mutable statics), and
     * which of them may refer to the same array or object. Two reference variables share an alias class
     * when one is assigned from the other, from a part of it ({@code row = grid[i]}, {@code nb =
     * k.neighbours()}), or from a call that was handed the other, when one is stored into the other
     * ({@code a[i] = b}), or when both are handed to one call of unknown effect (it may link them); a
     * variable assigned from a static call of unknown effect or a static of another class is in the shared
     * class. The effects of a reference variable are recorded under its class's first-declared name, so
     * a write through one name conflicts with a read through another. Flow-insensitive: one assignment
     * anywhere in main links two names for the whole body.
     */
    static final class Names {
        static final String SHARED = "(objects returned by static calls)";
        private final Set<String> variables = new LinkedHashSet<>();
        private final Set<String> fields = new LinkedHashSet<>();
        private final Set<String> references = new LinkedHashSet<>();
        private final java.util.Map<String, String> parent = new java.util.HashMap<>();
        private final java.util.Map<String, Integer> order = new java.util.HashMap<>();
        /** For arrays of a primitive type, how many indexings give a primitive value ({@code long[][]}: 2). */
        private final java.util.Map<String, Integer> primitiveLevels = new java.util.HashMap<>();

        Names(ClassOrInterfaceDeclaration type, MethodDeclaration main) {
            for (Parameter p : main.getParameters()) {
                variables.add(p.getNameAsString());
                if (!p.getType().isPrimitiveType()) {
                    references.add(p.getNameAsString());
                }
            }
            main.getBody().ifPresent(b -> Walk.findAll(b, VariableDeclarator.class).forEach(v -> {
                variables.add(v.getNameAsString());
                if (!v.getType().isPrimitiveType()) {
                    references.add(v.getNameAsString());
                }
                if (v.getType().isArrayType() && v.getType().getElementType().isPrimitiveType()) {
                    primitiveLevels.merge(v.getNameAsString(), v.getType().getArrayLevel(), Math::min);
                } else {
                    primitiveLevels.put(v.getNameAsString(), -1); // a name of two scopes: the careful answer
                }
            }));
            for (FieldDeclaration f : type.getFields()) {
                if (f.isStatic() && !(f.isFinal() && f.getElementType().isPrimitiveType())
                        && !(f.isFinal() && f.getElementType().asString().equals("String"))) {
                    f.getVariables().forEach(v -> {
                        fields.add(v.getNameAsString());
                        if (!v.getType().isPrimitiveType()) {
                            references.add(v.getNameAsString());
                        }
                    });
                }
            }
            variables.addAll(fields);
            int k = 0;
            order.put(SHARED, k++);
            for (String r : references) {
                order.put(r, k++);
            }
            main.getBody().ifPresent(this::link);
        }

        boolean isVariable(String name) {
            return variables.contains(name);
        }

        boolean isField(String name) {
            return fields.contains(name);
        }

        /** The name effects on {@code name} are recorded under (its alias class's first name). */
        String canonical(String name) {
            return references.contains(name) ? find(name) : name;
        }

        /** Whether no other variable may refer to what {@code name} refers to. */
        boolean unaliased(String name) {
            if (!references.contains(name)) {
                return true;
            }
            String root = find(name);
            for (String r : references) {
                if (!r.equals(name) && find(r).equals(root)) {
                    return false;
                }
            }
            return !root.equals(SHARED);
        }

        private String find(String n) {
            String p = parent.getOrDefault(n, n);
            if (p.equals(n)) {
                return n;
            }
            String root = find(p);
            parent.put(n, root);
            return root;
        }

        private void union(String a, String b) {
            String ra = find(a);
            String rb = find(b);
            if (ra.equals(rb)) {
                return;
            }
            if (order.getOrDefault(ra, Integer.MAX_VALUE) <= order.getOrDefault(rb, Integer.MAX_VALUE)) {
                parent.put(rb, ra);
            } else {
                parent.put(ra, rb);
            }
        }

        /** The nodes of main outside inlined collectives (which copy data and keep no references of it). */
        private static <T extends Node> java.util.List<T> outsideCollectives(Node n, Class<T> kind) {
            java.util.List<T> out = new java.util.ArrayList<>();
            java.util.ArrayDeque<Node> work = new java.util.ArrayDeque<>();
            work.push(n);
            while (!work.isEmpty()) {
                Node at = work.pop();
                if (at.containsData(CollectiveInliner.INLINED_FROM)) {
                    continue;
                }
                if (kind.isInstance(at)) {
                    out.add(kind.cast(at));
                }
                at.getChildNodes().forEach(work::push);
            }
            return out;
        }

        /** How a name reads in an explanation: with the other names that may share its objects. */
        String describe(String canonical) {
            if (!references.contains(canonical)) {
                return canonical;
            }
            java.util.List<String> others = new java.util.ArrayList<>();
            for (String r : references) {
                if (!r.equals(canonical) && find(r).equals(find(canonical))) {
                    others.add(r);
                }
            }
            return others.isEmpty() ? canonical : canonical + " (which may share objects with "
                    + String.join(", ", others) + ")";
        }

        private void link(BlockStmt body) {
            for (VariableDeclarator v : outsideCollectives(body, VariableDeclarator.class)) {
                if (references.contains(v.getNameAsString()) && !holdsPrimitives(v)) {
                    v.getInitializer().ifPresent(init -> linkValue(v.getNameAsString(), init));
                }
            }
            for (AssignExpr a : outsideCollectives(body, AssignExpr.class)) {
                String target = root(a.getTarget());
                // err[0] = k.relax() stores a number: no reference reaches err (regression: it linked err to k)
                if (target != null && references.contains(target) && !primitiveValue(a.getTarget())) {
                    linkValue(target, a.getValue());
                }
            }
            for (MethodCallExpr c : outsideCollectives(body, MethodCallExpr.class)) {
                if (MpiCall.of(c) != null || c.getScope().isPresent() && isMath(c.getScope().get())) {
                    continue; // MPI calls copy data; they do not keep references
                }
                Node target = c.containsData(CallGraph.TARGET) ? c.getData(CallGraph.TARGET) : null;
                if (target instanceof MethodDeclaration && Purity.isPure((MethodDeclaration) target)) {
                    continue;
                }
                String first = null;
                java.util.List<Expression> handed = new java.util.ArrayList<>(c.getArguments());
                c.getScope().ifPresent(handed::add);
                for (Expression e : handed) {
                    if (primitiveValue(e)) {
                        continue; // a number read from an array hands over no reference
                    }
                    String r = root(e);
                    if (r != null && references.contains(r)) {
                        if (first != null) {
                            union(first, r);
                        }
                        first = r;
                    }
                }
            }
        }

        /**
         * {@code long[] sum = {k.checksum()}}: a one-level primitive array built from an initializer holds
         * numbers only, whatever its elements are computed from (regression: it linked sum to k).
         */
        private boolean holdsPrimitives(VariableDeclarator v) {
            Integer level = primitiveLevels.get(v.getNameAsString());
            Expression init = v.getInitializer().orElse(null);
            return level != null && level == 1 && (init instanceof com.github.javaparser.ast.expr.ArrayInitializerExpr
                    || init instanceof com.github.javaparser.ast.expr.ArrayCreationExpr);
        }

        /** An element of a primitive array, read with all its indices ({@code sum[0]} of a {@code long[]}). */
        private boolean primitiveValue(Expression e) {
            int depth = 0;
            Expression at = e;
            while (at instanceof ArrayAccessExpr) {
                at = ((ArrayAccessExpr) at).getName();
                depth++;
            }
            if (depth == 0 || !(at instanceof NameExpr)) {
                return false;
            }
            Integer level = primitiveLevels.get(((NameExpr) at).getNameAsString());
            return level != null && level == depth;
        }

        /** {@code x = value}: x may refer to what the variables value is made from refer to. */
        private void linkValue(String x, Expression value) {
            if (primitiveValue(value)) {
                return;
            }
            if (value instanceof EnclosedExpr) {
                linkValue(x, ((EnclosedExpr) value).getInner());
            } else if (value instanceof com.github.javaparser.ast.expr.CastExpr) {
                linkValue(x, ((com.github.javaparser.ast.expr.CastExpr) value).getExpression());
            } else if (value instanceof com.github.javaparser.ast.expr.ConditionalExpr) {
                linkValue(x, ((com.github.javaparser.ast.expr.ConditionalExpr) value).getThenExpr());
                linkValue(x, ((com.github.javaparser.ast.expr.ConditionalExpr) value).getElseExpr());
            } else if (value instanceof com.github.javaparser.ast.expr.ArrayInitializerExpr) {
                ((com.github.javaparser.ast.expr.ArrayInitializerExpr) value).getValues().forEach(v -> linkValue(x, v));
            } else if (value instanceof com.github.javaparser.ast.expr.ArrayCreationExpr) {
                ((com.github.javaparser.ast.expr.ArrayCreationExpr) value).getInitializer().ifPresent(i -> linkValue(x, i));
            } else if (value instanceof ObjectCreationExpr) {
                ((ObjectCreationExpr) value).getArguments().forEach(a -> linkValue(x, a));
            } else if (value instanceof MethodCallExpr) {
                MethodCallExpr c = (MethodCallExpr) value;
                if (MpiCall.of(c) != null) {
                    return; // a Request, Status or communicator of its own, never a buffer
                }
                c.getArguments().forEach(a -> linkValue(x, a));
                String r = c.getScope().map(Effects::root).orElse(null);
                if (r != null && references.contains(r)) {
                    union(x, r);
                } else if (MpiCall.of(c) == null && !(c.getScope().isPresent() && isMath(c.getScope().get()))) {
                    Node target = c.containsData(CallGraph.TARGET) ? c.getData(CallGraph.TARGET) : null;
                    if (!(target instanceof MethodDeclaration && Purity.isPure((MethodDeclaration) target))) {
                        union(x, SHARED);
                    }
                }
            } else if (value instanceof NameExpr || value instanceof ArrayAccessExpr || value instanceof FieldAccessExpr) {
                String r = root(value);
                if (r != null && references.contains(r)) {
                    union(x, r);
                } else if (value instanceof FieldAccessExpr && r != null && !variables.contains(r)
                        && !r.equals("MPI")) {
                    union(x, SHARED); // a static of another class
                }
            }
        }
    }
}
