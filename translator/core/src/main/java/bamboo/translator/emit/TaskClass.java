package bamboo.translator.emit;

import bamboo.translator.parse.Printed;
import bamboo.translator.parse.Walk;
import bamboo.translator.analyse.TaskField;
import bamboo.translator.comm.CommunicatorTypes;
import bamboo.translator.find.Program;
import bamboo.translator.inline.MethodInliner;
import bamboo.translator.outline.MpiRewriter;
import bamboo.translator.outline.FiringRules;
import bamboo.translator.outline.StateMachine;
import bamboo.translator.outline.Bytecode;
import bamboo.translator.outline.MethodSplitter;
import bamboo.translator.parse.Templates;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.comments.JavadocComment;
import com.github.javaparser.ast.comments.LineComment;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.MarkerAnnotationExpr;
import com.github.javaparser.ast.expr.Name;
import com.github.javaparser.ast.expr.SimpleName;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.TextBlockLiteralExpr;
import com.github.javaparser.ast.comments.Comment;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The task class of a program, {@code X_BambooTask extends bamboo.runtime.mpi.MpiTask}: per-task state (the
 * program's statics and main's locals that live across evaluation points), execute() (the state
 * machine), ready() (the firing rule of the point the task waits at), and the program's static helper
 * methods, which become instance methods so they see the per-task copy of the statics.
 */
final class TaskClass {
    private final Program program;
    private final List<TaskField> fields;
    private final BlockStmt execute;
    private final StateMachine machine;
    private final List<FiringRules.ReadyMethod> ready;
    private final boolean yields;
    private final Set<String> movedStatics = new HashSet<>();
    private final Set<String> copiedMethods = new HashSet<>();
    private final Set<String> privateConstants = new HashSet<>();
    /** The per-task statics' declarations and initialisers copied into the task class, in source order. */
    private final List<BodyDeclaration<?>> perTaskInits = new ArrayList<>();

    TaskClass(Program program, List<TaskField> fields, BlockStmt execute, StateMachine machine,
              List<FiringRules.ReadyMethod> ready, boolean yields) {
        this.program = program;
        this.fields = fields;
        this.execute = execute;
        this.machine = machine;
        this.ready = ready;
        this.yields = yields;
    }

    /** The first tag the inlined collectives use (2147483001..2147483009, see docs/programming-model.md). */
    private static final int COLLECTIVE_TAGS = 2147483001;

    static String name(Program p) {
        return p.simpleName() + "_BambooTask";
    }

    String print() {
        CompilationUnit cu = new CompilationUnit();
        program.unit().unit().getPackageDeclaration().ifPresent(p -> cu.setPackageDeclaration(p.clone()));
        for (ImportDeclaration i : program.unit().unit().getImports()) {
            addImport(cu, i.clone());
        }
        if (program.type().containsData(MethodInliner.TASK_IMPORTS)) {
            for (ImportDeclaration i : program.type().getData(MethodInliner.TASK_IMPORTS)) {
                if (!cu.getImports().contains(i)) {
                    addImport(cu, i.clone()); // the files of inlined methods name their types through these
                }
            }
        }
        ClassOrInterfaceDeclaration c = cu.addClass(name(program), Modifier.Keyword.PUBLIC, Modifier.Keyword.FINAL);
        c.addExtendedType((ClassOrInterfaceType) Templates.type("bamboo.runtime.mpi.MpiTask"));
        c.setJavadocComment("Task of program {@link " + program.simpleName() + "}, generated by Bamboo from "
                + program.sourceBaseName() + ". Do not edit: edit " + program.sourceBaseName() + " and translate again.\n"
                + "\n<p>One instance per task: the program's static state and main's locals that live across\n"
                + "evaluation points are its fields; {@link #execute()} resumes where it stopped.");
        copyStatics(c);
        for (TaskField f : fields) {
            FieldDeclaration fd = c.addField(f.type(), f.name(), Modifier.Keyword.PRIVATE);
            fd.setComment(new LineComment(" " + f.why() + (f.line() > 0 ? ", from " + program.sourceBaseName()
                    + ":" + f.line() : "")));
        }
        machine.splitFields().forEach(c::addMember);
        c.addField(Templates.type("int"), "pc", Modifier.Keyword.PRIVATE).setLineComment(" where execute() resumes");
        if (machine.usesOwnPoints()) {
            c.addField(Templates.type("int"), "bambooSource", Modifier.Keyword.PRIVATE)
                    .setLineComment(" the message a blocking receive waits for");
            c.addField(Templates.type("int"), "bambooTag", Modifier.Keyword.PRIVATE);
        }
        if (yields) {
            c.addField(Templates.type("boolean"), "bambooYield", Modifier.Keyword.PRIVATE)
                    .setLineComment(" TaskHints.yieldAfterRegion() was called");
        }
        ConstructorDeclaration ctor = c.addConstructor(Modifier.Keyword.PUBLIC);
        ctor.addParameter(Templates.type("String[]"), "args");
        ctor.setBody(new BlockStmt(NodeList.nodeList(Templates.statement(
                "this." + program.main().getParameter(0).getNameAsString() + " = args;"))));
        if (mentions(program.main(), "ANY_TAG")) {
            // MPI's ANY_TAG never matches collective traffic: keep it off the inlined collectives' tags.
            ctor.getBody().addStatement(Templates.statement("anyTagUpTo(" + (COLLECTIVE_TAGS - 1) + ");"));
        }
        ctor.setJavadocComment("@param args the program's arguments (this task's own copy)");

        addInit(c);
        MethodDeclaration exec = c.addMethod("execute", Modifier.Keyword.PROTECTED);
        exec.addAnnotation(override());
        exec.setType(Templates.type("Outcome"));
        exec.addThrownException((com.github.javaparser.ast.type.ClassOrInterfaceType) Templates.type("Exception"));
        exec.setBody(execute);
        exec.setLineComment(" main of " + program.sourceBaseName() + ":" + line(program.main())
                + ", as a state machine that returns at evaluation points");
        machine.methods().forEach(c::addMember);
        outlineLoops(c, exec);
        addReady(c);
        addWaitingFor(c);
        for (FiringRules.ReadyMethod r : ready) {
            MethodDeclaration m = c.addMethod(r.name(), Modifier.Keyword.PRIVATE);
            m.setType(Templates.type("boolean"));
            m.setBody(r.body());
            m.setLineComment(" firing rule of olap region '" + r.region().labelled().getLabel() + "' at "
                    + program.sourceBaseName() + ":" + r.region().line() + ": each receive's message has arrived");
        }
        if (program.type().containsData(bamboo.translator.comm.CommunicatorCalls.RECEIVES_ON_DERIVED)) {
            MethodDeclaration m = c.addMethod("statusCommunicator", Modifier.Keyword.PROTECTED);
            m.addAnnotation(override());
            m.setType(Templates.type("bamboo.runtime.comm.TaskComm"));
            m.setBody(new BlockStmt(NodeList.nodeList(Templates.statement("return bambooWorld();"))));
            m.setLineComment(" statuses name the rank and tag of the communicator a message came on");
        }
        copyMethods(c);
        if (program.type().containsData(MethodInliner.TASK_MEMBERS)) {
            program.type().getData(MethodInliner.TASK_MEMBERS).forEach(m -> c.addMember(m.clone()));
        }
        qualifyProgramReferences(c);
        new CommunicatorTypes(program.unit().unit(), program.type()).apply(c);
        deferTaskInitialisers(c);
        return "// Generated by Bamboo from " + program.sourceBaseName() + ". Do not edit.\n" + Printer.print(cu);
    }

    private static final Name JAVA_LANG = new Name(new Name("java"), "lang");

    /**
     * {@code cu.addImport(i)}, the same steps, without parsing: the stock method parses the name
     * {@code java.lang} with a new parser for every import it adds (a twentieth of emitting).
     */
    static void addImport(CompilationUnit cu, ImportDeclaration i) {
        if (i.isAsterisk()) {
            cu.getImports().removeIf(e -> Objects.equals(packageOf(e).get(), packageOf(i).orElse(null)));
        }
        if (!isImplicit(cu, i) && cu.getImports().stream().noneMatch(e -> e.equals(i)
                || e.isAsterisk() && Objects.equals(packageOf(e).get(), packageOf(i).orElse(null)))) {
            cu.getImports().add(i);
        }
    }

    private static boolean isImplicit(CompilationUnit cu, ImportDeclaration i) {
        Optional<Name> p = packageOf(i);
        if (p.isEmpty()) {
            return true;
        }
        if (JAVA_LANG.equals(p.get())) {
            return true;
        }
        return cu.getPackageDeclaration().map(d -> d.getName().equals(p.get())).orElse(false);
    }

    private static Optional<Name> packageOf(ImportDeclaration i) {
        return (i.isAsterisk() ? new Name(i.getName(), "*") : i.getName()).getQualifier();
    }

    /**
     * Gives every loop of main without an evaluation point a method of its own ({@link
     * MethodSplitter#outlineLoops}): main's locals that are task fields become locals of that method.
     */
    private void outlineLoops(ClassOrInterfaceDeclaration c, MethodDeclaration exec) {
        java.util.Map<String, com.github.javaparser.ast.type.Type> locals = new java.util.HashMap<>();
        fields.forEach(f -> locals.put(f.name(), f.type()));
        for (FieldDeclaration f : machine.splitFields()) {
            f.getVariables().forEach(v -> locals.put(v.getNameAsString(), v.getType()));
        }
        MethodSplitter loops = new MethodSplitter();
        List<MethodDeclaration> main = new ArrayList<>(c.getMethodsByName("init"));
        main.add(exec);
        main.addAll(machine.methods());
        for (MethodDeclaration m : main) {
            loops.outlineLoops(m, locals);
        }
        loops.methods().forEach(c::addMember);
    }

    /** The code of main before its first evaluation point, run once by the runtime before execute(). */
    private void addInit(ClassOrInterfaceDeclaration c) {
        BlockStmt body = machine.init();
        if (body.isEmpty()) {
            return;
        }
        MethodDeclaration init = c.addMethod("init", Modifier.Keyword.PROTECTED);
        init.addAnnotation(override());
        init.addThrownException((ClassOrInterfaceType) Templates.type("Exception"));
        init.setBody(body);
        init.setLineComment(" main of " + program.sourceBaseName() + ":" + line(program.main())
                + " up to its first evaluation point, run once before execute()");
    }

    /** Task calls an initialiser of a per-task static may make once translated ({@code MPI.COMM_WORLD}, Rank). */
    private static final Set<String> TASK_CALLS = Set.of("bambooWorld", "bambooSelf", "id", "numTasks");

    /**
     * Per-task statics initialised from the task ({@code static final Intracomm WORLD = MPI.COMM_WORLD;}
     * becomes {@code bambooWorld()}) cannot be initialised in the task's constructor, which runs before the
     * task joins its graph: then every per-task static initialiser and static block moves, in source order,
     * into {@code bambooStatics()}, which {@code init()} runs first. Such fields lose {@code final}, as a
     * method assigns them.
     */
    private void deferTaskInitialisers(ClassOrInterfaceDeclaration c) {
        boolean needsTask = perTaskInits.stream().anyMatch(m -> Walk.findAll(m, MethodCallExpr.class).stream()
                .anyMatch(call -> call.getScope().isEmpty() && TASK_CALLS.contains(call.getNameAsString())));
        if (!needsTask) {
            return;
        }
        BlockStmt statics = new BlockStmt();
        for (BodyDeclaration<?> m : perTaskInits) {
            if (m instanceof FieldDeclaration f) {
                f.removeModifier(Modifier.Keyword.FINAL);
                for (com.github.javaparser.ast.body.VariableDeclarator v : f.getVariables()) {
                    Expression init = v.getInitializer().orElse(null);
                    if (init == null) {
                        continue;
                    }
                    Expression value = init instanceof com.github.javaparser.ast.expr.ArrayInitializerExpr
                            ? Templates.expression("new " + v.getType().asString() + " " + Printed.text(init)) : init.clone();
                    statics.addStatement(new com.github.javaparser.ast.stmt.ExpressionStmt(
                            new com.github.javaparser.ast.expr.AssignExpr(new FieldAccessExpr(new ThisExpr(),
                                    v.getNameAsString()), value, com.github.javaparser.ast.expr.AssignExpr.Operator.ASSIGN)));
                    v.removeInitializer();
                }
            } else if (m instanceof InitializerDeclaration i) {
                statics.addStatement(i.getBody().clone());
                i.remove();
            }
        }
        MethodDeclaration md = c.addMethod("bambooStatics", Modifier.Keyword.PRIVATE);
        md.addThrownException((ClassOrInterfaceType) Templates.type("Exception"));
        md.setBody(statics);
        md.setLineComment(" the program's static initialisers, per task, once the task has joined its graph");
        List<MethodDeclaration> init = c.getMethodsByName("init");
        if (init.isEmpty()) {
            MethodDeclaration m = c.addMethod("init", Modifier.Keyword.PROTECTED);
            m.addAnnotation(override());
            m.addThrownException((ClassOrInterfaceType) Templates.type("Exception"));
            m.setBody(new BlockStmt());
            init = List.of(m);
        }
        init.get(0).getBody().orElseThrow().addStatement(0, Templates.statement("bambooStatics();"));
    }

    private void addReady(ClassOrInterfaceDeclaration c) {
        MethodDeclaration m = c.addMethod("ready", Modifier.Keyword.PROTECTED);
        m.addAnnotation(override());
        m.setType(Templates.type("boolean"));
        List<SwitchEntry> entries = new ArrayList<>();
        for (StateMachine.Point p : machine.points()) {
            entries.add(new SwitchEntry(NodeList.nodeList(new IntegerLiteralExpr(String.valueOf(p.label()))),
                    SwitchEntry.Type.STATEMENT_GROUP, NodeList.nodeList(new ReturnStmt(p.rule().clone()))));
        }
        m.setBody(onPc(c, entries, "bambooReady", Templates.statement("return true;"), m));
    }

    private void addWaitingFor(ClassOrInterfaceDeclaration c) {
        if (machine.points().isEmpty()) {
            return;
        }
        MethodDeclaration m = c.addMethod("waitingFor", Modifier.Keyword.PROTECTED);
        m.addAnnotation(override());
        m.addParameter(Templates.type("bamboo.runtime.WaitDescription"), "wait");
        List<SwitchEntry> entries = new ArrayList<>();
        for (StateMachine.Point p : machine.points()) {
            MethodCallExpr note = new MethodCallExpr(new NameExpr("wait"), "note",
                    NodeList.nodeList(new StringLiteralExpr(p.note())));
            entries.add(new SwitchEntry(NodeList.nodeList(new IntegerLiteralExpr(String.valueOf(p.label()))),
                    SwitchEntry.Type.STATEMENT_GROUP, NodeList.nodeList(
                    new com.github.javaparser.ast.stmt.ExpressionStmt(note),
                    new com.github.javaparser.ast.stmt.BreakStmt())));
        }
        m.setBody(onPc(c, entries, "bambooWaitingFor", new com.github.javaparser.ast.stmt.BreakStmt(), m));
    }

    /**
     * The body of {@code m}: {@code switch (pc)} over {@code entries} (labels ascending) and a default of
     * {@code otherwise}; when that would be too long for HotSpot to compile, the switch in parts, methods
     * named {@code prefix} and their first label, that {@code m} calls by the range of {@code pc}.
     */
    private static BlockStmt onPc(ClassOrInterfaceDeclaration c, List<SwitchEntry> entries, String prefix,
                                  com.github.javaparser.ast.stmt.Statement otherwise, MethodDeclaration m) {
        if (MethodSplitter.fits(entries, Bytecode::estimate)) {
            NodeList<SwitchEntry> all = new NodeList<>(entries);
            all.add(new SwitchEntry(new NodeList<>(), SwitchEntry.Type.STATEMENT_GROUP, NodeList.nodeList(otherwise)));
            return new BlockStmt(NodeList.nodeList(new SwitchStmt(new NameExpr("pc"), all)));
        }
        boolean returns = !m.getType().isVoidType();
        BlockStmt body = new BlockStmt();
        for (List<SwitchEntry> group : MethodSplitter.groups(entries, Bytecode::estimate)) {
            String from = Printed.text(group.get(0).getLabels().get(0));
            int to = Integer.parseInt(Printed.text(group.get(group.size() - 1).getLabels().get(0))) + 1;
            MethodDeclaration part = m.clone();
            part.getAnnotations().clear();
            part.setModifiers(Modifier.Keyword.PRIVATE);
            part.setName(prefix + from);
            part.setBody(onPc(c, group, prefix, otherwise.clone(), part));
            part.setLineComment(" " + m.getNameAsString() + "() at cases " + from + ".." + (to - 1));
            c.addMember(part);
            NodeList<Expression> arguments = new NodeList<>();
            m.getParameters().forEach(p -> arguments.add(new NameExpr(p.getNameAsString())));
            MethodCallExpr call = new MethodCallExpr(null, part.getNameAsString(), arguments);
            body.addStatement(new com.github.javaparser.ast.stmt.IfStmt(Templates.expression("pc < " + to),
                    returns ? new BlockStmt(NodeList.nodeList(new ReturnStmt(call)))
                            : new BlockStmt(NodeList.nodeList(new com.github.javaparser.ast.stmt.ExpressionStmt(call),
                            new ReturnStmt())), null));
        }
        body.addStatement(returns ? otherwise : new ReturnStmt());
        return body;
    }

    /** Static fields and initialisers of the program become per-task state (constants stay static). */
    private void copyStatics(ClassOrInterfaceDeclaration c) {
        for (BodyDeclaration<?> member : program.type().getMembers()) {
            if (member instanceof FieldDeclaration && ((FieldDeclaration) member).isStatic()) {
                FieldDeclaration f = ((FieldDeclaration) member).clone();
                boolean constant = f.isFinal() && f.getVariables().stream().allMatch(v -> v.getInitializer().isPresent()
                        && (v.getType().isPrimitiveType() || v.getType().asString().equals("String")));
                if (!constant) {
                    f.removeModifier(Modifier.Keyword.STATIC);
                    f.getVariables().forEach(v -> movedStatics.add(v.getNameAsString()));
                } else if (f.isPrivate()) {
                    f.getVariables().forEach(v -> privateConstants.add(v.getNameAsString()));
                }
                f.setLineComment((constant ? " constant" : " static state, one copy per task") + ", from "
                        + program.sourceBaseName() + ":" + line(member));
                c.addMember(f);
                if (!constant) {
                    perTaskInits.add(f);
                }
            } else if (member instanceof InitializerDeclaration && ((InitializerDeclaration) member).isStatic()) {
                InitializerDeclaration i = ((InitializerDeclaration) member).clone();
                i.setStatic(false);
                i.setLineComment(" static initialiser, run per task, from " + program.sourceBaseName() + ":"
                        + line(member));
                c.addMember(i);
                perTaskInits.add(i);
            }
        }
    }

    /** Static methods (helpers called from main) become instance methods: they see per-task statics. */
    private void copyMethods(ClassOrInterfaceDeclaration c) {
        for (MethodDeclaration m : program.type().getMethods()) {
            if (m == program.main() || !m.isStatic() || m.containsData(MethodInliner.INLINED)) {
                continue; // inlined methods live on in execute()
            }
            MethodDeclaration copy = m.clone();
            copy.removeModifier(Modifier.Keyword.STATIC);
            new MpiRewriter("args").rewrite(copy); // only Rank / Size / Wtime remain here (CallRules)
            copy.setLineComment(" from " + program.sourceBaseName() + ":" + line(m));
            copiedMethods.add(m.getNameAsString());
            c.addMember(copy);
        }
    }

    /**
     * {@code X.field} and {@code X.method()} of moved statics now live in the task; nested types of the
     * program stay in {@code X} and are named through it.
     */
    private void qualifyProgramReferences(ClassOrInterfaceDeclaration c) {
        String x = program.simpleName();
        // One walk collects what the four rewrites below need (four findAll walks were a tenth of emit).
        List<FieldAccessExpr> fieldAccesses = new ArrayList<>();
        List<MethodCallExpr> calls = new ArrayList<>();
        List<ClassOrInterfaceType> types = new ArrayList<>();
        List<NameExpr> names = new ArrayList<>();
        Walk.preOrder(c, n -> {
            if (n instanceof FieldAccessExpr) {
                fieldAccesses.add((FieldAccessExpr) n);
            } else if (n instanceof MethodCallExpr) {
                calls.add((MethodCallExpr) n);
            } else if (n instanceof ClassOrInterfaceType) {
                types.add((ClassOrInterfaceType) n);
            } else if (n instanceof NameExpr) {
                names.add((NameExpr) n);
            }
        });
        for (FieldAccessExpr f : fieldAccesses) {
            if (isName(f.getScope(), x) && movedStatics.contains(f.getNameAsString())) {
                f.setScope(new ThisExpr());
            } else if (f.getScope() instanceof NameExpr && Printed.text(f.getScope()).equals(x)
                    && privateConstants.contains(f.getNameAsString())) {
                f.setScope(new NameExpr(name(program))); // inlined code of another class: the task's copy
            }
        }
        for (MethodCallExpr m : calls) {
            if (m.getScope().map(s -> isName(s, x)).orElse(false) && copiedMethods.contains(m.getNameAsString())) {
                m.removeScope();
            }
        }
        Set<String> nested = new HashSet<>();
        for (BodyDeclaration<?> member : program.type().getMembers()) {
            if (member instanceof TypeDeclaration) {
                nested.add(((TypeDeclaration<?>) member).getNameAsString());
            }
        }
        if (nested.isEmpty()) {
            return;
        }
        for (ClassOrInterfaceType t : types) {
            if (t.getScope().isEmpty() && nested.contains(t.getNameAsString())) {
                t.setScope(new ClassOrInterfaceType(null, x));
            }
        }
        for (NameExpr n : names) {
            Node parent = n.getParentNode().orElse(null); // none once a rewrite above took it out of the tree
            boolean asScope = parent instanceof FieldAccessExpr && ((FieldAccessExpr) parent).getScope() == n
                    || parent instanceof MethodCallExpr && ((MethodCallExpr) parent).getScope().orElse(null) == n;
            if (asScope && nested.contains(n.getNameAsString())) {
                n.replace(new FieldAccessExpr(new NameExpr(x), n.getNameAsString()));
            }
        }
    }

    /** Whether {@code e} prints as exactly {@code name}: a simple name without a comment. */
    private static boolean isName(Expression e, String name) {
        return e instanceof NameExpr && e.getComment().isEmpty() && ((NameExpr) e).getNameAsString().equals(name);
    }

    /**
     * Whether {@code node.toString()} contains {@code word}, without printing the node (printing main was
     * a twentieth of a translation). A word of letters, digits and underscores can only appear inside one
     * printed token: a name, a string or text-block literal, or a comment (a node's own or an orphan).
     */
    static boolean mentions(Node node, String word) {
        ArrayList<Node> stack = new ArrayList<>();
        stack.add(node);
        while (!stack.isEmpty()) { // Walk.preOrder's order, stopping at the first mention
            Node n = stack.remove(stack.size() - 1);
            if (mentionedBy(n, word)) {
                return true;
            }
            List<Node> children = n.getChildNodes();
            for (int i = children.size() - 1; i >= 0; i--) {
                stack.add(children.get(i));
            }
        }
        return false;
    }

    private static boolean mentionedBy(Node n, String word) {
        String text = n instanceof SimpleName ? ((SimpleName) n).getIdentifier()
                : n instanceof Name ? ((Name) n).getIdentifier()
                : n instanceof StringLiteralExpr ? ((StringLiteralExpr) n).getValue()
                : n instanceof TextBlockLiteralExpr ? ((TextBlockLiteralExpr) n).getValue()
                : n instanceof Comment ? ((Comment) n).getContent()
                : null;
        if (text != null && text.contains(word)) {
            return true;
        }
        Comment c = n.getComment().orElse(null);
        if (c != null && c.getContent().contains(word)) {
            return true;
        }
        for (Comment o : n.getOrphanComments()) {
            if (o.getContent().contains(word)) {
                return true;
            }
        }
        return false;
    }

    /** {@code @Override}, built rather than parsed (addMarkerAnnotation(String) runs a new parser each time). */
    private static MarkerAnnotationExpr override() {
        return new MarkerAnnotationExpr(new Name("Override"));
    }

    private static int line(Node n) {
        return n.getBegin().map(p -> p.line).orElse(0);
    }
}
