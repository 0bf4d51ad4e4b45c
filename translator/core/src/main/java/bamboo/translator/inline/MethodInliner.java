package bamboo.translator.inline;

import bamboo.translator.parse.Printed;

import bamboo.translator.parse.Walk;
import bamboo.translator.analyse.BodyAnalysis;
import bamboo.translator.analyse.Marks;
import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.diagnostics.Origin;
import bamboo.translator.find.JumpTargets;
import bamboo.translator.find.Program;
import bamboo.translator.find.Where;
import bamboo.translator.parse.JavaSources;
import bamboo.translator.parse.ParsedUnit;
import bamboo.translator.parse.Templates;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.DataKey;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.comments.LineComment;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SimpleName;
import com.github.javaparser.ast.expr.SuperExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.LabeledStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.WhileStmt;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.PrimitiveType;
import com.github.javaparser.ast.type.Type;
import com.github.javaparser.ast.visitor.GenericVisitorWithDefaults;
import com.github.javaparser.resolution.declarations.ResolvedValueDeclaration;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Interprocedural translation: every method reachable from a rank body that needs the task (it makes MPI
 * calls or touches per-task statics, directly or through other methods) is inlined into the rank body
 * before the regions are found, so its regions, receives and collectives become evaluation points of the
 * task. Parameters become fresh locals bound to the arguments in order, the method's locals and labels are
 * renamed, {@code return e} assigns the call's result and leaves a labelled block, an instance method's
 * fields are reached through its receiver, evaluated once. A call whose value is used is moved in front
 * of its statement when that keeps Java's evaluation order ({@link CallSite}). Recursion through such
 * methods is refused, naming the cycle.
 */
public final class MethodInliner {
    /** On a program-class method that is inlined: the task class does not copy it. */
    public static final DataKey<Boolean> INLINED = Program.INLINED;
    /** On the program class: members the task class needs for inlined code (field handles). */
    public static final DataKey<List<BodyDeclaration<?>>> TASK_MEMBERS = new DataKey<>() {
    };
    /** On the program class: imports of the inlined methods' files. */
    public static final DataKey<List<ImportDeclaration>> TASK_IMPORTS = new DataKey<>() {
    };
    private static final DataKey<Boolean> REFUSED = new DataKey<>() {
    };
    /** On a call in inlined code of a method the task class cannot call (private, or not public elsewhere). */
    static final DataKey<Boolean> FOR_ACCESS = new DataKey<>() {
    };
    private static final int MAX_INLININGS = 20_000;

    private final JavaSources sources;
    private final Members members;
    private final ForeignClasses foreign;
    /** Names of every method declared in the tree, computed once: the call graph of each program asks. */
    private final Set<String> methodNames = new HashSet<>();
    private final Set<String> privateFieldNames = new HashSet<>();
    private final List<FieldDeclaration> fields = new ArrayList<>();
    private int count;

    public MethodInliner(JavaSources sources, List<ParsedUnit> units) {
        this(sources, units, ClassPathStatics.NONE);
    }

    /** @param classPath the compiled classes the sources use, read to tell whether their statics are safe */
    public MethodInliner(JavaSources sources, List<ParsedUnit> units, ClassPathStatics classPath) {
        this.sources = sources;
        this.members = new Members(units);
        this.foreign = new ForeignClasses(members, sources.typeSolver(), classPath, ForeignClasses.treeTypes(units));
        for (ParsedUnit u : units) { // as parsed: nothing is inlined yet
            for (MethodDeclaration m : u.methods()) {
                methodNames.add(m.getNameAsString());
            }
            for (FieldDeclaration f : u.fields()) {
                fields.add(f);
                if (!f.isPublic()) { // private, or package-private/protected: another package's cannot be named
                    f.getVariables().forEach(v -> privateFieldNames.add(v.getNameAsString()));
                }
            }
        }
    }

    /** Inlines what {@code program}'s rank body reaches; problems become diagnostics. */
    public void inline(Program program, Diagnostics d) {
        StaticRefs refs = new StaticRefs(members, new Members.Locals(), fields);
        CallGraph graph = new CallGraph(sources.facade(), members, program, methodNames, refs);
        foreign.check(program, graph, d);
        Set<Node> blocked = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (CallGraph.Cycle c : graph.cycles()) {
            List<String> names = new ArrayList<>();
            c.methods().forEach(m -> names.add(CallGraph.name(m)));
            blocked.addAll(c.methods());
            d.error(members.fileOf(c.closingCall()), c.closingCall(), "recursion through MPI-calling methods: "
                    + String.join(" -> ", names) + "; the translator inlines such methods into the rank body, which "
                    + "cannot end for a recursion: write it as a loop");
        }
        for (MethodCallExpr c : graph.unresolvedCandidates()) {
            d.error(members.fileOf(c), c, "cannot resolve the call " + c.getNameAsString() + "(...) to tell whether it "
                    + "reaches MPI (a method of that name does); check the types of its receiver and arguments");
        }
        new MethodReferences(members).check(graph, d);
        Run run = new Run(program, graph, d, refs);
        run.statics.declare();
        for (Node body : graph.reached()) {
            if (body != program.main() && !graph.inline(body)) {
                continue;
            }
            for (CallGraph.Edge e : graph.edges(body)) {
                if (graph.constructorNeedsTask(e.target()) && run.inlinableConstructor(e.site()) == null) {
                    String no = run.replay.whyNot((TypeDeclaration<?>) e.target());
                    if (no != null) {
                        d.error(members.fileOf(e.site()), e.site(), "new " + ((TypeDeclaration<?>) e.target())
                                .getNameAsString() + "(...) runs a constructor that " + graph.why(e.target()) + ": " + no);
                    }
                }
            }
        }
        int steps = 0;
        while (true) {
            MethodCallExpr next = null;
            ObjectCreationExpr created = null;
            for (Node n : Walk.findAll(program.main(), Node.class)) {
                if (n instanceof MethodCallExpr) {
                    MethodCallExpr c = (MethodCallExpr) n;
                    Node t = c.containsData(CallGraph.TARGET) ? c.getData(CallGraph.TARGET) : null;
                    if (t != null && !c.containsData(REFUSED) && (graph.inline(t) || c.containsData(FOR_ACCESS))
                            && !blocked.contains(t)) {
                        next = c;
                        break;
                    }
                } else if (n instanceof ObjectCreationExpr && n.containsData(CallGraph.TARGET)
                        && !n.containsData(REFUSED) && graph.constructorNeedsTask(n.getData(CallGraph.TARGET))) {
                    created = (ObjectCreationExpr) n;
                    break;
                }
            }
            if (created != null) {
                created.setData(REFUSED, true); // replayed, inlined or refused: either way done
                ConstructorDeclaration ctor = run.inlinableConstructor(created);
                if (ctor != null && run.replay.whyNot((TypeDeclaration<?>) created.getData(CallGraph.TARGET)) != null) {
                    run.expand(created, ctor);
                } else {
                    run.replay.expand(created);
                }
                continue;
            }
            if (next == null) {
                break;
            }
            if (++steps > MAX_INLININGS) {
                d.error(program.fileName(), program.main(), "inlining the methods main calls produced more than "
                        + MAX_INLININGS + " copies; the program is too deep for the translator");
                break;
            }
            if (!run.expand(next, (MethodDeclaration) next.getData(CallGraph.TARGET))) {
                next.setData(REFUSED, true);
            }
        }
        for (Node n : graph.reached()) {
            if (graph.inline(n) && Members.ownerType(n) == program.type()) {
                n.setData(INLINED, true);
            }
        }
        program.type().setData(TASK_MEMBERS, run.access.members());
        program.type().setData(TASK_IMPORTS, new ArrayList<>(run.imports));
    }

    /** One program's inlining: fresh names, field handles, imports. */
    final class Run {
        final Program program;
        final CallGraph graph;
        final Diagnostics d;
        final PrivateAccess access = new PrivateAccess();
        final Set<ImportDeclaration> imports = new LinkedHashSet<>();
        final Set<String> mutable = new HashSet<>();
        final Set<String> taken = new HashSet<>(BodyAnalysis.RESERVED);
        final StaticRefs refs;
        final TaskStatics statics;
        final ConstructorReplay replay;
        final MethodEffects effects;
        /** Receivers of inlined instance methods: fresh locals, assigned once from the call's receiver. */
        final Set<String> receivers = new HashSet<>();

        Run(Program program, CallGraph graph, Diagnostics d, StaticRefs refs) {
            this.program = program;
            this.graph = graph;
            this.d = d;
            this.refs = refs;
            this.statics = new TaskStatics(this);
            this.replay = new ConstructorReplay(this);
            this.effects = new MethodEffects(members, graph);
            for (FieldDeclaration f : program.type().getFields()) {
                if (f.isStatic()) {
                    for (VariableDeclarator v : f.getVariables()) {
                        taken.add(v.getNameAsString());
                        if (!new Members.FieldRef(program.type(), f, v).isConstant()) {
                            mutable.add(v.getNameAsString());
                        }
                    }
                }
            }
            Walk.findAll(program.main(), SimpleName.class).forEach(n -> taken.add(n.asString()));
        }

        Members members() {
            return members;
        }

        String fresh(String base) {
            String name = base + "_" + count;
            while (taken.contains(name)) {
                name = name + "x";
            }
            taken.add(name);
            return name;
        }

        Set<String> mainLocals() {
            Set<String> out = new HashSet<>();
            Walk.findAll(program.main(), VariableDeclarator.class).forEach(v -> out.add(v.getNameAsString()));
            Walk.findAll(program.main(), Parameter.class).forEach(p -> out.add(p.getNameAsString()));
            return out;
        }

        void refuse(Node at, String message) {
            d.error(members.inTree(at) && at.getBegin().isPresent() ? members.fileOf(at) : program.fileName(), at, message);
        }

        /** Inlines one call; false (with a diagnostic) when it cannot. */
        boolean expand(MethodCallExpr call, MethodDeclaration m) {
            String what = "call of " + CallGraph.name(m) + ", which " + (graph.inline(m) ? graph.why(m)
                    : "the task class cannot call (it is private, or not public in another package), so it is inlined");
            TypeDeclaration<?> owner = Members.ownerType(m);
            Optional<String> barrier = Where.barrier(call);
            if (barrier.isPresent() && (barrier.get().contains("lambda") || barrier.get().contains("class"))) {
                refuse(call, what + ", inside " + barrier.get() + ": it cannot be inlined there; call it from main");
                return false;
            }
            String why = unsupported(m, owner, call);
            if (why != null) {
                refuse(call, what + ": " + why);
                return false;
            }
            boolean valueUsed = !(call.getParentNode().orElse(null) instanceof ExpressionStmt);
            Statement anchor = null;
            if (valueUsed) {
                String no = CallSite.whyNot(call, new CallSite.Names(mainLocals(), mutable, program.simpleName()),
                        effects.of(m), reads());
                if (no != null) {
                    refuse(call, what + ", cannot be inlined where it stands: " + no + "; assign its result to a local "
                            + "in a statement of its own first");
                    return false;
                }
                anchor = Walk.ancestor(call, Statement.class).orElseThrow();
                if (anchor instanceof WhileStmt) {
                    CallSite.unfoldWhile((WhileStmt) anchor);
                    return true; // the call now stands in an if statement: inlined on the next pass
                }
            }
            count++;
            BlockStmt block = new BlockStmt();
            String receiver = null;
            if (!m.isStatic()) {
                Expression scope = call.getScope().orElse(null);
                if (scope == null) {
                    refuse(call, what + ": an instance method called without a receiver from a static context");
                    return false;
                }
                if (scope instanceof NameExpr && mainLocals().contains(((NameExpr) scope).getNameAsString())) {
                    receiver = ((NameExpr) scope).getNameAsString();
                } else {
                    receiver = fresh(decapitalize(owner.getNameAsString()));
                    receivers.add(receiver);
                    // a class the task may not name is held as Object: its members are reached through handles
                    block.addStatement(declare(Templates.type(nameable(owner) ? ref(owner) : "Object"), receiver, scope));
                }
            }
            List<Expression> args = new ArrayList<>(call.getArguments());
            Map<String, String> renames = new HashMap<>();
            for (int i = 0; i < m.getParameters().size(); i++) {
                Parameter p = m.getParameter(i);
                String name = fresh(p.getNameAsString());
                renames.put(p.getNameAsString(), name);
                block.addStatement(declare(qualifiedType(p.getType()), name, args.get(i)));
            }
            String result = null;
            if (!m.getType().isVoidType()) {
                result = fresh(m.getNameAsString());
                Statement decl = declare(qualifiedType(m.getType()), result, defaultValue(m.getType()));
                if (valueUsed) {
                    BlockStmt around = CallSite.blockAround(anchor);
                    int at = indexOf(around, anchor);
                    around.getStatements().add(at, decl);
                } else {
                    block.addStatement(decl);
                }
            }
            BlockStmt body = body(m, owner, receiver, renames, result);
            if (body == null) {
                return false;
            }
            // diagnostics about the copy stand where the method was written, reached from this call
            Origin.markInlined(body, members.fileOf(m), Origin.of(call, program.fileName()), CallGraph.name(m));
            block.addStatement(body.getStatements().size() == 1 && body.getStatement(0) instanceof LabeledStmt
                    ? body.getStatement(0) : body);
            int line = call.getBegin().map(p -> p.line).orElse(Marks.line(call));
            boolean sameFile = members.fileOf(m).equals(program.fileName());
            if (!sameFile) {
                for (Node n : Walk.findAll(block, Node.class)) {
                    if (n.getRange().isPresent() && !n.containsData(Marks.LINE) && members.inTree(m)) {
                        n.setRange(null);
                    }
                    n.setData(Marks.LINE, line);
                }
                addImports(m);
            }
            block.setComment(new LineComment(" " + CallGraph.name(m) + " from " + baseName(members.fileOf(m))
                    + ":" + m.getBegin().map(p -> p.line).orElse(0) + ", inlined for the call at line " + line));
            if (valueUsed) {
                BlockStmt around = (BlockStmt) anchor.getParentNode().orElseThrow();
                around.getStatements().add(indexOf(around, anchor), block);
                call.replace(new NameExpr(result));
            } else {
                call.getParentNode().orElseThrow().replace(block);
            }
            return true;
        }

        /**
         * The constructor a creation runs when it can be inlined like a static method, or null: the created
         * object is dropped ({@code new K(...);}) and has no state (K declares no instance fields or instance
         * initialisers and extends nothing), so running the constructor's body on the task's statics is all
         * the creation does. That is how kernels written for one rank per JVM set up their static state.
         */
        ConstructorDeclaration inlinableConstructor(Node site) {
            if (!(site instanceof ObjectCreationExpr n) || n.getAnonymousClassBody().isPresent()
                    || !(n.getParentNode().orElse(null) instanceof ExpressionStmt s)
                    || !(s.getParentNode().orElse(null) instanceof BlockStmt) || Where.barrier(n).isPresent()
                    || !(n.getData(CallGraph.TARGET) instanceof ClassOrInterfaceDeclaration k)) {
                return null;
            }
            if (k.isInterface() || !k.getExtendedTypes().isEmpty() || !k.getTypeParameters().isEmpty()
                    || !k.isTopLevelType() && !k.isStatic() || Members.hidden(k)) {
                return null;
            }
            for (BodyDeclaration<?> member : k.getMembers()) {
                if (member instanceof FieldDeclaration f && !f.isStatic()
                        || member instanceof com.github.javaparser.ast.body.InitializerDeclaration i && !i.isStatic()) {
                    return null;
                }
            }
            List<ConstructorDeclaration> arity = k.getConstructors().stream()
                    .filter(c -> c.getParameters().size() == n.getArguments().size()).toList();
            if (arity.size() != 1 || arity.get(0).getParameters().stream().anyMatch(Parameter::isVarArgs)
                    || arity.get(0).getBody().getStatements().stream()
                    .anyMatch(Statement::isExplicitConstructorInvocationStmt)) {
                return null;
            }
            return arity.get(0);
        }

        /** Inlines the constructor of a creation {@link #inlinableConstructor} accepts; false after an error. */
        boolean expand(ObjectCreationExpr n, ConstructorDeclaration ctor) {
            TypeDeclaration<?> owner = Members.ownerType(ctor);
            count++;
            BlockStmt block = new BlockStmt();
            Map<String, String> renames = new HashMap<>();
            for (int i = 0; i < ctor.getParameters().size(); i++) {
                Parameter p = ctor.getParameter(i);
                String name = fresh(p.getNameAsString());
                renames.put(p.getNameAsString(), name);
                block.addStatement(declare(qualifiedType(p.getType()), name, n.getArgument(i)));
            }
            BlockStmt body = body(ctor, owner, null, renames, null);
            if (body == null) {
                return false;
            }
            block.addStatement(body.getStatements().size() == 1 && body.getStatement(0) instanceof LabeledStmt
                    ? body.getStatement(0) : body);
            int line = n.getBegin().map(p -> p.line).orElse(Marks.line(n));
            if (!members.fileOf(ctor).equals(program.fileName())) {
                for (Node x : Walk.findAll(block, Node.class)) {
                    if (x.getRange().isPresent() && !x.containsData(Marks.LINE)) {
                        x.setRange(null);
                    }
                    x.setData(Marks.LINE, line);
                }
                addImports(ctor);
            }
            block.setComment(new LineComment(" new " + owner.getNameAsString() + "(...) from "
                    + baseName(members.fileOf(ctor)) + ":" + ctor.getBegin().map(p -> p.line).orElse(0)
                    + ", its constructor inlined (the object is dropped and has no state) for line " + line));
            n.getParentNode().orElseThrow().replace(block);
            return true;
        }

        /** What the rank body's names hold as it stands, for {@link CallSite#whyNot}. */
        private CallSite.Reads reads() {
            Map<String, Boolean> primitive = new HashMap<>();
            Map<String, Boolean> created = new HashMap<>();
            for (VariableDeclarator v : Walk.findAll(program.main(), VariableDeclarator.class)) {
                primitive.merge(v.getNameAsString(), v.getType().isPrimitiveType(), Boolean::logicalAnd);
                created.merge(v.getNameAsString(), v.getInitializer().orElse(null) instanceof ObjectCreationExpr,
                        Boolean::logicalAnd);
            }
            for (Parameter p : Walk.findAll(program.main(), Parameter.class)) {
                primitive.merge(p.getNameAsString(), p.getType().isPrimitiveType(), Boolean::logicalAnd);
                created.put(p.getNameAsString(), false);
            }
            for (AssignExpr a : Walk.findAll(program.main(), AssignExpr.class)) {
                if (a.getTarget() instanceof NameExpr t) {
                    created.put(t.getNameAsString(), false);
                }
            }
            Set<String> primitives = new HashSet<>();
            primitive.forEach((k, v) -> {
                if (v) {
                    primitives.add(k);
                }
            });
            Set<String> nonNull = new HashSet<>(receivers);
            created.forEach((k, v) -> {
                if (v) {
                    nonNull.add(k);
                }
            });
            return new CallSite.Reads(primitives, nonNull, access.handleFields(), statics.originalNames(),
                    this::primitiveStatic);
        }

        /**
         * Whether the static {@code type.name} is of primitive type; for {@code type} null, whether every
         * field of the sources called {@code name} is.
         */
        private boolean primitiveStatic(String type, String name) {
            if (type == null) {
                boolean any = false;
                for (FieldDeclaration f : fields) {
                    for (VariableDeclarator v : f.getVariables()) {
                        if (v.getNameAsString().equals(name)) {
                            if (!v.getType().isPrimitiveType()) {
                                return false;
                            }
                            any = true;
                        }
                    }
                }
                return any;
            }
            TypeDeclaration<?> t = type.equals(program.simpleName()) ? program.type() : members.type(type).orElse(null);
            Optional<Members.FieldRef> f = t == null ? Optional.empty() : members.field(t, name);
            return f.isPresent() && f.get().variable().getType().isPrimitiveType();
        }

        /** Why a method cannot be inlined at all, or null. */
        private String unsupported(MethodDeclaration m, TypeDeclaration<?> owner, MethodCallExpr call) {
            if (m.getBody().isEmpty()) {
                return "it has no body (abstract or native): the method that runs is only known at run time";
            }
            if (!m.isStatic() && !m.isPrivate() && !m.isFinal()) {
                for (TypeDeclaration<?> sub : members.subtypes(owner)) {
                    for (MethodDeclaration o : sub.getMethodsByName(m.getNameAsString())) {
                        if (o.getParameters().size() == m.getParameters().size()) {
                            return "it may run the override " + sub.getNameAsString() + "." + o.getNameAsString()
                                    + " (virtual dispatch), and the translator inlines the method it resolves to; make "
                                    + "the method final or call it on the exact type";
                        }
                    }
                }
            }
            if (!m.getTypeParameters().isEmpty() || !m.isStatic() && owner instanceof ClassOrInterfaceDeclaration
                    && !((ClassOrInterfaceDeclaration) owner).getTypeParameters().isEmpty()) {
                return "generic methods and methods of generic classes are not inlined yet";
            }
            if (m.getParameters().stream().anyMatch(Parameter::isVarArgs)) {
                return "varargs methods are not inlined yet";
            }
            if (Members.hidden(owner) && owner != program.type()) {
                return "its class " + owner.getNameAsString() + " is private, so the task class cannot name it";
            }
            if (!m.isStatic() && owner instanceof ClassOrInterfaceDeclaration && !owner.isTopLevelType()
                    && !((ClassOrInterfaceDeclaration) owner).isStatic()
                    && !((ClassOrInterfaceDeclaration) owner).isInterface()) {
                return "methods of inner (non-static nested) classes are not inlined yet; make "
                        + owner.getNameAsString() + " a static nested class";
            }
            if (!nameable(owner) && m.isStatic()) {
                return "its class " + owner.getNameAsString() + " is not public and in package '"
                        + Members.packageOf(m) + "', so the task class (in the program's package) cannot name it; "
                        + "make the class public";
            }
            return null;
        }

        /** The method's body, cloned and rewritten for its place in the rank body; null after an error. */
        private BlockStmt body(CallableDeclaration<?> m, TypeDeclaration<?> owner, String receiver,
                               Map<String, String> renames, String result) {
            BlockStmt original = m instanceof ConstructorDeclaration c ? c.getBody()
                    : ((MethodDeclaration) m).getBody().orElseThrow();
            if (!namesOnlyNameable(original, "call of " + CallGraph.name(m) + ", which is inlined into the rank body,")) {
                return null;
            }
            BlockStmt copy = original.clone();
            List<Node> from = Walk.findAll(original, Node.class);
            List<Node> to = Walk.findAll(copy, Node.class);
            if (from.size() != to.size()) {
                throw new IllegalStateException("a clone of " + CallGraph.name(m) + " differs from it");
            }
            Map<Node, Node> twin = new IdentityHashMap<>();
            for (int i = 0; i < from.size(); i++) {
                twin.put(from.get(i), to.get(i));
            }
            for (VariableDeclarator v : Walk.findAll(original, VariableDeclarator.class)) {
                renames.computeIfAbsent(v.getNameAsString(), this::fresh);
            }
            for (Parameter p : Walk.findAll(original, Parameter.class)) {
                renames.computeIfAbsent(p.getNameAsString(), this::fresh);
            }
            Map<String, String> labels = new HashMap<>();
            for (LabeledStmt l : Walk.findAll(original, LabeledStmt.class)) {
                labels.put(l.getLabel().asString(), l.getLabel().asString() + "In" + count);
            }
            boolean ok = true;
            List<Runnable> privates = new ArrayList<>();
            Set<Node> replaced = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
            for (Node o : from) {
                Node c = twin.get(o);
                if (o.getParentNode().map(replaced::contains).orElse(false)) {
                    replaced.add(o); // inside a use of a per-task static, already rewritten
                    continue;
                }
                if ((o instanceof NameExpr || o instanceof FieldAccessExpr) && statics.isPerTask((Expression) o)) {
                    ok &= statics.replace((Expression) o, (Expression) c);
                    replaced.add(o);
                    continue;
                }
                ok &= rewrite(o, c, m, owner, receiver, renames, labels, privates, original);
            }
            if (!ok) {
                return null;
            }
            for (Runnable r : privates) {
                r.run();
            }
            if (privateErrors) {
                privateErrors = false;
                return null;
            }
            return returns(copy, result);
        }

        /**
         * Rewrites the copy {@code c} of one node {@code o} of the inlined method: names renamed or reached
         * through the receiver, labels made unique, types qualified; false (with a diagnostic) when it cannot.
         * The visitor dispatches on {@code o}'s kind and does not descend: the caller visits every node.
         */
        private boolean rewrite(Node o, Node c, CallableDeclaration<?> m, TypeDeclaration<?> owner, String receiver,
                                Map<String, String> renames, Map<String, String> labels, List<Runnable> privates,
                                BlockStmt original) {
            return o.accept(new GenericVisitorWithDefaults<Boolean, Node>() {
                @Override
                public Boolean defaultAction(Node n, Node copy) {
                    return true;
                }

                @Override
                public Boolean defaultAction(NodeList n, Node copy) {
                    return true;
                }

                @Override
                public Boolean visit(NameExpr n, Node copy) {
                    return name(n, (NameExpr) copy, m, owner, receiver, renames, privates);
                }

                @Override
                public Boolean visit(VariableDeclarator v, Node copy) {
                    ((VariableDeclarator) copy).setName(renames.get(v.getNameAsString()));
                    ((VariableDeclarator) copy).setType(qualifiedType(v.getType()));
                    return true;
                }

                @Override
                public Boolean visit(Parameter p, Node copy) {
                    ((Parameter) copy).setName(renames.get(p.getNameAsString()));
                    return true;
                }

                @Override
                public Boolean visit(ThisExpr t, Node copy) {
                    if (t.getTypeName().isPresent() || insideFunction(t, original)) {
                        return true;
                    }
                    if (receiver == null) {
                        refuse(t, "'this' in an inlined static context");
                        return false;
                    }
                    copy.replace(new NameExpr(receiver));
                    return true;
                }

                @Override
                public Boolean visit(SuperExpr s, Node copy) {
                    refuse(s, "'super' in " + CallGraph.name(m) + ", which is inlined into the rank body: not supported");
                    return false;
                }

                @Override
                public Boolean visit(MethodCallExpr call, Node copy) {
                    return call(call, (MethodCallExpr) copy, m, receiver);
                }

                @Override
                public Boolean visit(FieldAccessExpr f, Node copy) {
                    return fieldAccess(f, (FieldAccessExpr) copy, owner, privates);
                }

                @Override
                public Boolean visit(ObjectCreationExpr n, Node copy) {
                    ((ObjectCreationExpr) copy).setType((ClassOrInterfaceType) qualifiedType(n.getType()));
                    return true;
                }

                // types named in expressions: as the task class names them, like declared types
                @Override
                public Boolean visit(com.github.javaparser.ast.expr.ArrayCreationExpr n, Node copy) {
                    ((com.github.javaparser.ast.expr.ArrayCreationExpr) copy).setElementType(qualifiedType(n.getElementType()));
                    return true;
                }

                @Override
                public Boolean visit(com.github.javaparser.ast.expr.CastExpr n, Node copy) {
                    ((com.github.javaparser.ast.expr.CastExpr) copy).setType(qualifiedType(n.getType()));
                    return true;
                }

                @Override
                public Boolean visit(com.github.javaparser.ast.expr.InstanceOfExpr n, Node copy) {
                    ((com.github.javaparser.ast.expr.InstanceOfExpr) copy).setType(
                            (com.github.javaparser.ast.type.ReferenceType) qualifiedType(n.getType()));
                    return true;
                }

                @Override
                public Boolean visit(com.github.javaparser.ast.expr.ClassExpr n, Node copy) {
                    ((com.github.javaparser.ast.expr.ClassExpr) copy).setType(qualifiedType(n.getType()));
                    return true;
                }

                @Override
                public Boolean visit(LabeledStmt l, Node copy) {
                    ((LabeledStmt) copy).setLabel(new SimpleName(labels.get(l.getLabel().asString())));
                    return true;
                }

                @Override
                public Boolean visit(BreakStmt b, Node copy) {
                    b.getLabel().ifPresent(l -> ((BreakStmt) copy).setLabel(
                            new SimpleName(labels.getOrDefault(l.asString(), l.asString()))));
                    return true;
                }

                @Override
                public Boolean visit(ContinueStmt k, Node copy) {
                    k.getLabel().ifPresent(l -> ((ContinueStmt) copy).setLabel(
                            new SimpleName(labels.getOrDefault(l.asString(), l.asString()))));
                    return true;
                }
            }, c);
        }

        private boolean privateErrors;

        /** A simple name of the method: a renamed local, a field reached through the receiver or its class. */
        private boolean name(NameExpr o, NameExpr c, CallableDeclaration<?> m, TypeDeclaration<?> owner, String receiver,
                             Map<String, String> renames, List<Runnable> privates) {
            String n = o.getNameAsString();
            if (renames.containsKey(n) && Members.isLocal(o, m)) {
                c.setName(renames.get(n));
                return true;
            }
            Optional<Members.FieldRef> f = members.unqualified(o, m);
            if (f.isEmpty()) {
                Optional<TypeDeclaration<?>> t = members.type(n);
                Node parent = o.getParentNode().orElse(null);
                boolean asScope = parent instanceof FieldAccessExpr || parent instanceof MethodCallExpr;
                if (t.isPresent() && asScope && (!t.get().isTopLevelType() || !ref(t.get()).equals(n))) {
                    c.replace(Templates.expression(ref(t.get())));
                }
                return true;
            }
            Members.FieldRef ref = f.get();
            FieldAccessExpr access;
            if (ref.isStatic()) {
                access = new FieldAccessExpr(Templates.expression(ref(ref.owner())), n);
            } else {
                if (receiver == null || !isSelfOrSuper(ref.owner(), owner)) {
                    refuse(o, "field " + n + " of an enclosing instance, in " + CallGraph.name(m)
                            + ", which is inlined: not supported");
                    return false;
                }
                access = new FieldAccessExpr(new NameExpr(receiver), n);
            }
            c.replace(access);
            needsHandle(o, ref, access, privates);
            return true;
        }

        private boolean isSelfOrSuper(TypeDeclaration<?> fieldOwner, TypeDeclaration<?> owner) {
            for (TypeDeclaration<?> t = owner; t != null; t = members.superclass(t)) {
                if (t == fieldOwner) {
                    return true;
                }
            }
            return false;
        }

        /** Private fields of other classes (and instance fields of the program class) go through handles. */
        void needsHandle(Node at, Members.FieldRef ref, FieldAccessExpr access, List<Runnable> privates) {
            boolean copiedStatic = ref.owner() == program.type() && ref.isStatic();
            if (reachable(ref.owner(), ref.declaration()) || copiedStatic) {
                return;
            }
            if (!namesOnlyNameable(ref.variable().getType(), "the field " + ref.owner().getNameAsString() + "."
                    + ref.name() + ", which inlined code reaches through a handle,")) {
                privateErrors = true;
                return;
            }
            Type type = qualifiedType(ref.variable().getType());
            String ownerRef = ref(ref.owner());
            privates.add(() -> {
                if (access.getParentNode().isEmpty()) {
                    return; // no longer in the tree: part of an access already rewritten
                }
                String no = this.access.rewrite(access, ref, type,
                        this.access.classOf(ref.owner(), ownerRef, nameable(ref.owner())));
                if (no != null) {
                    refuse(at, no + " in inlined code: not supported; make the field package-private");
                    privateErrors = true;
                }
            });
        }

        private boolean fieldAccess(FieldAccessExpr o, FieldAccessExpr c, TypeDeclaration<?> owner, List<Runnable> privates) {
            String n = o.getNameAsString();
            if (o.getScope() instanceof ThisExpr && ((ThisExpr) o.getScope()).getTypeName().isEmpty()) {
                Optional<Members.FieldRef> f = members.field(owner, n);
                f.ifPresent(ref -> needsHandle(o, ref, c, privates));
                return true;
            }
            if (!privateFieldNames.contains(n)) {
                return true;
            }
            if (o.getScope() instanceof NameExpr && !Members.isLocal((NameExpr) o.getScope(), Members.ownerMethod(o))) {
                Optional<TypeDeclaration<?>> t = members.type(Printed.text(o.getScope()));
                if (t.isPresent()) {
                    Optional<Members.FieldRef> f = members.field(t.get(), n);
                    f.ifPresent(ref -> needsHandle(o, ref, c, privates));
                    return true;
                }
            }
            try {
                ResolvedValueDeclaration r = o.resolve();
                if (r.isField()) {
                    Optional<Node> ast = r.asField().toAst();
                    if (ast.isPresent() && ast.get() instanceof FieldDeclaration) {
                        FieldDeclaration fd = (FieldDeclaration) ast.get();
                        for (VariableDeclarator v : fd.getVariables()) {
                            if (v.getNameAsString().equals(n)) {
                                needsHandle(o, new Members.FieldRef(Members.ownerType(fd), fd, v), c, privates);
                            }
                        }
                    }
                }
                return true;
            } catch (RuntimeException | StackOverflowError e) {
                refuse(o, "cannot resolve the field access " + o + " in inlined code (a private field has that name)");
                return false;
            }
        }

        /** A call in the method's body: qualified with the receiver or the class when it has no scope. */
        private boolean call(MethodCallExpr o, MethodCallExpr c, CallableDeclaration<?> m, String receiver) {
            Node target = o.containsData(CallGraph.TARGET) ? o.getData(CallGraph.TARGET) : graph.target(o);
            if (!(target instanceof MethodDeclaration)) {
                return true;
            }
            MethodDeclaration t = (MethodDeclaration) target;
            TypeDeclaration<?> tOwner = Members.ownerType(t);
            boolean copied = tOwner == program.type() && t.isStatic();
            if (!reachable(tOwner, t) && !graph.inline(t) && !copied) {
                if (!throughHandle(o, c, t, receiver)) {
                    c.setData(FOR_ACCESS, true); // inlined too: the task class cannot call it
                    c.setData(CallGraph.TARGET, t);
                }
                return true;
            }
            if (o.getScope().isEmpty()) {
                if (t.isStatic()) {
                    c.setScope(Templates.expression(ref(tOwner)));
                } else if (receiver != null) {
                    c.setScope(new NameExpr(receiver));
                }
            }
            return true;
        }

        /**
         * Rewrites {@code c}, a call of {@code t} that the task class may not make (private, or not public in
         * another package), into a call of a task helper that invokes a method handle; false when the
         * signature is one the helper cannot spell (generic, varargs), and then the method is inlined.
         */
        private boolean throughHandle(MethodCallExpr o, MethodCallExpr c, MethodDeclaration t, String receiver) {
            if (!t.getTypeParameters().isEmpty() || t.getParameters().stream().anyMatch(Parameter::isVarArgs)
                    || t.getBody().isEmpty() || Members.ownerType(t) instanceof ClassOrInterfaceDeclaration
                    && !((ClassOrInterfaceDeclaration) Members.ownerType(t)).getTypeParameters().isEmpty()) {
                return false;
            }
            List<Type> types = new ArrayList<>();
            for (Parameter p : t.getParameters()) {
                types.add(erased(qualifiedType(p.getType())));
            }
            List<Type> thrown = new ArrayList<>();
            t.getThrownExceptions().forEach(x -> thrown.add(qualifiedType(x)));
            TypeDeclaration<?> owner = Members.ownerType(t);
            String receiverType = nameable(owner) ? ref(owner) : "Object";
            Expression scope = c.getScope().orElse(null);
            if (!t.isStatic() && scope == null) {
                if (receiver == null) {
                    return false;
                }
                scope = new NameExpr(receiver);
            }
            String helper = access.call(t, access.classOf(owner, ref(owner), nameable(owner)), types,
                    erased(qualifiedType(t.getType())), receiverType, thrown);
            c.removeScope();
            c.setName(helper);
            if (!t.isStatic()) {
                c.getArguments().add(0, scope);
            }
            return true;
        }

        /** A type as a method handle's signature has it: without type arguments. */
        private Type erased(Type t) {
            Type c = t.clone();
            for (ClassOrInterfaceType x : Walk.findAll(c, ClassOrInterfaceType.class)) {
                x.removeTypeArguments();
            }
            return c;
        }

        /** {@code return e} becomes an assignment of the result and a jump to the end of the inlined body. */
        private BlockStmt returns(BlockStmt body, String result) {
            List<ReturnStmt> rets = new ArrayList<>();
            for (ReturnStmt r : Walk.findAll(body, ReturnStmt.class)) {
                if (!insideFunction(r, body)) {
                    rets.add(r);
                }
            }
            NodeList<Statement> top = body.getStatements();
            boolean lastOnly = rets.isEmpty() || rets.size() == 1 && !top.isEmpty() && top.get(top.size() - 1) == rets.get(0);
            String label = lastOnly ? null : "bambooReturn" + count;
            for (ReturnStmt r : rets) {
                NodeList<Statement> repl = new NodeList<>();
                r.getExpression().ifPresent(e -> repl.add(new ExpressionStmt(
                        new AssignExpr(new NameExpr(result), e, AssignExpr.Operator.ASSIGN))));
                if (label != null) {
                    repl.add(new BreakStmt(label));
                }
                if (repl.size() == 1 && r.getParentNode().orElse(null) instanceof BlockStmt) {
                    r.replace(repl.get(0));
                } else if (repl.isEmpty()) {
                    r.remove();
                } else {
                    r.replace(new BlockStmt(repl));
                }
            }
            if (label == null) {
                return body;
            }
            return new BlockStmt(NodeList.nodeList(new LabeledStmt(label, body)));
        }

        /**
         * How the task class names a type of the tree: by its chain of simple names in the program's package,
         * fully qualified in another (the inlined method's file may reach it without an import).
         */
        String ref(TypeDeclaration<?> t) {
            String pkg = Members.packageOf(t);
            return pkg.isEmpty() || pkg.equals(program.packageName()) ? Members.typeRef(t) : pkg + "." + Members.typeRef(t);
        }

        /**
         * Whether every class of the sources that {@code n} names by type is one the task class may name;
         * otherwise refuses at the first that is not ({@code what} says who uses it): the task class, in the
         * program's package, cannot spell a class that is not public in another package.
         */
        boolean namesOnlyNameable(Node n, String what) {
            List<ClassOrInterfaceType> types = new ArrayList<>(Walk.findAll(n, ClassOrInterfaceType.class));
            if (n instanceof ClassOrInterfaceType t) {
                types.add(0, t);
            }
            for (ClassOrInterfaceType x : types) {
                if (x.getScope().isPresent()) {
                    continue;
                }
                Optional<TypeDeclaration<?>> d = members.type(x.getNameAsString());
                if (d.isPresent() && !nameable(d.get())) {
                    refuse(x, what + " uses the class " + d.get().getNameAsString() + ", which is not public in package '"
                            + Members.packageOf(d.get()) + "', so the task class (in package '" + program.packageName()
                            + "') cannot name it; make the class public");
                    return false;
                }
            }
            return true;
        }

        /** Whether the task class, in the program's package, may name the type {@code t}. */
        boolean nameable(TypeDeclaration<?> t) {
            for (Node x = t; x instanceof TypeDeclaration; x = x.getParentNode().orElse(null)) {
                TypeDeclaration<?> y = (TypeDeclaration<?>) x;
                if (y.isPrivate() || !y.isPublic() && !Members.packageOf(y).equals(program.packageName())) {
                    return false;
                }
            }
            return true;
        }

        /** Whether the task class, in the program's package, may name a member declared with {@code m}. */
        boolean reachable(TypeDeclaration<?> owner, com.github.javaparser.ast.nodeTypes.modifiers.NodeWithPrivateModifier<?> m) {
            if (m.isPrivate() || !nameable(owner)) {
                return false;
            }
            return Members.packageOf(owner).equals(program.packageName())
                    || ((com.github.javaparser.ast.nodeTypes.NodeWithModifiers<?>) m).hasModifier(
                    com.github.javaparser.ast.Modifier.Keyword.PUBLIC)
                    || owner instanceof ClassOrInterfaceDeclaration && ((ClassOrInterfaceDeclaration) owner).isInterface();
        }

        /** A type of the method's file as the task class names it (nested types, other packages qualified). */
        Type qualifiedType(Type t) {
            Type c = t.clone();
            List<ClassOrInterfaceType> all = new ArrayList<>(Walk.findAll(c, ClassOrInterfaceType.class));
            for (ClassOrInterfaceType x : all) {
                if (x.getScope().isEmpty()) {
                    Optional<TypeDeclaration<?>> d = members.type(x.getNameAsString());
                    if (d.isPresent() && !d.get().isTopLevelType()) {
                        x.setScope((ClassOrInterfaceType) Templates.type(ref(
                                (TypeDeclaration<?>) d.get().getParentNode().orElseThrow())));
                    } else if (d.isPresent() && !Members.packageOf(d.get()).isEmpty()
                            && !Members.packageOf(d.get()).equals(program.packageName())) {
                        x.setScope((ClassOrInterfaceType) Templates.type(Members.packageOf(d.get())));
                    }
                }
            }
            return c;
        }

        void addImports(Node m) {
            m.findCompilationUnit().map(CompilationUnit::getImports).ifPresent(list -> list.forEach(i -> imports.add(i.clone())));
        }
    }

    private static int indexOf(BlockStmt block, Statement s) {
        NodeList<Statement> list = block.getStatements();
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) == s) {
                return i;
            }
        }
        throw new IllegalStateException("statement not in its block");
    }

    private static boolean insideFunction(Node n, Node limit) {
        for (Node x = n.getParentNode().orElse(null); x != null && x != limit; x = x.getParentNode().orElse(null)) {
            if (JumpTargets.isFunctionBoundary(x)) {
                return true;
            }
        }
        return false;
    }

    private static Statement declare(Type type, String name, Expression init) {
        return new ExpressionStmt(new VariableDeclarationExpr(new VariableDeclarator(type, name, init)));
    }

    private static Expression defaultValue(Type t) {
        if (t instanceof PrimitiveType) {
            switch (((PrimitiveType) t).getType()) {
                case BOOLEAN:
                    return Templates.expression("false");
                case CHAR:
                    return Templates.expression("'\\0'");
                case LONG:
                    return Templates.expression("0L");
                case FLOAT:
                    return Templates.expression("0f");
                case DOUBLE:
                    return Templates.expression("0.0");
                default:
                    return Templates.expression("0");
            }
        }
        return Templates.expression("null");
    }

    private static String decapitalize(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    /**
     * {@code file.replaceAll(".*[/\\\\]", "")}: the name after the last slash or backslash, without compiling that
     * pattern for every inlined call (a hundredth of a translation). A name with a line break in it (where
     * the pattern's {@code .} stops) still goes through the pattern.
     */
    static String baseName(String file) {
        for (int i = 0; i < file.length(); i++) {
            char c = file.charAt(i);
            if (c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029') {
                return file.replaceAll(".*[/\\\\]", "");
            }
        }
        return file.substring(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
    }
}
