package bamboo.translator.outline;

import bamboo.translator.parse.Walk;
import bamboo.translator.analyse.Marks;
import bamboo.translator.find.BlockKind;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.MpiOp;
import bamboo.translator.find.Region;
import bamboo.translator.find.ResultUse;
import bamboo.translator.parse.Templates;
import bamboo.translator.reorder.Pipelining;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.comments.LineComment;
import com.github.javaparser.ast.expr.ArrayInitializerExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.LabeledStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The outline stage ({@link bamboo.translator.Translator} runs the stages in order): outlines the rank body
 * into a resumable state machine, {@code bambooLoop: while (true) switch (pc) { case k: ... }}. Only control
 * flow that contains an evaluation point is lowered to cases and jumps ({@code pc = k; continue
 * bambooLoop;}); everything else stays structured as written.
 */
public final class StateMachine {
    /**
     * An evaluation point: the case the task resumes at, its firing rule, a note for deadlock reports, and
     * the statement of the rank body it stands for (a region's labelled statement, or the blocking call).
     */
    public record Point(int label, Expression rule, String note, Node source) {
    }

    /** The ready method of a region, supplied by the emitter: name and whether the region waits at all. */
    public interface Rules {
        /** The firing-rule expression of a region (e.g. {@code ready3()}), or null if it waits for nothing. */
        Expression regionRule(Region region);
    }

    private static final String LOOP = "bambooLoop";

    private final String sourceName;
    private final MpiRewriter rewriter;
    private final Rules rules;
    private final boolean yields;
    private final List<SwitchEntry> cases = new ArrayList<>();
    private final List<Point> points = new ArrayList<>();
    private final Map<Statement, int[]> targets = new IdentityHashMap<>();
    private final java.util.Set<Statement> jumpedTo = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    private final BlockStmt init = new BlockStmt();
    private NodeList<Statement> current;
    private int nextLabel;
    private boolean ownPoints;
    private final MethodSplitter splitter = new MethodSplitter();
    /** Where an exception thrown in the code being emitted goes: the innermost lowered try, or null. */
    private Context context;
    private final Map<SwitchEntry, Context> contexts = new IdentityHashMap<>();
    private final List<com.github.javaparser.ast.body.FieldDeclaration> tryFields = new ArrayList<>();
    private int tries;
    /** The case that ends the task for a return from main that must first run finally blocks, or -1. */
    private int finishCase = -1;

    public StateMachine(String sourceName, MpiRewriter rewriter, Rules rules, boolean yields) {
        this.sourceName = sourceName;
        this.rewriter = rewriter;
        this.rules = rules;
        this.yields = yields;
    }

    /** Whether {@code p} uses TaskHints: its task then may yield at the end of each region. */
    public static boolean yields(bamboo.translator.find.Program p) {
        for (MethodCallExpr c : Walk.findAll(p.main(), MethodCallExpr.class)) {
            MpiCall m = MpiCall.of(c);
            if (m != null && m.op().isHint()) {
                return true;
            }
        }
        return false;
    }

    public List<Point> points() {
        return points;
    }

    /** Whether a blocking receive outside regions needs the bambooSource / bambooTag fields. */
    public boolean usesOwnPoints() {
        return ownPoints;
    }

    /**
     * The body of init(): main's statements before its first evaluation point (see {@link #build}), with
     * their MPI calls rewritten; empty when main starts with one. Valid after {@link #build}.
     */
    public BlockStmt init() {
        return init;
    }

    /**
     * Lowers {@code body} (main's body) and returns the body of execute(). Main's leading statements
     * that contain no evaluation point go to {@link #init()} instead (the runtime runs it once before the
     * first execute()); execute() starts at the first statement that suspends. The prologue also stops
     * before a statement that may return from main, since init() cannot end the task. Every local that
     * main declares at its top level is a task field (BodyAnalysis), so the prologue's locals reach
     * execute().
     */
    public BlockStmt build(BlockStmt body) {
        for (Statement s : Walk.findAll(body, Statement.class)) {
            if (s.containsData(Marks.JUMP_TARGET)) {
                jumpedTo.add(s.getData(Marks.JUMP_TARGET));
            }
        }
        List<Statement> main = body.getStatements();
        int prologue = 0;
        current = init.getStatements();
        while (prologue < main.size() && inPrologue(main.get(prologue)) && Completion.canComplete(current)) {
            structured(main.get(prologue++));
        }
        splitter.shrinkInit(init);
        current = null;
        lastLine = -1; // execute() names its first source line again
        start(label());
        lowerAll(main.subList(prologue, main.size()));
        if (Completion.canComplete(current)) {
            current.add(finish(body));
        }
        if (cases.size() == 1 && points.isEmpty() && current.size() == 1 && !Completion.canComplete(current)) {
            // No evaluation point at all: main ran in init(); execute() only reports the end.
            return new BlockStmt(NodeList.nodeList(current.get(0)));
        }
        SwitchEntry fail = new SwitchEntry(new NodeList<>(), SwitchEntry.Type.STATEMENT_GROUP,
                NodeList.nodeList(Templates.statement(
                        "throw new IllegalStateException(\"no resume point \" + pc);")));
        if (finishCase >= 0) {
            start(finishCase);
            current.add(finish(body));
        }
        cases.forEach(this::guard);
        List<SwitchEntry> all = new ArrayList<>(Peephole.withoutForwarders(cases, points));
        all.add(fail);
        Map<Integer, Integer> relabel = new java.util.HashMap<>();
        BlockStmt execute = splitter.execute(all, relabel);
        if (!relabel.isEmpty()) {
            points.replaceAll(p -> new Point(relabel.get(p.label()), p.rule(), p.note(), p.source()));
        }
        return execute;
    }

    /**
     * The methods execute() and init() were cut into when they would be too long for HotSpot to compile
     * ({@link MethodSplitter}); valid after {@link #build}.
     */
    public List<com.github.javaparser.ast.body.MethodDeclaration> methods() {
        return splitter.methods();
    }

    /** Task fields for locals of code cut into methods; valid after {@link #build}. */
    public List<com.github.javaparser.ast.body.FieldDeclaration> splitFields() {
        List<com.github.javaparser.ast.body.FieldDeclaration> all = new ArrayList<>(tryFields);
        all.addAll(splitter.fields());
        return all;
    }

    /** A top-level statement of main that can run in init(): no evaluation point, no return from main. */
    private static boolean inPrologue(Statement s) {
        if (Marks.suspends(s)) {
            return false;
        }
        return Walk.findFirst(s, ReturnStmt.class, r -> r.containsData(Marks.MAIN_RETURN)).isEmpty();
    }

    // ---- cases and jumps ----------------------------------------------------------------------------

    private int label() {
        return nextLabel++;
    }

    /** Opens case {@code k}; the open case, if it can fall off its end, jumps there first. */
    private void start(int k) {
        if (current != null && Completion.canComplete(current)) {
            current.addAll(jump(k));
        }
        SwitchEntry e = new SwitchEntry(NodeList.nodeList(new IntegerLiteralExpr(String.valueOf(k))),
                SwitchEntry.Type.STATEMENT_GROUP, new NodeList<>());
        cases.add(e);
        if (context != null) {
            contexts.put(e, context);
        }
        current = e.getStatements();
    }

    private void emit(Statement s) {
        if (!Completion.canComplete(current)) {
            start(label()); // unreachable code after a jump: javac needs a case label before it
        }
        current.add(s);
    }

    private static NodeList<Statement> jump(int k) {
        return NodeList.nodeList(new ExpressionStmt(new AssignExpr(new NameExpr("pc"),
                new IntegerLiteralExpr(String.valueOf(k)), AssignExpr.Operator.ASSIGN)), new ContinueStmt(LOOP));
    }

    private static BlockStmt jumpBlock(int k) {
        return new BlockStmt(jump(k));
    }

    private Statement finish(Node at) {
        return Templates.statement("return Outcome.FINISHED;");
    }

    private int lastLine = -1;

    private Statement commented(Statement s, Node from, String what) {
        int line = Marks.line(from);
        if (line == lastLine && what == null) {
            return s; // consecutive statements of one source line (or of one inlined collective): say it once
        }
        lastLine = line;
        if (line > 0) {
            String text = " " + (what == null ? "" : what + " ") + "from " + sourceName + ":" + line;
            String old = s.getComment().map(c -> c.getContent().strip().replace('\n', ' ')).orElse("");
            s.setComment(new LineComment(old.isEmpty() ? text : text + ": " + old));
        }
        return s;
    }

    // ---- lowering -----------------------------------------------------------------------------------

    private void lowerAll(List<Statement> statements) {
        for (Statement s : new ArrayList<>(statements)) {
            lower(s);
        }
    }

    private void lower(Statement s) {
        if (!Marks.suspends(s)) {
            structured(s);
        } else if (s instanceof BlockStmt) {
            lowerAll(((BlockStmt) s).getStatements());
        } else if (s.containsData(Marks.OWN_POINT)) {
            ownPoint((ExpressionStmt) s);
        } else if (s instanceof LabeledStmt) {
            lowerLabelled((LabeledStmt) s);
        } else if (s instanceof IfStmt) {
            lowerIf((IfStmt) s);
        } else if (s instanceof ForStmt || s instanceof WhileStmt || s instanceof DoStmt || s instanceof ForEachStmt) {
            lowerLoop(s, null, () -> lower(loopBody(s)));
        } else if (s instanceof TryStmt) {
            lowerTry((TryStmt) s);
        } else if (s instanceof SwitchStmt) {
            lowerSwitch((SwitchStmt) s);
        } else {
            throw new IllegalStateException("cannot lower " + s.getClass().getSimpleName()); // refused earlier
        }
    }

    private void lowerLabelled(LabeledStmt l) {
        Statement inner = l.getStatement();
        if (l.containsData(Region.KEY)) {
            Region r = l.getData(Region.KEY);
            if (r.onLoop()) {
                lowerLoop(inner, l, () -> regionBody(r));
            } else if (jumpedTo.contains(l)) {
                int end = label();
                targets.put(l, new int[] {end, -1});
                regionBody(r);
                start(end);
            } else {
                regionBody(r);
            }
        } else if (inner instanceof ForStmt || inner instanceof WhileStmt || inner instanceof DoStmt
                || inner instanceof ForEachStmt) {
            lowerLoop(inner, l, () -> lower(loopBody(inner)));
        } else if (jumpedTo.contains(l)) {
            int end = label();
            targets.put(l, new int[] {end, -1});
            lower(inner);
            start(end);
        } else {
            lower(inner);
        }
    }

    private void lowerIf(IfStmt i) {
        int end = label();
        int otherwise = i.getElseStmt().isPresent() ? label() : end;
        emit(commented(new IfStmt(not(expr(i.getCondition())), jumpBlock(otherwise), null), i, null));
        lower(i.getThenStmt());
        if (i.getElseStmt().isPresent()) {
            if (Completion.canComplete(current)) {
                current.addAll(jump(end));
            }
            start(otherwise);
            lower(i.getElseStmt().get());
        }
        start(end);
    }

    private void lowerLoop(Statement loop, LabeledStmt label, Runnable body) {
        int head = label();
        int cont = label();
        int end = label();
        targets.put(loop, new int[] {end, cont});
        if (label != null) {
            targets.put(label, new int[] {end, cont});
        }
        if (loop instanceof ForStmt) {
            ForStmt f = (ForStmt) loop;
            for (Expression e : f.getInitialization()) {
                BlockStmt holder = new BlockStmt(new NodeList<>(assignments(e)));
                rewriter.rewrite(holder);
                for (Statement s : new ArrayList<>(holder.getStatements())) {
                    emit(commented(s, f, null));
                }
            }
            start(head);
            f.getCompare().ifPresent(c -> emit(commented(new IfStmt(not(expr(c)), jumpBlock(end), null), f, "loop")));
            body.run();
            start(cont);
            for (Expression u : f.getUpdate()) {
                emit(new ExpressionStmt(expr(u)));
            }
            current.addAll(jump(head));
        } else if (loop instanceof WhileStmt) {
            WhileStmt w = (WhileStmt) loop;
            start(head);
            if (!(w.getCondition() instanceof BooleanLiteralExpr && ((BooleanLiteralExpr) w.getCondition()).getValue())) {
                emit(commented(new IfStmt(not(expr(w.getCondition())), jumpBlock(end), null), w, "loop"));
            }
            body.run();
            start(cont);
            current.addAll(jump(head));
        } else if (loop instanceof DoStmt) {
            DoStmt d = (DoStmt) loop;
            start(head);
            body.run();
            start(cont);
            emit(commented(new IfStmt(expr(d.getCondition()), jumpBlock(head), null), d, "loop"));
        } else {
            forEach((ForEachStmt) loop, head, cont, body);
        }
        start(end);
    }

    /** A lowered for-each keeps its array and index (or iterator) in the fields the analysis made. */
    private void forEach(ForEachStmt f, int head, int cont, Runnable body) {
        String holder = eachField(f);
        VariableDeclarator v = f.getVariable().getVariable(0);
        String var = v.getNameAsString();
        boolean array = f.getData(Marks.OVER_ARRAY);
        if (array) {
            emit(commented(assign(holder, expr(f.getIterable())), f, null));
            emit(Templates.statement(holder + "Index = 0;"));
            start(head);
            emit(commented(Templates.statement("if (" + holder + "Index >= " + holder + ".length) {}"), f,
                    "loop"));
            ((IfStmt) current.get(current.size() - 1)).setThenStmt(jumpBlock(targets.get(f)[0]));
            emit(Templates.statement(var + " = " + holder + "[" + holder + "Index];"));
            body.run();
            start(cont);
            emit(Templates.statement(holder + "Index++;"));
        } else {
            emit(commented(assign(holder, new MethodCallExpr(expr(f.getIterable()), "iterator")), f, null));
            start(head);
            emit(commented(Templates.statement("if (!" + holder + ".hasNext()) {}"), f, "loop"));
            ((IfStmt) current.get(current.size() - 1)).setThenStmt(jumpBlock(targets.get(f)[0]));
            emit(Templates.statement(var + " = (" + v.getType() + ") " + holder + ".next();"));
            body.run();
            start(cont);
        }
        current.addAll(jump(head));
    }

    private static String eachField(ForEachStmt f) {
        return f.getData(Marks.EACH_FIELD);
    }

    private static Statement loopBody(Statement loop) {
        if (loop instanceof ForStmt) {
            return ((ForStmt) loop).getBody();
        } else if (loop instanceof ForEachStmt) {
            return ((ForEachStmt) loop).getBody();
        } else if (loop instanceof WhileStmt) {
            return ((WhileStmt) loop).getBody();
        }
        return ((DoStmt) loop).getBody();
    }

    // ---- try statements ------------------------------------------------------------------------------

    /**
     * A lowered try statement. Its try block, and its finally block, become cases; an exception thrown in
     * a case of the try block is caught around that case ({@link #guard}) and kept in {@code caught}, then
     * the dispatch case throws it again inside a Java try with the program's own catch clauses, so the
     * right handler runs, as written. A finally block runs once on every way out: {@code pending} holds
     * the exception to throw on after it, {@code next} the route of a break, continue or return that
     * left through it (0: on after the statement).
     */
    private static final class Try {
        final TryStmt source;
        final String caught;
        final String pending;
        final String next;
        int dispatch = -1;
        int fin = -1;
        int after;
        /** Routes 1..: where jumps that left through the finally block go on after it. */
        final List<Route> routes = new ArrayList<>();

        Try(TryStmt source, int id) {
            this.source = source;
            this.caught = "bambooCaught" + id;
            this.pending = "bambooPending" + id;
            this.next = "bambooNext" + id;
        }

        boolean hasFinally() {
            return source.getFinallyBlock().isPresent();
        }
    }

    /** A jump's target case and the finally blocks further out that it still leaves, innermost first. */
    private record Route(int target, List<Try> further) {
    }

    /** A catch clause whose handler holds an evaluation point, and the case its handler starts at. */
    private record Handler(int label, com.github.javaparser.ast.stmt.CatchClause clause) {
    }

    /** Where the code being emitted stands: in the try block of {@code t} or in one of its handlers. */
    private record Context(Try t, boolean handler, Context outer) {
    }

    private void lowerTry(TryStmt t) {
        Try T = new Try(t, ++tries);
        T.after = label();
        if (!t.getCatchClauses().isEmpty()) {
            T.dispatch = label();
            tryField("Throwable", T.caught, t, "the exception caught in the try block");
        }
        if (T.hasFinally()) {
            T.fin = label();
            tryField("Throwable", T.pending, t, "the exception the finally block throws on");
            tryField("int", T.next, t, "where the finally block goes on");
        }
        Context outer = context;
        context = new Context(T, false, outer);
        start(label());
        lower(t.getTryBlock());
        if (Completion.canComplete(current)) {
            current.addAll(leave(T));
        }
        if (T.dispatch >= 0) {
            context = new Context(T, true, outer);
            start(T.dispatch);
            List<Handler> suspending = new ArrayList<>();
            emit(commented(handlers(T, suspending), t, "catch clauses"));
            if (Completion.canComplete(current)) {
                current.addAll(leave(T));
            }
            for (Handler h : suspending) {
                start(h.label());
                lower(h.clause().getBody());
                if (Completion.canComplete(current)) {
                    current.addAll(leave(T));
                }
            }
        }
        context = outer;
        if (T.hasFinally()) {
            start(T.fin);
            BlockStmt fin = t.getFinallyBlock().get();
            if (Marks.suspends(fin)) {
                lower(fin);
            } else {
                structured(fin, "finally");
            }
            if (Completion.canComplete(current)) {
                current.add(Templates.statement("if (" + T.pending + " != null) { Throwable bambooThrown = "
                        + T.pending + "; " + T.pending + " = null; " + RETHROW + " }"));
                for (int r = 0; r < T.routes.size(); r++) {
                    Route route = T.routes.get(r);
                    current.add(new IfStmt(Templates.expression(T.next + " == " + (r + 1)),
                            new BlockStmt(jumpOut(route.target(), route.further())), null));
                }
            }
        }
        start(T.after);
    }

    /** Rethrows {@code bambooThrown} (a Throwable) from code that may throw only Exception. */
    private static final String RETHROW = "if (bambooThrown instanceof Error) { throw (Error) bambooThrown; } "
            + "throw (Exception) bambooThrown;";

    /** The way out of the try block or a handler when it completes: through the finally block, if any. */
    private NodeList<Statement> leave(Try T) {
        if (!T.hasFinally()) {
            return jump(T.after);
        }
        NodeList<Statement> out = NodeList.nodeList(assign(T.pending, new com.github.javaparser.ast.expr.NullLiteralExpr()),
                assign(T.next, new IntegerLiteralExpr("0")));
        out.addAll(jump(T.fin));
        return out;
    }

    /**
     * The dispatch case's code: {@code try { throw caught; } catch (...) { handler } ... catch (Throwable
     * x) { on through finally, or out }}. The handlers are the program's own clauses, so the first that
     * matches runs, with its own parameter. A handler with an evaluation point only keeps its exception in
     * its parameter's task field and jumps to its own cases, which the caller writes ({@code suspending}).
     */
    private Statement handlers(Try T, List<Handler> suspending) {
        BlockStmt body = new BlockStmt();
        body.addStatement(Templates.statement("Throwable bambooThrown = " + T.caught + ";"));
        body.addStatement(assign(T.caught, new com.github.javaparser.ast.expr.NullLiteralExpr()));
        NodeList<com.github.javaparser.ast.stmt.CatchClause> clauses = new NodeList<>();
        boolean all = false;
        for (com.github.javaparser.ast.stmt.CatchClause c : T.source.getCatchClauses()) {
            BlockStmt handler;
            com.github.javaparser.ast.body.Parameter parameter = c.getParameter().clone();
            if (Marks.suspends(c.getBody())) {
                // A handler with an evaluation point: its parameter is a task field, its body cases of its own.
                int k = label();
                suspending.add(new Handler(k, c));
                String field = parameter.getNameAsString();
                parameter.setName("bambooException");
                handler = new BlockStmt(NodeList.nodeList(Templates.statement("this." + field + " = bambooException;")));
                handler.getStatements().addAll(jump(k));
            } else {
                handler = c.getBody().clone();
                redirectJumps(handler);
                rewriter.rewrite(handler);
            }
            clauses.add(new com.github.javaparser.ast.stmt.CatchClause(parameter, handler));
            all |= c.getParameter().getType().asString().equals("Throwable")
                    || c.getParameter().getType().asString().equals("java.lang.Throwable");
        }
        if (!all) {
            BlockStmt other = new BlockStmt();
            if (T.hasFinally()) {
                other.addStatement(assign(T.pending, new NameExpr("bambooOther")));
                other.addStatement(assign(T.next, new IntegerLiteralExpr("0")));
                other.getStatements().addAll(jump(T.fin));
            } else {
                other.addStatement(Templates.statement("{ Throwable bambooRethrown = bambooOther; "
                        + RETHROW.replace("bambooThrown", "bambooRethrown") + " }"));
            }
            clauses.add(new com.github.javaparser.ast.stmt.CatchClause(
                    new com.github.javaparser.ast.body.Parameter(Templates.type("Throwable"), "bambooOther"), other));
        }
        body.addStatement(new com.github.javaparser.ast.stmt.TryStmt(
                new BlockStmt(NodeList.nodeList(Templates.statement("throw bambooThrown;"))), clauses, null));
        return body;
    }

    private void tryField(String type, String name, Node at, String why) {
        com.github.javaparser.ast.body.FieldDeclaration f = new com.github.javaparser.ast.body.FieldDeclaration(
                new NodeList<>(com.github.javaparser.ast.Modifier.privateModifier()),
                new VariableDeclarator(Templates.type(type), name));
        f.setLineComment(" " + why + ", from " + sourceName + ":" + Marks.line(at));
        tryFields.add(f);
    }

    /** The lowered try statements with finally blocks a jump to {@code target} (null: return) leaves, innermost first. */
    private List<Try> crossed(Statement target) {
        List<Try> out = new ArrayList<>();
        for (Context c = context; c != null; c = c.outer()) {
            if (c.t().hasFinally() && (target == null || Walk.isAncestorOf(target, c.t().source))
                    && (out.isEmpty() || out.get(out.size() - 1) != c.t())) {
                out.add(c.t());
            }
        }
        return out;
    }

    /** A jump to case {@code k} that first runs the finally blocks of {@code crossed}, innermost first. */
    private NodeList<Statement> jumpOut(int k, List<Try> crossed) {
        if (crossed.isEmpty()) {
            return k == finishCase && finishCase >= 0 ? NodeList.nodeList(Templates.statement("return Outcome.FINISHED;"))
                    : jump(k);
        }
        Try first = crossed.get(0);
        first.routes.add(new Route(k, new ArrayList<>(crossed.subList(1, crossed.size()))));
        NodeList<Statement> out = NodeList.nodeList(assign(first.pending, new com.github.javaparser.ast.expr.NullLiteralExpr()),
                assign(first.next, new IntegerLiteralExpr(String.valueOf(first.routes.size()))));
        out.addAll(jump(first.fin));
        return out;
    }

    private int finishCase() {
        if (finishCase < 0) {
            finishCase = label();
        }
        return finishCase;
    }

    /**
     * Wraps a case emitted inside a lowered try in a Java try that passes what it throws on to the handlers
     * or finally block of its try statement (cases that only jump cannot throw and stay as they are).
     */
    private void guard(SwitchEntry e) {
        Context c = contexts.get(e);
        NodeList<Statement> action = null;
        for (; c != null && action == null; c = c.outer()) {
            Try T = c.t();
            if (!c.handler() && T.dispatch >= 0) {
                action = NodeList.nodeList(assign(T.caught, new NameExpr("bambooThrown")));
                action.addAll(jump(T.dispatch));
            } else if (T.hasFinally()) {
                action = NodeList.nodeList(assign(T.pending, new NameExpr("bambooThrown")),
                        assign(T.next, new IntegerLiteralExpr("0")));
                action.addAll(jump(T.fin));
            }
        }
        if (action == null || e.getStatements().stream().allMatch(StateMachine::cannotThrow)) {
            return;
        }
        // Detached from the case first: setStatements would orphan nodes still listed in the old list.
        List<Statement> statements = new ArrayList<>(e.getStatements());
        e.getStatements().clear();
        NodeList<Statement> body = new NodeList<>(statements);
        Statement first = body.get(0);
        com.github.javaparser.ast.comments.Comment comment = first.getComment().orElse(null);
        first.removeComment();
        TryStmt wrapped = new TryStmt(new BlockStmt(body), NodeList.nodeList(new com.github.javaparser.ast.stmt.CatchClause(
                new com.github.javaparser.ast.body.Parameter(Templates.type("Throwable"), "bambooThrown"),
                new BlockStmt(action))), null);
        if (comment != null) {
            wrapped.setComment(comment);
        }
        e.getStatements().add(wrapped);
    }

    private static boolean cannotThrow(Statement s) {
        if (s instanceof ContinueStmt || s instanceof com.github.javaparser.ast.stmt.EmptyStmt) {
            return true;
        }
        if (s instanceof ReturnStmt) {
            return ((ReturnStmt) s).getExpression().map(x -> x.isFieldAccessExpr() || x.isNameExpr()).orElse(true);
        }
        return s instanceof ExpressionStmt && ((ExpressionStmt) s).getExpression() instanceof AssignExpr a
                && a.getOperator() == AssignExpr.Operator.ASSIGN && a.getTarget().isNameExpr()
                && (a.getValue().isLiteralExpr() || a.getValue().isNameExpr());
    }

    // ---- switch statements ---------------------------------------------------------------------------

    /**
     * A switch whose cases contain an evaluation point: a Java switch on the selector (evaluated once, as
     * written, with its labels as written) jumps to the case of each entry; entries of the colon form fall
     * through into the next, arrow entries go to the end; break leaves to the end.
     */
    private void lowerSwitch(SwitchStmt sw) {
        int end = label();
        targets.put(sw, new int[] {end, -1});
        List<SwitchEntry> entries = sw.getEntries();
        int[] at = new int[entries.size()];
        NodeList<SwitchEntry> dispatch = new NodeList<>();
        boolean hasDefault = false;
        for (int i = 0; i < entries.size(); i++) {
            at[i] = label();
            SwitchEntry e = entries.get(i);
            NodeList<Expression> labels = new NodeList<>();
            e.getLabels().forEach(l -> labels.add(expr(l)));
            hasDefault |= e.isDefault() || e.getLabels().isEmpty();
            SwitchEntry d = new SwitchEntry(labels, SwitchEntry.Type.STATEMENT_GROUP, jump(at[i]));
            d.setDefault(e.isDefault());
            dispatch.add(d);
        }
        if (!hasDefault) {
            dispatch.add(new SwitchEntry(new NodeList<>(), SwitchEntry.Type.STATEMENT_GROUP, jump(end)));
        }
        emit(commented(new SwitchStmt(expr(sw.getSelector()), dispatch), sw, "switch"));
        for (int i = 0; i < entries.size(); i++) {
            SwitchEntry e = entries.get(i);
            start(at[i]);
            lowerAll(e.getStatements());
            if (e.getType() != SwitchEntry.Type.STATEMENT_GROUP && Completion.canComplete(current)) {
                current.addAll(jump(end)); // an arrow entry never falls through
            }
        }
        start(end);
    }

    // ---- regions and evaluation points --------------------------------------------------------------

    private void regionBody(Region r) {
        String name = r.labelled().getLabel().asString();
        boolean first = true;
        Region.Part compute = null;
        List<Region.Part> after = new ArrayList<>();
        for (Region.Part p : r.parts()) {
            if (p.labelled().containsData(Pipelining.NEXT_ITERATION)) {
                after.add(p); // the next iteration's send blocks: at the end, also in a region without compute block
            } else if (p.kind() == BlockKind.SEND && compute == null) {
                // Send blocks first: receives do not depend on them, so every task sends before it waits.
                structured(p.labelled(), first ? "olap region '" + name + "': send block" + decision(r) : "send block");
                first = false;
            } else if (p.kind() == BlockKind.COMPUTE) {
                compute = p;
            } else if (p.kind() == BlockKind.SEND) {
                after.add(p);
            }
        }
        Expression rule = rules.regionRule(r);
        if (rule != null) {
            int k = label();
            start(k);
            emit(commented(new IfStmt(not(rule.clone()), waiting(), null), r.labelled(),
                    "evaluation point of olap region '" + name + "'"));
            points.add(new Point(k, rule, "olap region '" + name + "' at " + sourceName + ":" + r.line(), r.labelled()));
        }
        for (Region.Part p : r.parts()) {
            if (p.kind() == BlockKind.RECEIVE) {
                structured(p.labelled(), "receive block");
            }
        }
        if (compute != null) {
            if (Marks.suspends(compute.block())) {
                if (jumpedTo.contains(compute.labelled())) {
                    int end = label();
                    targets.put(compute.labelled(), new int[] {end, -1});
                    lowerAll(compute.block().getStatements());
                    start(end);
                } else {
                    lowerAll(compute.block().getStatements());
                }
            } else {
                structured(compute.labelled(), "compute block");
            }
        }
        for (Region.Part p : after) {
            if (p.labelled().containsData(Pipelining.NEXT_ITERATION)) {
                structured(p.labelled(), "send blocks of the next iteration, pipelined (when "
                        + p.labelled().getData(Pipelining.NEXT_ITERATION) + "),");
            } else {
                structured(p.labelled(), "send block");
            }
        }
        if (yields) {
            int k = label();
            emit(commented(Templates.statement("if (yieldAtRegionEnd() || bambooYield) { bambooYield = false; "
                    + "pc = " + k + "; return Outcome.YIELDED; }"), r.labelled(), "end of olap region '" + name + "'"));
            start(k);
        }
    }

    /** Whether the region's send blocks were pipelined into the previous iteration, and if not why. */
    private static String decision(Region r) {
        return r.labelled().containsData(Pipelining.DECISION) ? " (" + r.labelled().getData(Pipelining.DECISION) + ")" : "";
    }

    /**
     * A blocking Recv, Probe or Sendrecv outside receive blocks: an evaluation point of its own. An Iprobe
     * there is a yield point: when nothing matches, the task gives way once before the Iprobe answers, so
     * a polling loop lets the sender run even on one worker.
     */
    private void ownPoint(ExpressionStmt s) {
        if (s.containsData(Marks.DEFERRED_POINT)) {
            deferredPoint(s);
            return;
        }
        ownPoints = true;
        MethodCallExpr call = ResultUse.call(s).clone();
        String target = ResultUse.target(s);
        for (Expression a : new ArrayList<>(call.getArguments())) {
            Node r = rewriter.rewrite(a);
            if (r != a) {
                a.replace(r);
            }
        }
        MpiCall mpi = MpiCall.of(call);
        if (mpi.op().isProbe()) {
            probePoint(s, call, mpi, target);
            return;
        }
        if (mpi.op() == MpiOp.SENDRECV_REPLACE) {
            replacePoint(s, call, target);
            return;
        }
        int base = 0;
        Statement first = assign("bambooSource", MpiCall.arg(call, mpi.op() == MpiOp.SENDRECV ? 6 : 0, MpiCall.PEER));
        if (mpi.op() == MpiOp.SENDRECV) {
            emit(commented(new ExpressionStmt(MpiRewriter.transfer("send", call, 0)), s, "Sendrecv:"));
            base = 6;
        } else {
            commented(first, s, mpi.name() + ":");
        }
        emit(first);
        emit(assign("bambooTag", MpiCall.arg(call, base, MpiCall.TAG)));
        int k = label();
        start(k);
        emit(commented(new IfStmt(not(Templates.expression("arrived(bambooSource, bambooTag)")), waiting(),
                null), s, "evaluation point of " + mpi.name()));
        Expression type = MpiCall.arg(call, base, MpiCall.TYPE);
        MethodCallExpr recv = MpiRewriter.transfer("receive", new NameExpr("bambooSource"),
                new NameExpr("bambooTag"), MpiCall.arg(call, base, MpiCall.BUF),
                MpiCall.arg(call, base, MpiCall.OFFSET), MpiCall.arg(call, base, MpiCall.COUNT), type);
        emit(target == null ? new ExpressionStmt(recv)
                : ResultUse.assign(target, new MethodCallExpr(null, "bambooStatus", NodeList.nodeList(recv))));
        points.add(new Point(k, Templates.expression("arrived(bambooSource, bambooTag)"),
                mpi.name() + " at " + sourceName + ":" + Marks.line(s), s));
    }

    /**
     * Sendrecv_replace(buf, offset, count, type, dest, sendtag, source, recvtag): the send copies the
     * buffer at once, so the receive may then overwrite it; the receive is the evaluation point.
     */
    private void replacePoint(ExpressionStmt s, MethodCallExpr call, String target) {
        Expression type = call.getArgument(3);
        emit(commented(new ExpressionStmt(MpiRewriter.transfer("send", call.getArgument(4), call.getArgument(5),
                call.getArgument(0).clone(), call.getArgument(1).clone(), call.getArgument(2).clone(), type)), s,
                "Sendrecv_replace:"));
        emit(assign("bambooSource", call.getArgument(6)));
        emit(assign("bambooTag", call.getArgument(7)));
        int k = label();
        start(k);
        Expression rule = Templates.expression("arrived(bambooSource, bambooTag)");
        emit(commented(new IfStmt(not(rule.clone()), waiting(), null), s, "evaluation point of Sendrecv_replace"));
        MethodCallExpr recv = MpiRewriter.transfer("receive", new NameExpr("bambooSource"),
                new NameExpr("bambooTag"), call.getArgument(0), call.getArgument(1), call.getArgument(2), type);
        emit(target == null ? new ExpressionStmt(recv)
                : ResultUse.assign(target, new MethodCallExpr(null, "bambooStatus", NodeList.nodeList(recv))));
        points.add(new Point(k, rule, "Sendrecv_replace at " + sourceName + ":" + Marks.line(s), s));
    }

    /** Probe: waits until a matching message is there. Iprobe: gives way once when none is. */
    private void probePoint(ExpressionStmt s, MethodCallExpr call, MpiCall mpi, String target) {
        emit(commented(assign("bambooSource", call.getArgument(0)), s, mpi.name() + ":"));
        emit(assign("bambooTag", call.getArgument(1)));
        int k = label();
        start(k);
        Expression rule = Templates.expression("arrived(bambooSource, bambooTag)");
        if (mpi.op() == MpiOp.PROBE) {
            emit(commented(new IfStmt(not(rule.clone()), waiting(), null), s, "evaluation point of Probe"));
            points.add(new Point(k, rule, "Probe at " + sourceName + ":" + Marks.line(s), s));
        } else {
            emit(commented(yieldUnless(rule), s, "yield point of Iprobe"));
        }
        if (target != null) {
            emit(ResultUse.assign(target, Templates.expression("bambooProbe(bambooSource, bambooTag)")));
        }
    }

    /** {@code if (!rule && !bambooYielded) { bambooYielded = true; return YIELDED; } bambooYielded = false;} */
    private Statement yieldUnless(Expression rule) {
        return Templates.statement("if (!(" + rule + ") && !bambooYielded) { bambooYielded = true; "
                + "return Outcome.YIELDED; } else { bambooYielded = false; }");
    }

    /**
     * A Wait or Test family call when Irecvs outside receive blocks may be pending: a wait is an evaluation
     * point (for Wait / Waitall every receive it needs, for Waitany / Waitsome any one), a test a yield
     * point; then the call's helper completes what it can and gives the result.
     */
    private void deferredPoint(ExpressionStmt s) {
        MethodCallExpr call = ResultUse.call(s);
        String target = ResultUse.target(s);
        MpiOp op = MpiCall.of(call).op();
        String name = call.getNameAsString();
        Expression requests = op == MpiOp.WAIT || op == MpiOp.TEST ? call.getScope().orElseThrow() : call.getArgument(0);
        emit(commented(assign("bambooRequests", expr(requests)), s, name + ":"));
        Expression rule;
        switch (op) {
            case WAITANY:
            case WAITSOME:
            case TESTANY:
            case TESTSOME:
                rule = Templates.expression("bambooAnyCompletable(bambooRequests)");
                break;
            default:
                rule = Templates.expression("bambooAllCompletable(bambooRequests)");
                break;
        }
        int k = label();
        start(k);
        if (op.isWait()) {
            emit(commented(new IfStmt(not(rule.clone()), waiting(), null), s, "evaluation point of " + name
                    + " (Irecvs outside receive blocks)"));
            points.add(new Point(k, rule, name + " at " + sourceName + ":" + Marks.line(s), s));
        } else {
            emit(commented(yieldUnless(rule), s, "yield point of " + name + " (Irecvs outside receive blocks)"));
        }
        Expression value = new MethodCallExpr(null, "bamboo" + name, NodeList.nodeList(new NameExpr("bambooRequests")));
        emit(target == null ? new ExpressionStmt(value) : ResultUse.assign(target, value));
    }

    private static Statement waiting() {
        return Templates.statement("return Outcome.WAITING;");
    }

    // ---- structured code ----------------------------------------------------------------------------

    private void structured(Statement original) {
        structured(original, null);
    }

    /** Emits a statement without evaluation points as written, with its MPI calls and jumps rewritten. */
    private void structured(Statement original, String what) {
        List<Statement> copies = new ArrayList<>();
        if (original instanceof ExpressionStmt && ((ExpressionStmt) original).getExpression().containsData(Marks.HOISTED)) {
            copies.addAll(assignments(((ExpressionStmt) original).getExpression()));
        } else {
            copies.add(original.clone());
        }
        BlockStmt holder = new BlockStmt(new NodeList<>(copies));
        redirectJumps(holder);
        rewriter.rewrite(holder);
        boolean first = true;
        for (Statement s : new ArrayList<>(holder.getStatements())) {
            emit(first ? commented(s, original, what) : s);
            first = false;
        }
    }

    private void redirectJumps(BlockStmt holder) {
        for (Statement s : Walk.findAll(holder, Statement.class)) {
            if ((s instanceof BreakStmt || s instanceof ContinueStmt) && s.containsData(Marks.JUMP_TARGET)) {
                Statement target = s.getData(Marks.JUMP_TARGET);
                int[] t = targets.get(target);
                if (t != null) {
                    int k = s instanceof BreakStmt ? t[0] : t[1];
                    NodeList<Statement> code = jumpOut(k, crossed(target));
                    Node parent = s.getParentNode().orElse(null);
                    if (parent instanceof BlockStmt && parent != holder) {
                        NodeList<Statement> list = ((BlockStmt) parent).getStatements();
                        int at = list.indexOf(s);
                        list.remove(at);
                        list.addAll(at, code);
                    } else {
                        s.replace(new BlockStmt(code));
                    }
                }
            } else if (s instanceof ReturnStmt && s.containsData(Marks.MAIN_RETURN)) {
                List<Try> crossed = crossed(null);
                s.replace(crossed.isEmpty() ? Templates.statement("return Outcome.FINISHED;")
                        : new BlockStmt(jumpOut(finishCase(), crossed)));
            }
        }
    }

    /** An expression of a lowered header (condition, update): cloned, with MPI calls rewritten. */
    private Expression expr(Expression e) {
        Expression c = e.clone();
        ExpressionStmt holder = new ExpressionStmt(c);
        rewriter.rewrite(holder);
        return holder.getExpression();
    }

    /** A hoisted declaration becomes assignments to the fields; other expressions are kept as statements. */
    private List<Statement> assignments(Expression e) {
        List<Statement> out = new ArrayList<>();
        if (e instanceof VariableDeclarationExpr && e.containsData(Marks.HOISTED)) {
            for (VariableDeclarator v : ((VariableDeclarationExpr) e).getVariables()) {
                if (v.getInitializer().isEmpty()) {
                    continue;
                }
                Expression init = v.getInitializer().get().clone();
                if (init instanceof ArrayInitializerExpr && v.getType().isArrayType()) {
                    // Built, not parsed from text, so the MPI calls inside keep their marks.
                    com.github.javaparser.ast.type.ArrayType t = v.getType().asArrayType();
                    NodeList<com.github.javaparser.ast.ArrayCreationLevel> levels = new NodeList<>();
                    for (int i = 0; i < t.getArrayLevel(); i++) {
                        levels.add(new com.github.javaparser.ast.ArrayCreationLevel());
                    }
                    init = new com.github.javaparser.ast.expr.ArrayCreationExpr(t.getElementType().clone(), levels,
                            (ArrayInitializerExpr) init);
                }
                ExpressionStmt s = new ExpressionStmt(new AssignExpr(new NameExpr(v.getNameAsString()), init,
                        AssignExpr.Operator.ASSIGN));
                out.add(s);
            }
            return out;
        }
        out.add(new ExpressionStmt(e.clone()));
        return out;
    }

    private static ExpressionStmt assign(String field, Expression value) {
        return new ExpressionStmt(new AssignExpr(new NameExpr(field), value, AssignExpr.Operator.ASSIGN));
    }

    private static Expression not(Expression e) {
        if (e instanceof UnaryExpr && ((UnaryExpr) e).getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT) {
            Expression inner = ((UnaryExpr) e).getExpression();
            return inner instanceof EnclosedExpr ? ((EnclosedExpr) inner).getInner() : inner;
        }
        boolean simple = e.isNameExpr() || e.isMethodCallExpr() || e.isFieldAccessExpr() || e.isEnclosedExpr()
                || e.isBooleanLiteralExpr();
        return new UnaryExpr(simple ? e : new EnclosedExpr(e), UnaryExpr.Operator.LOGICAL_COMPLEMENT);
    }
}
