package bamboo.translator.inline;

import bamboo.translator.parse.Printed;
import bamboo.translator.parse.Walk;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.MpiOp;
import bamboo.translator.find.Program;
import com.github.javaparser.ast.DataKey;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.resolution.declarations.ResolvedMethodDeclaration;
import com.github.javaparser.symbolsolver.javaparsermodel.JavaParserFacade;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The methods and constructors of the source tree reachable from a rank body, the calls between them
 * (resolved by the symbol solver), and which of them need the task: they make MPI calls or touch the
 * program's per-task statics, directly or through other methods. Those the task class can keep as
 * methods (static methods of the program class that only ask for Rank / Size / Wtime or touch statics)
 * are copied; every other one is inlined into the rank body.
 */
public final class CallGraph {
    /** On a call or creation of the rank body (and of bodies it reaches): the declaration it runs. */
    public static final DataKey<Node> TARGET = new DataKey<>() {
    };

    /** A call site in a body and the declaration it runs (a method, or a type for {@code new}). */
    public record Edge(Node site, Node target) {
    }

    private final JavaParserFacade facade;
    private final Members members;
    private final Program program;
    private final Set<String> declaredNames;
    private final Set<String> movedStatics = new HashSet<>();
    // Bodies by identity, in the order they were reached: JavaParser nodes hash by structure, and the
    // translation rewrites main and the program class's methods while the graph is in use.
    private final Map<Node, List<Edge>> edges = linkedIdentityMap();
    private final Map<Node, String> direct = linkedIdentityMap();
    private final Map<Node, Boolean> onlySafeMpi = new java.util.IdentityHashMap<>();
    private final List<MethodCallExpr> unresolved = new ArrayList<>();
    private final Set<Node> needs = java.util.Collections.newSetFromMap(linkedIdentityMap());
    private final Set<Node> copyable = java.util.Collections.newSetFromMap(linkedIdentityMap());

    /** A map by identity that iterates in insertion order. */
    private static <V> Map<Node, V> linkedIdentityMap() {
        return new IdentityOrder<>();
    }

    private static final class IdentityOrder<V> extends java.util.AbstractMap<Node, V> {
        private final Map<Node, V> map = new java.util.IdentityHashMap<>();
        private final List<Node> order = new ArrayList<>();

        @Override
        public V get(Object key) {
            return map.get(key);
        }

        @Override
        public boolean containsKey(Object key) {
            return map.containsKey(key);
        }

        @Override
        public V put(Node key, V value) {
            if (!map.containsKey(key)) {
                order.add(key);
            }
            return map.put(key, value);
        }

        @Override
        public V remove(Object key) {
            if (map.containsKey(key)) {
                order.removeIf(n -> n == key);
            }
            return map.remove(key);
        }

        @Override
        public Set<Entry<Node, V>> entrySet() {
            return new java.util.AbstractSet<>() {
                @Override
                public java.util.Iterator<Entry<Node, V>> iterator() {
                    java.util.Iterator<Node> keys = order.iterator();
                    return new java.util.Iterator<>() {
                        private Node last;

                        @Override
                        public boolean hasNext() {
                            return keys.hasNext();
                        }

                        @Override
                        public Entry<Node, V> next() {
                            last = keys.next();
                            return new SimpleImmutableEntry<>(last, map.get(last));
                        }

                        @Override
                        public void remove() {
                            keys.remove();
                            map.remove(last);
                        }
                    };
                }

                @Override
                public int size() {
                    return order.size();
                }
            };
        }
    }
    /** Locals of the bodies scanned while building (nothing changes the tree until the graph is built). */
    private final Members.Locals locals = new Members.Locals();

    /**
     * @param declaredNames the names of every method declared in the tree (only calls of such a name are
     *     resolved); computed once per translation, not per program (that was quadratic in a large tree)
     */
    public CallGraph(JavaParserFacade facade, Members members, Program program, Set<String> declaredNames) {
        this(facade, members, program, declaredNames, null);
    }

    /**
     * @param refs recognises references to statics of the tree; with it, the mutable statics of other
     *     classes that reached code uses become per-task state ({@link #perTaskStatics()}), and every body
     *     that uses one needs the task
     */
    CallGraph(JavaParserFacade facade, Members members, Program program, Set<String> declaredNames, StaticRefs refs) {
        this.facade = facade;
        this.members = members;
        this.program = program;
        this.declaredNames = declaredNames;
        this.refs = refs;
        for (FieldDeclaration f : program.type().getFields()) {
            if (f.isStatic()) {
                for (VariableDeclarator v : f.getVariables()) {
                    if (!new Members.FieldRef(program.type(), f, v).isConstant()) {
                        movedStatics.add(v.getNameAsString());
                    }
                }
            }
        }
        build();
        if (refs != null) {
            findPerTaskStatics();
        }
        solve();
    }

    // ---- statics of other classes -------------------------------------------------------------------

    /** A use of a static field of the tree in a reached body, as the recogniser found it. */
    public record StaticUse(Node body, Expression at, Members.FieldRef field) {
    }

    private final StaticRefs refs;
    /** By identity: JavaParser nodes are equal by structure, and two classes may declare the same static. */
    private final Map<VariableDeclarator, Members.FieldRef> perTask = new java.util.IdentityHashMap<>();
    private final List<Members.FieldRef> perTaskOrder = new ArrayList<>();
    private final List<StaticUse> staticUses = new ArrayList<>();

    /**
     * Statics of other classes that every rank has its own copy of untranslated (own class loader) and
     * that reached code could change: not final, or a final array or object written through
     * ({@code F[i] = v}). Each becomes per-task state; the bodies that use one need the task.
     */
    private void findPerTaskStatics() {
        for (Node body : edges.keySet()) {
            for (Node part : parts(body)) {
                for (Expression e : Walk.findAll(part, Expression.class)) {
                    if (!(e instanceof NameExpr || e instanceof FieldAccessExpr)
                            || body instanceof TypeDeclaration && Members.ownerType(e) != body) {
                        continue; // for a created type: a method of it, not what new runs
                    }
                    Optional<Members.FieldRef> f = refs.of(e);
                    if (f.isEmpty() || f.get().owner() == program.type() || f.get().isConstant()) {
                        continue;
                    }
                    staticUses.add(new StaticUse(body, e, f.get()));
                    if (writtenThrough(e) || assigned(e) || !f.get().declaration().isFinal() && !isValue(f.get())) {
                        addPerTask(f.get());
                    }
                }
            }
        }
        // A class's statics go per task together: its static initialisers may set any of them. A value no
        // reached code assigns, initialised by a constant expression, holds that value in every rank, so it
        // stays shared when nothing but field initialisers of that kind run for the class.
        Set<VariableDeclarator> assignedHere = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (StaticUse u : staticUses) {
            if (assigned(u.at()) || writtenThrough(u.at())) {
                assignedHere.add(u.field().variable());
            }
        }
        Set<TypeDeclaration<?>> owners = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (Members.FieldRef f : new ArrayList<>(perTaskOrder)) {
            if (owners.add(f.owner())) {
                boolean initialisersOnly = onlyConstantInitialisers(f.owner());
                for (FieldDeclaration d : f.owner().getFields()) {
                    if (d.isStatic() && !d.isFinal()) {
                        for (VariableDeclarator v : d.getVariables()) {
                            Members.FieldRef g = new Members.FieldRef(f.owner(), d, v);
                            if (!initialisersOnly || !isValue(g) || assignedHere.contains(v)) {
                                addPerTask(g);
                            }
                        }
                    }
                }
            }
        }
        for (StaticUse u : staticUses) {
            if (perTask.containsKey(u.field().variable()) && !direct.containsKey(u.body())) {
                direct.put(u.body(), "uses " + u.field().owner().getNameAsString() + "." + u.field().name()
                        + ", a static that is per-task state");
            }
        }
    }

    /**
     * Whether class initialisation of {@code k} only evaluates constant expressions: it has no static
     * initialiser block and each static field's initialiser is made of literals, constants and operators.
     */
    private boolean onlyConstantInitialisers(TypeDeclaration<?> k) {
        for (com.github.javaparser.ast.body.BodyDeclaration<?> m : k.getMembers()) {
            if (m instanceof com.github.javaparser.ast.body.InitializerDeclaration i && i.isStatic()) {
                return false;
            }
            if (m instanceof FieldDeclaration d && d.isStatic()) {
                for (VariableDeclarator v : d.getVariables()) {
                    if (v.getInitializer().isPresent() && !constantExpression(v.getInitializer().get())) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    private boolean constantExpression(Expression e) {
        for (Node n : Walk.findAll(e, Node.class)) {
            if (n instanceof NameExpr || n instanceof FieldAccessExpr) {
                if (n.getParentNode().orElse(null) instanceof FieldAccessExpr f && f.getScope() == n) {
                    continue; // the class of a qualified constant
                }
                Optional<Members.FieldRef> f = refs.of((Expression) n);
                if (f.isEmpty() || !f.get().isConstant()) {
                    return false;
                }
            } else if (!(n instanceof com.github.javaparser.ast.expr.LiteralExpr
                    || n instanceof com.github.javaparser.ast.expr.BinaryExpr
                    || n instanceof UnaryExpr u && !isStep(u.getOperator())
                    || n instanceof com.github.javaparser.ast.expr.EnclosedExpr
                    || n instanceof com.github.javaparser.ast.expr.ConditionalExpr
                    || n instanceof com.github.javaparser.ast.expr.SimpleName)) {
                return false;
            }
        }
        return true;
    }

    private void addPerTask(Members.FieldRef f) {
        if (!perTask.containsKey(f.variable())) {
            perTask.put(f.variable(), f);
            perTaskOrder.add(f);
        }
    }

    /** The statics of other classes that become per-task state, in the order they were first used. */
    public List<Members.FieldRef> perTaskStatics() {
        return perTaskOrder;
    }

    /** Every use of a static of another class in the reached bodies (per-task or not). */
    public List<StaticUse> staticUses() {
        return staticUses;
    }

    /**
     * A static of a primitive or String type: when the rank body never assigns it, every task reads the
     * value its class initialiser gave it, so it may stay shared (an object may change through its methods).
     */
    private static boolean isValue(Members.FieldRef f) {
        return f.variable().getType().isPrimitiveType() || f.variable().getType().asString().equals("String")
                || f.variable().getType().asString().equals("java.lang.String");
    }

    /** {@code e = ...}, {@code e += ...}, {@code e++}: an assignment to the variable itself. */
    private static boolean assigned(Expression e) {
        Node p = e.getParentNode().orElse(null);
        return p instanceof AssignExpr && ((AssignExpr) p).getTarget() == e
                || p instanceof UnaryExpr && isStep(((UnaryExpr) p).getOperator());
    }

    /** {@code F[i] = ...}, {@code F[i]++}: a write into the array a static holds. */
    static boolean writtenThrough(Expression use) {
        Node child = use;
        Node p = use.getParentNode().orElse(null);
        while (p instanceof ArrayAccessExpr
                && ((ArrayAccessExpr) p).getName() == child) {
            child = p;
            p = p.getParentNode().orElse(null);
        }
        if (child == use) {
            return false;
        }
        return p instanceof AssignExpr
                && ((AssignExpr) p).getTarget() == child
                || p instanceof UnaryExpr && isStep(((UnaryExpr) p).getOperator());
    }

    private static boolean isStep(UnaryExpr.Operator o) {
        return o == UnaryExpr.Operator.PREFIX_INCREMENT || o == UnaryExpr.Operator.PREFIX_DECREMENT
                || o == UnaryExpr.Operator.POSTFIX_INCREMENT || o == UnaryExpr.Operator.POSTFIX_DECREMENT;
    }

    // ---- reachability -------------------------------------------------------------------------------

    private void build() {
        Deque<Node> work = new ArrayDeque<>();
        work.add(program.main());
        edges.put(program.main(), new ArrayList<>());
        while (!work.isEmpty()) {
            Node body = work.poll();
            scan(body, work);
        }
    }

    private void scan(Node body, Deque<Node> work) {
        List<Edge> out = edges.get(body);
        boolean safe = true;
        String reason = null;
        for (Node part : parts(body)) {
            for (MethodCallExpr c : Walk.findAll(part, MethodCallExpr.class)) {
                MpiCall mpi = MpiCall.of(c);
                if (mpi != null) {
                    if (mpi.op() != MpiOp.WTIME && mpi.op() != MpiOp.PURE) { // clocks and pure functions need no task
                        reason = reason != null ? reason : "calls " + mpiName(c);
                        safe &= mpi.op() == MpiOp.RANK || mpi.op() == MpiOp.SIZE;
                    }
                    continue;
                }
                Node target = target(c);
                if (target != null) {
                    out.add(new Edge(c, target));
                    enqueue(target, work);
                }
            }
            for (com.github.javaparser.ast.expr.MethodReferenceExpr r
                    : Walk.findAll(part, com.github.javaparser.ast.expr.MethodReferenceExpr.class)) {
                for (MethodDeclaration m : MethodReferences.targets(r, members)) {
                    if (members.inTree(m)) { // what it denotes is reached, so a reference to an MPI helper is seen
                        out.add(new Edge(r, m));
                        enqueue(m, work);
                    }
                }
            }
            for (ObjectCreationExpr n : Walk.findAll(part, ObjectCreationExpr.class)) {
                Optional<TypeDeclaration<?>> t = members.type(n.getType().getNameAsString());
                if (t.isPresent() && members.inTree(t.get())) {
                    n.setData(TARGET, t.get());
                    out.add(new Edge(n, t.get()));
                    enqueue(t.get(), work);
                }
            }
            if (reason == null) {
                reason = programStatic(part, body);
            }
        }
        if (reason != null) {
            direct.put(body, reason);
        }
        onlySafeMpi.put(body, safe);
    }

    private void enqueue(Node target, Deque<Node> work) {
        if (!edges.containsKey(target)) {
            edges.put(target, new ArrayList<>());
            work.add(target);
        }
    }

    /** What runs for a body: a callable's own body; for a type (new T(...)), its constructors and initialisers. */
    static List<Node> parts(Node body) {
        if (!(body instanceof TypeDeclaration)) {
            return List.of(body);
        }
        List<Node> out = new ArrayList<>();
        for (BodyDeclaration<?> m : ((TypeDeclaration<?>) body).getMembers()) {
            if (m instanceof ConstructorDeclaration
                    || m instanceof InitializerDeclaration && !((InitializerDeclaration) m).isStatic()
                    || m instanceof FieldDeclaration && !((FieldDeclaration) m).isStatic()) {
                out.add(m);
            }
        }
        return out;
    }

    private static String mpiName(MethodCallExpr c) {
        return c.getScope().map(s -> Printed.text(s) + ".").orElse("") + c.getNameAsString();
    }

    /** Whether {@code e} prints as exactly {@code name} (a simple name without a comment), without printing it. */
    private static boolean isName(com.github.javaparser.ast.expr.Expression e, String name) {
        return e instanceof NameExpr && e.getComment().isEmpty() && ((NameExpr) e).getNameAsString().equals(name);
    }

    /** A reference to one of the program's per-task statics in {@code part}, as a reason, or null. */
    private String programStatic(Node part, Node body) {
        String x = program.simpleName();
        for (FieldAccessExpr f : Walk.findAll(part, FieldAccessExpr.class)) {
            if (isName(f.getScope(), x) && movedStatics.contains(f.getNameAsString())) {
                return "uses " + x + "." + f.getNameAsString() + ", a static that is per-task state";
            }
        }
        if (body == program.main()) {
            return null;
        }
        for (NameExpr n : Walk.findAll(part, NameExpr.class)) {
            if (!movedStatics.contains(n.getNameAsString())) {
                continue;
            }
            Optional<Members.FieldRef> f = members.unqualified(n, body, locals);
            if (f.isPresent() && f.get().owner() == program.type()) {
                return "uses " + x + "." + n.getNameAsString() + ", a static that is per-task state";
            }
        }
        return null;
    }

    /** The method of the tree a call runs (resolved once, remembered on the call), or null. */
    public Node target(MethodCallExpr c) {
        if (c.containsData(TARGET)) {
            return c.getData(TARGET);
        }
        if (!declaredNames.contains(c.getNameAsString())) {
            return null;
        }
        try {
            ResolvedMethodDeclaration r = facade.solve(c).getCorrespondingDeclaration();
            Optional<Node> ast = r.toAst();
            if (ast.isPresent() && ast.get() instanceof MethodDeclaration && members.inTree(ast.get())) {
                c.setData(TARGET, ast.get());
                return ast.get();
            }
        } catch (RuntimeException | StackOverflowError e) {
            unresolved.add(c);
        }
        return null;
    }

    // ---- which bodies need the task -----------------------------------------------------------------

    private void solve() {
        needs.addAll(direct.keySet());
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Map.Entry<Node, List<Edge>> e : edges.entrySet()) {
                if (!needs.contains(e.getKey()) && e.getValue().stream().anyMatch(x -> needs.contains(x.target()))) {
                    needs.add(e.getKey());
                    changed = true;
                }
            }
        }
        for (Node b : needs) {
            if (b instanceof MethodDeclaration && b != program.main() && ((MethodDeclaration) b).isStatic()
                    && Members.ownerType(b) == program.type() && onlySafeMpi.get(b)) {
                copyable.add(b);
            }
        }
        changed = true;
        while (changed) {
            changed = false;
            for (java.util.Iterator<Node> it = copyable.iterator(); it.hasNext(); ) {
                Node b = it.next();
                if (edges.get(b).stream().anyMatch(x -> needs.contains(x.target()) && !copyable.contains(x.target()))) {
                    it.remove();
                    changed = true;
                }
            }
        }
    }

    /** Whether a reached body needs the task (makes MPI calls or uses per-task state, directly or not). */
    public boolean needsTask(Node body) {
        return body != null && needs.contains(body);
    }

    /** Whether a reached method must be inlined into the rank body. */
    public boolean inline(Node declaration) {
        return declaration instanceof MethodDeclaration && declaration != program.main()
                && needs.contains(declaration) && !copyable.contains(declaration);
    }

    /** Whether a reached type's constructors need the task (creating one cannot be translated). */
    public boolean constructorNeedsTask(Node declaration) {
        return declaration instanceof TypeDeclaration && needs.contains(declaration);
    }

    /** Why a body needs the task: the first direct reason along its calls (for messages). */
    public String why(Node body) {
        Set<Node> seen = new HashSet<>();
        Node at = body;
        List<String> path = new ArrayList<>();
        while (at != null && seen.add(at)) {
            if (direct.containsKey(at)) {
                return (path.isEmpty() ? "" : "through " + String.join(" -> ", path) + ", ") + direct.get(at);
            }
            Node next = null;
            for (Edge e : edges.getOrDefault(at, List.of())) {
                if (needs.contains(e.target())) {
                    next = e.target();
                    break;
                }
            }
            if (next != null) {
                path.add(name(next));
            }
            at = next;
        }
        return "makes MPI calls";
    }

    public List<Edge> edges(Node body) {
        return edges.getOrDefault(body, List.of());
    }

    /** Calls the solver could not resolve whose name is that of a method that needs the task. */
    public List<MethodCallExpr> unresolvedCandidates() {
        Set<String> names = new HashSet<>();
        needs.forEach(n -> {
            if (n instanceof MethodDeclaration) {
                names.add(((MethodDeclaration) n).getNameAsString());
            }
        });
        List<MethodCallExpr> out = new ArrayList<>();
        for (MethodCallExpr c : unresolved) {
            if (names.contains(c.getNameAsString())) {
                out.add(c);
            }
        }
        return out;
    }

    /** Every reached body (main, methods, types created). */
    public Set<Node> reached() {
        return edges.keySet();
    }

    /**
     * The cycles among methods to inline, each as the list of its methods (first repeated at the end), with
     * the call that closes it.
     */
    public List<Cycle> cycles() {
        List<Cycle> out = new ArrayList<>();
        Set<Node> done = new HashSet<>();
        for (Node start : edges.keySet()) {
            if (inline(start) || start == program.main()) {
                dfs(start, new ArrayList<>(), new ArrayList<>(), done, out);
            }
        }
        return out;
    }

    /** A recursion through methods to inline: the methods in call order and the call that closes it. */
    public record Cycle(List<Node> methods, Node closingCall) {
    }

    private void dfs(Node at, List<Node> stack, List<Node> sites, Set<Node> done, List<Cycle> out) {
        if (done.contains(at)) {
            return;
        }
        stack.add(at);
        for (Edge e : edges.getOrDefault(at, List.of())) {
            if (!inline(e.target())) {
                continue;
            }
            int i = stack.indexOf(e.target());
            if (i >= 0) {
                List<Node> cycle = new ArrayList<>(stack.subList(i, stack.size()));
                cycle.add(e.target());
                out.add(new Cycle(cycle, e.site()));
            } else {
                sites.add(e.site());
                dfs(e.target(), stack, sites, done, out);
                sites.remove(sites.size() - 1);
            }
        }
        stack.remove(stack.size() - 1);
        done.add(at);
    }

    /** Owner.name of a method or the name of a type, for messages. */
    public static String name(Node n) {
        if (n instanceof CallableDeclaration) {
            return Members.ownerType(n).getNameAsString() + "." + ((CallableDeclaration<?>) n).getNameAsString();
        }
        if (n instanceof TypeDeclaration) {
            return "new " + ((TypeDeclaration<?>) n).getNameAsString();
        }
        return n.toString();
    }
}
