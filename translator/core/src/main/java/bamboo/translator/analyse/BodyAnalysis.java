package bamboo.translator.analyse;

import bamboo.translator.parse.Walk;
import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.BlockKind;
import bamboo.translator.find.JumpTargets;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.MpiOp;
import bamboo.translator.find.Program;
import bamboo.translator.find.Region;
import bamboo.translator.find.ResultUse;
import bamboo.translator.find.Where;
import bamboo.translator.parse.Templates;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
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
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.LocalRecordDeclarationStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import com.github.javaparser.ast.type.Type;
import com.github.javaparser.resolution.types.ResolvedType;
import com.github.javaparser.symbolsolver.javaparsermodel.JavaParserFacade;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Stage 3: analyses the rank body of a program, on the tree as parsed: which statements contain
 * evaluation points, where jumps go, which locals live across evaluation points (they become task
 * fields, renamed where names of different scopes clash). Results are node data ({@link Marks}).
 */
public final class BodyAnalysis {
    /** Names of the generated task's own members: user names equal to them are renamed. */
    public static final Set<String> RESERVED = Set.of("pc", "bambooSource", "bambooTag", "bambooYield",
            "bambooNeeds", "bambooNeedSource", "bambooNeedTag", "bambooDone", "bambooRequests", "bambooYielded",
            "bambooPending", "BambooRequest", "bambooBuffer");

    private final JavaParserFacade facade;
    private final Program program;
    private final Diagnostics diagnostics;
    private final List<TaskField> fields = new ArrayList<>();
    private final Set<String> used = new HashSet<>(RESERVED);
    private int forEachCount;

    public BodyAnalysis(JavaParserFacade facade, Program program, Diagnostics diagnostics) {
        this.facade = facade;
        this.program = program;
        this.diagnostics = diagnostics;
    }

    /** The task fields that hold main's locals, in declaration order. */
    public List<TaskField> fields() {
        return fields;
    }

    /** Whether main has Irecvs outside receive blocks (the task then keeps a list of deferred receives). */
    public boolean deferred() {
        return Walk.findAll(program.main(), MethodCallExpr.class).stream().anyMatch(c -> c.containsData(Marks.DEFERRED));
    }

    public void run() {
        BlockStmt body = program.main().getBody().orElseThrow();
        for (Node n : Walk.findAll(body, Node.class)) {
            n.getBegin().ifPresent(p -> n.setData(Marks.LINE, p.line));
        }
        markPoints(body);
        markJumps(body);
        for (FieldDeclaration f : program.type().getFields()) {
            if (f.isStatic()) {
                f.getVariables().forEach(v -> used.add(v.getNameAsString()));
            }
        }
        Parameter args = program.main().getParameter(0);
        used.add(args.getNameAsString());
        fields.add(new TaskField(args.getNameAsString(), Templates.type("String[]"),
                Marks.line(args), "the program's arguments"));
        hoistBlock(body);
    }

    // ---- evaluation points --------------------------------------------------------------------------

    private void markPoints(BlockStmt body) {
        for (Region r : program.regions()) {
            markUp(r.labelled(), body);
        }
        boolean deferred = false;
        for (MethodCallExpr call : Walk.findAll(body, MethodCallExpr.class)) {
            MpiCall mpi = MpiCall.of(call);
            boolean outsideReceive = mpi != null && Where.part(call).map(p -> p.kind() != BlockKind.RECEIVE).orElse(true);
            if (outsideReceive && mpi.op() == MpiOp.IRECV) {
                call.setData(Marks.DEFERRED, true);
                deferred = true;
            } else if (outsideReceive && mpi.op().isStart()) {
                // persistent receives it starts are deferred like an Irecv there (sends go at once)
                call.setData(Marks.DEFERRED, true);
                deferred |= bamboo.translator.find.PersistentRequests.started(call)
                        .contains(bamboo.translator.find.PersistentRequests.Kind.RECEIVE);
            }
        }
        for (MethodCallExpr call : Walk.findAll(body, MethodCallExpr.class)) {
            MpiCall mpi = MpiCall.of(call);
            if (mpi == null) {
                continue;
            }
            BlockKind kind = Where.part(call).map(p -> p.kind()).orElse(null);
            boolean inBlock = kind == BlockKind.SEND || kind == BlockKind.RECEIVE;
            if (deferred && (mpi.op().isWait() || mpi.op().isTest()) && !inBlock
                    && bamboo.translator.find.DeferredRequests.mayInvolve(call)) {
                // Waits for Irecvs outside receive blocks; a test lets their senders run (a yield point).
                Statement s = ResultUse.statement(call); // one of its forms (CallRules)
                s.setData(Marks.OWN_POINT, true);
                s.setData(Marks.DEFERRED_POINT, true);
                markUp(s, body);
                continue;
            }
            if (mpi.op() == MpiOp.SENDRECV || mpi.op() == MpiOp.SENDRECV_REPLACE || (mpi.op() == MpiOp.RECV || mpi.op().isProbe()) && !inBlock) {
                Statement s = ResultUse.statement(call); // one of its forms (CallRules)
                s.setData(Marks.OWN_POINT, true);
                markUp(s, body);
            }
        }
    }

    private static void markUp(Node from, Node top) {
        for (Node n = from; n != null; n = n.getParentNode().orElse(null)) {
            if (n instanceof Statement) {
                n.setData(Marks.SUSPENDS, true);
            }
            if (n == top) {
                break;
            }
        }
    }

    private static void markJumps(BlockStmt body) {
        for (Statement s : Walk.findAll(body, Statement.class)) {
            if (s instanceof BreakStmt || s instanceof ContinueStmt) {
                Statement target = JumpTargets.target(s);
                if (target != null) {
                    s.setData(Marks.JUMP_TARGET, target);
                }
            } else if (s instanceof ReturnStmt && !insideFunction(s, body)) {
                s.setData(Marks.MAIN_RETURN, true);
            }
        }
    }

    private static boolean insideFunction(Node n, Node top) {
        for (Node x = n.getParentNode().orElse(null); x != null && x != top; x = x.getParentNode().orElse(null)) {
            if (JumpTargets.isFunctionBoundary(x)) {
                return true;
            }
        }
        return false;
    }

    // ---- locals that become fields ------------------------------------------------------------------

    /** Declarations directly in a lowered block live across evaluation points: hoist them. */
    private void hoistBlock(BlockStmt block) {
        hoistList(block.getStatements(), block);
    }

    private void hoistList(List<Statement> statements, Node scope) {
        for (Statement s : statements) {
            if (s instanceof ExpressionStmt && ((ExpressionStmt) s).getExpression() instanceof VariableDeclarationExpr) {
                hoist((VariableDeclarationExpr) ((ExpressionStmt) s).getExpression(), scope);
            } else if (s instanceof LocalClassDeclarationStmt || s instanceof LocalRecordDeclarationStmt) {
                diagnostics.error(program.fileName(), s, "local class declared in a part of main that contains an "
                        + "evaluation point is not translated; declare it as a nested class");
            } else if (Marks.suspends(s)) {
                hoistIn(s);
            }
        }
    }

    private void hoistIn(Statement s) {
        if (s instanceof BlockStmt) {
            hoistBlock((BlockStmt) s);
        } else if (s instanceof LabeledStmt) {
            LabeledStmt l = (LabeledStmt) s;
            if (l.containsData(Region.KEY)) {
                Region r = l.getData(Region.KEY);
                if (r.onLoop()) {
                    hoistLoopHeader(l.getStatement());
                }
                for (Region.Part p : r.parts()) {
                    if (p.kind() == BlockKind.COMPUTE && Marks.suspends(p.block())) {
                        hoistBlock(p.block());
                    }
                }
            } else {
                hoistIn(l.getStatement());
            }
        } else if (s instanceof IfStmt) {
            IfStmt i = (IfStmt) s;
            suspendingChild(i.getThenStmt());
            i.getElseStmt().ifPresent(this::suspendingChild);
        } else if (s instanceof ForStmt || s instanceof ForEachStmt || s instanceof WhileStmt || s instanceof DoStmt) {
            hoistLoopHeader(s);
            suspendingChild(loopBody(s));
        } else if (s instanceof TryStmt) {
            TryStmt t = (TryStmt) s;
            suspendingChild(t.getTryBlock());
            for (com.github.javaparser.ast.stmt.CatchClause c : t.getCatchClauses()) {
                if (Marks.suspends(c.getBody())) {
                    hoistCatchParameter(c);
                    hoistBlock(c.getBody());
                }
            }
            t.getFinallyBlock().ifPresent(this::suspendingChild);
        } else if (s instanceof SwitchStmt) {
            // A local declared in one case is in scope in the cases after it, which become other cases of
            // the state machine: every declaration directly in an entry becomes a field.
            for (SwitchEntry e : ((SwitchStmt) s).getEntries()) {
                hoistList(e.getStatements(), s);
            }
        }
    }

    private void suspendingChild(Statement s) {
        if (Marks.suspends(s)) {
            hoistIn(s);
        }
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

    private void hoistLoopHeader(Statement loop) {
        if (loop instanceof ForStmt) {
            for (Expression e : ((ForStmt) loop).getInitialization()) {
                if (e instanceof VariableDeclarationExpr) {
                    hoist((VariableDeclarationExpr) e, loop);
                }
            }
        } else if (loop instanceof ForEachStmt) {
            ForEachStmt f = (ForEachStmt) loop;
            hoist(f.getVariable(), loop);
            Type declared = declaredType(f.getIterable());
            try {
                boolean isArray;
                Type holder;
                if (declared != null) {
                    isArray = declared.isArrayType();
                    holder = isArray ? declared.clone() : Templates.type("java.util.Iterator<?>");
                } else {
                    ResolvedType t = facade.getType(f.getIterable());
                    isArray = t.isArray();
                    holder = isArray ? Templates.type(t.describe())
                            : Templates.type("java.util.Iterator<?>");
                }
                f.setData(Marks.OVER_ARRAY, isArray);
                String name = "bambooEach" + (++forEachCount);
                used.add(name);
                f.setData(Marks.EACH_FIELD, name);
                fields.add(new TaskField(name, holder, Marks.line(f), "iteration state of the for-each loop"));
                if (isArray) {
                    used.add(name + "Index");
                    fields.add(new TaskField(name + "Index", Templates.type("int"), Marks.line(f),
                            "iteration state of the for-each loop"));
                }
            } catch (RuntimeException e) {
                diagnostics.error(program.fileName(), f.getIterable(), "cannot resolve the type of '" + f.getIterable()
                        + "' to translate this for-each loop, which contains an evaluation point");
            }
        }
    }

    /**
     * The declared type of a simple name: a local declared before it in an enclosing block, or a field of
     * the program class (the symbol solver misses locals of enclosing plain blocks).
     */
    private Type declaredType(Expression e) {
        if (!(e instanceof NameExpr)) {
            return null;
        }
        String name = ((NameExpr) e).getNameAsString();
        int at = e.getBegin().map(p -> p.line * 100000 + p.column).orElse(0);
        Type best = null;
        int bestPos = -1;
        for (VariableDeclarator v : Walk.findAll(program.main(), VariableDeclarator.class)) {
            int pos = v.getBegin().map(p -> p.line * 100000 + p.column).orElse(0);
            Node scope = v.getParentNode().flatMap(Node::getParentNode).flatMap(Node::getParentNode).orElse(null);
            if (v.getNameAsString().equals(name) && pos < at && pos > bestPos && scope != null && scope.isAncestorOf(e)) {
                best = v.getType();
                bestPos = pos;
            }
        }
        if (best != null) {
            return best.isVarType() ? null : best;
        }
        for (FieldDeclaration f : program.type().getFields()) {
            for (VariableDeclarator v : f.getVariables()) {
                if (v.getNameAsString().equals(name)) {
                    return v.getType();
                }
            }
        }
        return null;
    }

    private void hoist(VariableDeclarationExpr decl, Node scope) {
        decl.setData(Marks.HOISTED, true);
        for (VariableDeclarator v : decl.getVariables()) {
            Type type = v.getType();
            if (type.isVarType()) {
                type = inferred(v);
                if (type == null) {
                    continue;
                }
                v.setType(type);
            }
            String name = v.getNameAsString();
            String field = name;
            for (int k = 2; used.contains(field); k++) {
                field = name + "_" + k;
            }
            used.add(field);
            if (!field.equals(name)) {
                rename(v, scope, field);
            }
            fields.add(new TaskField(field, type.clone(), Marks.line(v), "local '" + name + "' of main"));
        }
    }

    /** The parameter of a catch clause whose handler suspends lives across that suspension: a field too. */
    private void hoistCatchParameter(com.github.javaparser.ast.stmt.CatchClause c) {
        Parameter p = c.getParameter();
        String name = p.getNameAsString();
        String field = name;
        for (int k = 2; used.contains(field); k++) {
            field = name + "_" + k;
        }
        used.add(field);
        if (!field.equals(name)) {
            for (NameExpr n : Walk.findAll(c.getBody(), NameExpr.class)) {
                if (n.getNameAsString().equals(name)) {
                    n.setName(field);
                }
            }
            p.setName(field);
        }
        p.setData(Marks.HOISTED, true);
        fields.add(new TaskField(field, p.getType().clone(), Marks.line(p), "exception caught by the handler of main"));
    }

    private Type inferred(VariableDeclarator v) {
        try {
            Expression init = v.getInitializer().orElseThrow();
            return Templates.type(facade.getType(init).describe());
        } catch (RuntimeException e) {
            diagnostics.error(program.fileName(), v, "cannot infer the type of '" + v.getNameAsString()
                    + "' (declared with var), which becomes a task field; write its type");
            return null;
        }
    }

    /**
     * Renames a local and its uses. Java forbids a local to shadow another local, so every use of the
     * name inside the declaration's scope after the declaration refers to it.
     */
    private static void rename(VariableDeclarator v, Node scope, String to) {
        String from = v.getNameAsString();
        int at = v.getBegin().map(p -> p.line * 100000 + p.column).orElse(0);
        for (NameExpr n : Walk.findAll(scope, NameExpr.class)) {
            int pos = n.getBegin().map(p -> p.line * 100000 + p.column).orElse(0);
            if (n.getNameAsString().equals(from) && pos > at) {
                n.setName(to);
            }
        }
        v.setName(to);
    }
}
