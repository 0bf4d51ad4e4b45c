package bamboo.translator.outline;

import bamboo.translator.parse.Walk;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.NullLiteralExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.TypePatternExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.SwitchExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.CatchClause;
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
import com.github.javaparser.ast.stmt.SynchronizedStmt;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import com.github.javaparser.ast.stmt.YieldStmt;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToIntFunction;

/**
 * Keeps every method of the task under HotSpot's 8,000 bytes of bytecode, past which a method is never
 * JIT-compiled ({@code DontCompileHugeMethods}) and runs interpreted, and far under javac's 64 KiB:
 *
 * <ul>
 * <li>a state machine too long for one method is cut into parts of consecutive cases, each a method
 *     {@code bambooExecuteK()} with its own {@code switch (pc)} that returns {@code null} when the task
 *     jumps to a case of another part; {@code execute()} dispatches on {@code pc} by range;
 * <li>a run of statements without evaluation points (a kernel, a long prologue, a compute block) that
 *     makes a case or {@code init()} too long becomes a method {@code bambooPartN(locals...)} of its own:
 *     the locals of the enclosing code it reads are its parameters (runs that assign such a local, or
 *     declare one used after them, stay where they are; the search then goes inside their statements);
 * <li>every loop of main without evaluation points becomes a method {@code bambooLoopN()} of its own,
 *     whatever its size, with main's locals in locals of its own ({@link #outlineLoops}).
 * </ul>
 *
 * <p>A run that jumps to another case ({@code pc = k; continue bambooLoop;}) returns {@code null} there
 * instead; the caller sees that {@code pc} changed and jumps on. So a run may not jump to the case it is
 * in (the caller could not tell), and such runs stay in place.
 */
public final class MethodSplitter {
    /** Estimated bytes ({@link Bytecode}) a generated method may take: the 8,000 of HotSpot with a margin. */
    static final int BUDGET = 6000;
    /** A run is cut out only when it is at least this long: a call must save more than it costs. */
    private static final int MIN_RUN = 150;
    /** What a method around a group of cases or statements adds: its switch, default, loop and returns. */
    private static final int FRAME = 200;

    private static final String LOOP = "bambooLoop";

    private final List<MethodDeclaration> methods = new ArrayList<>();
    private final List<FieldDeclaration> fields = new ArrayList<>();
    private int parts;
    private int loops;
    private int promoted;

    /** The methods made so far, in the order they were made. */
    public List<MethodDeclaration> methods() {
        return methods;
    }

    /** Whether {@code items} together (each about {@code size}) fit one method. */
    public static <T> boolean fits(List<T> items, ToIntFunction<T> size) {
        long total = 0;
        for (T t : items) {
            total += size.applyAsInt(t);
        }
        return total <= BUDGET - FRAME;
    }

    /** Consecutive groups of {@code items}, each within the budget (an item over it alone in its group). */
    public static <T> List<List<T>> groups(List<T> items, ToIntFunction<T> size) {
        List<List<T>> out = new ArrayList<>();
        List<T> current = new ArrayList<>();
        long total = 0;
        for (T t : items) {
            int s = size.applyAsInt(t);
            if (!current.isEmpty() && total + s > BUDGET - FRAME) {
                out.add(current);
                current = new ArrayList<>();
                total = 0;
            }
            current.add(t);
            total += s;
        }
        if (!current.isEmpty()) {
            out.add(current);
        }
        return out;
    }

    /** Cuts runs of {@code init()}'s statements into methods until it fits (it has no jumps nor returns). */
    public void shrinkInit(BlockStmt init) {
        if (Bytecode.estimate(init) > BUDGET) {
            shrinkList(init.getStatements(), -1, BUDGET);
        }
    }

    /**
     * The body of execute() for {@code cases} (the state machine's, in emission order, the last one the
     * default): the {@code bambooLoop} switch itself when it fits one method, else the dispatch over the
     * parts, which go to {@link #methods()}. Case labels are renumbered in emission order then (parts are
     * ranges of labels); {@code relabel} receives old label to new.
     */
    public BlockStmt execute(List<SwitchEntry> cases, Map<Integer, Integer> relabel) {
        if (fits(cases, Bytecode::estimate)) {
            return loop(cases);
        }
        List<SwitchEntry> numbered = cases.subList(0, cases.size() - 1);
        renumber(numbered, relabel);
        for (SwitchEntry e : numbered) {
            if (Bytecode.estimate(e) > BUDGET / 2) {
                shrinkList(e.getStatements(), label(e), BUDGET / 2);
            }
        }
        List<List<SwitchEntry>> groups = groups(numbered, Bytecode::estimate);
        if (groups.size() == 1) {
            return loop(cases); // its long statements are methods now: the state machine fits one
        }
        BlockStmt dispatch = new BlockStmt();
        IfStmt first = null;
        IfStmt last = null;
        for (List<SwitchEntry> g : groups) {
            int from = label(g.get(0));
            int to = label(g.get(g.size() - 1)) + 1;
            NodeList<SwitchEntry> entries = new NodeList<>(g);
            entries.add(new SwitchEntry(new NodeList<>(), SwitchEntry.Type.STATEMENT_GROUP,
                    NodeList.nodeList(new ReturnStmt(new NullLiteralExpr()))));
            MethodDeclaration m = method("bambooExecute" + from, true);
            m.setBody(loop(entries));
            m.setLineComment(" cases " + from + ".." + (to - 1) + " of execute(); null when the task jumps to"
                    + " a case of another part");
            methods.add(m);
            IfStmt branch = new IfStmt(new BinaryExpr(new NameExpr("pc"), new IntegerLiteralExpr(String.valueOf(to)),
                    BinaryExpr.Operator.LESS), new BlockStmt(NodeList.nodeList(new ExpressionStmt(new AssignExpr(
                    new NameExpr("bambooOutcome"), new MethodCallExpr(null, m.getNameAsString()),
                    AssignExpr.Operator.ASSIGN)))), null);
            if (first == null) {
                first = branch;
            } else {
                last.setElseStmt(branch);
            }
            last = branch;
        }
        last.setElseStmt(new BlockStmt(NodeList.nodeList(new ThrowStmt(new ObjectCreationExpr(null,
                new ClassOrInterfaceType(null, "IllegalStateException"), NodeList.nodeList(new BinaryExpr(
                new StringLiteralExpr("no resume point "), new NameExpr("pc"), BinaryExpr.Operator.PLUS)))))));
        BlockStmt body = new BlockStmt();
        body.addStatement(new ExpressionStmt(new VariableDeclarationExpr(new VariableDeclarator(outcome(),
                "bambooOutcome"))));
        body.addStatement(first);
        body.addStatement(parse("if (bambooOutcome != null) { return bambooOutcome; }"));
        BlockStmt whole = new BlockStmt();
        WhileStmt w = new WhileStmt(new com.github.javaparser.ast.expr.BooleanLiteralExpr(true), body);
        w.setLineComment(" the state machine in parts of at most " + BUDGET + " estimated bytes each, so that"
                + " HotSpot compiles every one");
        whole.addStatement(w);
        return whole;
    }

    private static BlockStmt loop(List<SwitchEntry> entries) {
        SwitchStmt sw = new SwitchStmt(new NameExpr("pc"), new NodeList<>(entries));
        WhileStmt loop = new WhileStmt(new com.github.javaparser.ast.expr.BooleanLiteralExpr(true),
                new BlockStmt(NodeList.nodeList(sw)));
        return new BlockStmt(NodeList.nodeList(new LabeledStmt(LOOP, loop)));
    }

    /** Labels 0.. in emission order, in the cases and in every {@code pc = k} among them. */
    private static void renumber(List<SwitchEntry> cases, Map<Integer, Integer> relabel) {
        for (int i = 0; i < cases.size(); i++) {
            relabel.put(label(cases.get(i)), i);
        }
        for (SwitchEntry e : cases) {
            for (AssignExpr a : Walk.findAll(e, AssignExpr.class)) {
                if (isPc(a)) {
                    Integer k = relabel.get(Integer.parseInt(a.getValue().asIntegerLiteralExpr().getValue()));
                    if (k != null) {
                        a.setValue(new IntegerLiteralExpr(String.valueOf(k)));
                    }
                }
            }
        }
        for (SwitchEntry e : cases) {
            int k = relabel.get(label(e));
            e.setLabels(NodeList.nodeList(new IntegerLiteralExpr(String.valueOf(k))));
        }
    }

    private static boolean isPc(AssignExpr a) {
        return a.getTarget() instanceof NameExpr && ((NameExpr) a.getTarget()).getNameAsString().equals("pc")
                && a.getValue().isIntegerLiteralExpr();
    }

    private static int label(SwitchEntry e) {
        return Integer.parseInt(e.getLabels().get(0).asIntegerLiteralExpr().getValue());
    }

    // ---- runs of statements -------------------------------------------------------------------------

    /**
     * Shrinks {@code list} (statements of case {@code label}, or of init() when -1) towards {@code budget}:
     * first inside its statements that alone take more than half of it, then by cutting runs out of it.
     */
    private void shrinkList(NodeList<Statement> list, int label, int budget) {
        Node owner = list.getParentNode().orElseThrow();
        if (owner instanceof BlockStmt && Bytecode.estimate(owner) > budget) {
            promoteLocals((BlockStmt) owner);
        }
        for (Statement s : new ArrayList<>(list)) {
            if (Bytecode.estimate(s) > budget / 2) {
                shrinkInside(s, label);
            }
        }
        if (Bytecode.estimate(owner) <= budget) {
            return;
        }
        int piece = BUDGET - FRAME; // a run is a method of its own
        int i = 0;
        while (i < list.size()) {
            int j = i;
            int cost = 0;
            while (j < list.size() && Completion.canComplete(list.get(j))
                    && (j == i || cost + Bytecode.estimate(list.get(j)) <= piece)) {
                cost += Bytecode.estimate(list.get(j));
                j++;
            }
            Run run = null;
            while (j > i && (run = run(list, i, j, label)) == null) {
                j--;
            }
            if (run != null && estimate(list.subList(i, j)) >= MIN_RUN) {
                i += outline(list, i, j, run, label);
            } else {
                i++;
            }
        }
    }

    /**
     * Makes the locals declared directly in {@code block} task fields (renamed {@code bambooLocalN_x}), so
     * that runs of the block may read and assign them wherever they are cut out: an accumulator or a
     * running index of a long kernel would otherwise keep every run in place. Locals declared with
     * {@code var} stay (their type is not written).
     */
    private void promoteLocals(BlockStmt block) {
        NodeList<Statement> list = block.getStatements();
        for (int i = 0; i < list.size(); i++) {
            Statement s = list.get(i);
            if (!(s instanceof ExpressionStmt && ((ExpressionStmt) s).getExpression() instanceof VariableDeclarationExpr)) {
                continue;
            }
            VariableDeclarationExpr d = (VariableDeclarationExpr) ((ExpressionStmt) s).getExpression();
            List<Statement> later = list.subList(i + 1, list.size());
            if (d.getVariables().stream().anyMatch(v -> v.getType().isVarType() || redeclared(later, v.getNameAsString()))) {
                continue;
            }
            List<Statement> assignments = new ArrayList<>();
            NodeList<VariableDeclarator> declarators = d.getVariables();
            for (int k = 0; k < declarators.size(); k++) {
                VariableDeclarator v = declarators.get(k);
                String local = v.getNameAsString();
                String field = "bambooLocal" + (++promoted) + "_" + local;
                FieldDeclaration f = new FieldDeclaration(new NodeList<>(Modifier.privateModifier()),
                        new VariableDeclarator(v.getType().clone(), field));
                f.setLineComment(" local '" + local + "' of code cut into methods of its own (see bambooPart...)");
                fields.add(f);
                for (VariableDeclarator after : declarators.subList(k + 1, declarators.size())) {
                    after.getInitializer().ifPresent(e -> rename(e, local, field));
                }
                for (Statement after : later) {
                    rename(after, local, field);
                }
                if (v.getInitializer().isPresent()) {
                    Expression init = v.getInitializer().get();
                    if (init instanceof com.github.javaparser.ast.expr.ArrayInitializerExpr) {
                        com.github.javaparser.ast.type.ArrayType t = v.getType().asArrayType();
                        NodeList<com.github.javaparser.ast.ArrayCreationLevel> levels = new NodeList<>();
                        for (int l = 0; l < t.getArrayLevel(); l++) {
                            levels.add(new com.github.javaparser.ast.ArrayCreationLevel());
                        }
                        init = new com.github.javaparser.ast.expr.ArrayCreationExpr(t.getElementType().clone(), levels,
                                (com.github.javaparser.ast.expr.ArrayInitializerExpr) init);
                    }
                    assignments.add(new ExpressionStmt(new AssignExpr(new NameExpr(field), init,
                            AssignExpr.Operator.ASSIGN)));
                }
            }
            s.getComment().ifPresent(c -> {
                if (!assignments.isEmpty()) {
                    assignments.get(0).setComment(c.clone());
                }
            });
            list.remove(i);
            list.addAll(i, assignments);
            i += assignments.size() - 1;
        }
    }

    /** Whether a later statement declares {@code name} again (in a class body or lambda): renaming would miss it. */
    private static boolean redeclared(List<Statement> later, String name) {
        for (Statement s : later) {
            if (Walk.findFirst(s, Node.class, x -> x instanceof VariableDeclarator
                    && ((VariableDeclarator) x).getNameAsString().equals(name)
                    || x instanceof Parameter && ((Parameter) x).getNameAsString().equals(name)).isPresent()) {
                return true;
            }
        }
        return false;
    }

    private static void rename(Node n, String from, String to) {
        for (NameExpr x : Walk.findAll(n, NameExpr.class)) {
            if (x.getNameAsString().equals(from)) {
                x.setName(to);
            }
        }
    }

    /** Task fields for the locals {@link #promoteLocals} made fields. */
    public List<FieldDeclaration> fields() {
        return fields;
    }

    private static int estimate(List<Statement> statements) {
        int total = 0;
        for (Statement s : statements) {
            total += Bytecode.estimate(s);
        }
        return total;
    }

    /** Shrinks the statement lists inside {@code s} (bodies of blocks, loops, branches, try, switch). */
    private void shrinkInside(Statement s, int label) {
        for (BlockStmt b : blocksOf(s)) {
            shrinkList(b.getStatements(), label, BUDGET / 2);
        }
        if (s instanceof SwitchStmt) {
            for (SwitchEntry e : ((SwitchStmt) s).getEntries()) {
                if (Bytecode.estimate(e) > BUDGET / 4) {
                    shrinkList(e.getStatements(), label, BUDGET / 2);
                }
            }
        }
    }

    /** The blocks directly under {@code s} whose statements may be cut (a body that is no block becomes one). */
    private static List<BlockStmt> blocksOf(Statement s) {
        List<BlockStmt> out = new ArrayList<>();
        if (s instanceof BlockStmt) {
            out.add((BlockStmt) s);
        } else if (s instanceof LabeledStmt) {
            Statement inner = ((LabeledStmt) s).getStatement();
            if (inner instanceof BlockStmt) {
                out.add((BlockStmt) inner);
            } else {
                out.addAll(blocksOf(inner));
            }
        } else if (s instanceof IfStmt) {
            IfStmt i = (IfStmt) s;
            out.add(asBlock(i.getThenStmt()));
            i.getElseStmt().ifPresent(e -> {
                if (e instanceof IfStmt) {
                    out.addAll(blocksOf(e));
                } else {
                    out.add(asBlock(e));
                }
            });
        } else if (s instanceof ForStmt) {
            out.add(asBlock(((ForStmt) s).getBody()));
        } else if (s instanceof ForEachStmt) {
            out.add(asBlock(((ForEachStmt) s).getBody()));
        } else if (s instanceof WhileStmt) {
            out.add(asBlock(((WhileStmt) s).getBody()));
        } else if (s instanceof DoStmt) {
            out.add(asBlock(((DoStmt) s).getBody()));
        } else if (s instanceof SynchronizedStmt) {
            out.add(((SynchronizedStmt) s).getBody());
        } else if (s instanceof TryStmt) {
            TryStmt t = (TryStmt) s;
            out.add(t.getTryBlock());
            t.getCatchClauses().forEach(c -> out.add(c.getBody()));
            t.getFinallyBlock().ifPresent(out::add);
        }
        return out;
    }

    private static BlockStmt asBlock(Statement s) {
        if (s instanceof BlockStmt) {
            return (BlockStmt) s;
        }
        BlockStmt b = new BlockStmt();
        s.replace(b);
        b.addStatement(s);
        return b;
    }

    /** What cutting a run out needs: its parameters, and whether it returns or jumps. */
    private record Run(Map<String, Type> parameters, boolean returns, boolean jumps) {
    }

    /** The run {@code list[from, to)} if it can become a method, else null. */
    private static Run run(NodeList<Statement> list, int from, int to, int label) {
        List<Statement> run = list.subList(from, to);
        Set<String> declared = new HashSet<>();
        for (Statement s : run) {
            if (!Completion.canComplete(s)) {
                return null;
            }
            if (s instanceof ExpressionStmt && ((ExpressionStmt) s).getExpression() instanceof VariableDeclarationExpr) {
                ((VariableDeclarationExpr) ((ExpressionStmt) s).getExpression()).getVariables()
                        .forEach(v -> declared.add(v.getNameAsString()));
            } else if (s instanceof LocalClassDeclarationStmt) {
                declared.add(((LocalClassDeclarationStmt) s).getClassDeclaration().getNameAsString());
            } else if (s instanceof LocalRecordDeclarationStmt) {
                declared.add(((LocalRecordDeclarationStmt) s).getRecordDeclaration().getNameAsString());
            }
        }
        if (!declared.isEmpty()) {
            for (Statement later : list.subList(to, list.size())) {
                if (mentionsAny(later, declared)) {
                    return null; // a local of the run used after it
                }
            }
        }
        Scope scope = Scope.at(list.get(from));
        if (scope == null) {
            return null;
        }
        Map<String, Type> parameters = new LinkedHashMap<>();
        boolean[] flags = new boolean[2]; // returns, jumps
        boolean[] ok = {true};
        for (Statement s : run) {
            Walk.preOrder(s, n -> {
                if (!ok[0]) {
                    return;
                }
                if (n instanceof NameExpr || n instanceof ClassOrInterfaceType) {
                    String name = n instanceof NameExpr ? ((NameExpr) n).getNameAsString()
                            : ((ClassOrInterfaceType) n).getNameAsString();
                    if (scope.unpassable.contains(name)) {
                        ok[0] = false;
                    } else if (n instanceof NameExpr && scope.locals.containsKey(name)) {
                        if (assigned((NameExpr) n)) {
                            ok[0] = false;
                        } else {
                            parameters.put(name, scope.locals.get(name));
                        }
                    }
                } else if (n instanceof ReturnStmt && inThisMethod(n, s)) {
                    boolean jump = ((ReturnStmt) n).getExpression().map(e -> e instanceof NullLiteralExpr).orElse(false);
                    flags[jump ? 1 : 0] = true;
                } else if ((n instanceof BreakStmt || n instanceof ContinueStmt) && inThisMethod(n, s)) {
                    if (isLoopJump(n)) {
                        flags[1] = true;
                    } else if (!leavesNothing(n, run)) {
                        ok[0] = false;
                    }
                } else if (n instanceof YieldStmt && Walk.ancestor(n, SwitchExpr.class)
                        .map(x -> !within(x, run)).orElse(true)) {
                    ok[0] = false;
                } else if (n instanceof AssignExpr && isPc((AssignExpr) n)
                        && Integer.parseInt(((AssignExpr) n).getValue().asIntegerLiteralExpr().getValue()) == label) {
                    ok[0] = false; // a jump to its own case: the caller could not tell it from falling through
                }
            });
            if (!ok[0]) {
                return null;
            }
        }
        return new Run(parameters, flags[0], flags[1]);
    }

    private static boolean isLoopJump(Node n) {
        return n instanceof ContinueStmt && ((ContinueStmt) n).getLabel().map(l -> l.asString().equals(LOOP)).orElse(false);
    }

    /** Whether a break or continue goes to a statement inside the run. */
    private static boolean leavesNothing(Node jump, List<Statement> run) {
        String label = jump instanceof BreakStmt ? ((BreakStmt) jump).getLabel().map(l -> l.asString()).orElse(null)
                : ((ContinueStmt) jump).getLabel().map(l -> l.asString()).orElse(null);
        for (Node x = jump.getParentNode().orElse(null); x != null; x = x.getParentNode().orElse(null)) {
            boolean target = label != null ? x instanceof LabeledStmt && ((LabeledStmt) x).getLabel().asString().equals(label)
                    : x instanceof WhileStmt || x instanceof ForStmt || x instanceof DoStmt || x instanceof ForEachStmt
                    || jump instanceof BreakStmt && x instanceof SwitchStmt;
            if (target) {
                return within(x, run);
            }
        }
        return false;
    }

    private static boolean within(Node n, List<Statement> run) {
        for (Statement s : run) {
            if (s == n || Walk.isAncestorOf(s, n)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code n} belongs to the code of the method {@code top} stands in (not a lambda's or a class's). */
    private static boolean inThisMethod(Node n, Node top) {
        for (Node x = n.getParentNode().orElse(null); x != null && x != top; x = x.getParentNode().orElse(null)) {
            if (x instanceof LambdaExpr || x instanceof com.github.javaparser.ast.body.BodyDeclaration
                    || x instanceof LocalClassDeclarationStmt || x instanceof LocalRecordDeclarationStmt) {
                return false;
            }
        }
        return true;
    }

    private static boolean assigned(NameExpr n) {
        Node p = n.getParentNode().orElse(null);
        if (p instanceof AssignExpr && ((AssignExpr) p).getTarget() == n) {
            return true;
        }
        if (p instanceof UnaryExpr) {
            UnaryExpr.Operator op = ((UnaryExpr) p).getOperator();
            return op == UnaryExpr.Operator.PREFIX_INCREMENT || op == UnaryExpr.Operator.PREFIX_DECREMENT
                    || op == UnaryExpr.Operator.POSTFIX_INCREMENT || op == UnaryExpr.Operator.POSTFIX_DECREMENT;
        }
        return false;
    }

    private static boolean mentionsAny(Node n, Set<String> names) {
        return Walk.findFirst(n, Node.class, x -> x instanceof NameExpr && names.contains(((NameExpr) x).getNameAsString())
                || x instanceof ClassOrInterfaceType && names.contains(((ClassOrInterfaceType) x).getNameAsString()))
                .isPresent();
    }

    /**
     * Replaces the run by a call of a new method holding it; returns how many statements now stand where
     * the run stood.
     */
    private int outline(NodeList<Statement> list, int from, int to, Run run, int label) {
        String name = "bambooPart" + (++parts);
        boolean outcome = run.returns() || run.jumps();
        MethodDeclaration m = method(name, outcome);
        NodeList<Expression> arguments = new NodeList<>();
        for (Map.Entry<String, Type> p : run.parameters().entrySet()) {
            m.addParameter(new Parameter(p.getValue().clone(), p.getKey()));
            arguments.add(new NameExpr(p.getKey()));
        }
        List<Statement> moved = new ArrayList<>(list.subList(from, to));
        for (int k = from; k < to; k++) {
            list.remove(from);
        }
        BlockStmt body = new BlockStmt();
        for (Statement s : moved) {
            body.addStatement(s);
        }
        for (ContinueStmt c : Walk.findAll(body, ContinueStmt.class, MethodSplitter::isLoopJump)) {
            c.replace(new ReturnStmt(new NullLiteralExpr())); // to the caller, which jumps on
        }
        if (outcome && Completion.canComplete(body.getStatements())) {
            body.addStatement(new ReturnStmt(new NullLiteralExpr()));
        }
        m.setBody(body);
        m.setLineComment(" statements of execute() without evaluation points, a method of their own so that"
                + " HotSpot compiles it" + (outcome ? "; null: go on at pc" : ""));
        if (label < 0) {
            m.setLineComment(" statements of init(), a method of their own so that HotSpot compiles it");
        }
        methods.add(m);
        MethodCallExpr call = new MethodCallExpr(null, name, arguments);
        List<Statement> site = new ArrayList<>();
        if (run.returns()) {
            String v = "bambooOutcome" + parts;
            site.add(new ExpressionStmt(new VariableDeclarationExpr(new VariableDeclarator(outcome(), v, call))));
            site.add(parse("if (" + v + " != null) { return " + v + "; }"));
        } else {
            site.add(new ExpressionStmt(call));
        }
        if (run.jumps()) {
            site.add(parse("if (pc != " + label + ") { continue " + LOOP + "; }"));
        }
        list.addAll(from, site);
        return site.size();
    }

    // ---- loops ---------------------------------------------------------------------------------------

    /**
     * Moves each outermost loop of {@code m}'s body that has no evaluation point, no return and no jump
     * out into a method {@code bambooLoopN()} of its own; the new methods go to {@link #methods()}. In a
     * long state machine such a loop would be compiled only with the whole method: C1 gives up on a
     * switch of a few thousand bytes ("out of virtual registers") and C2 takes long, so a hot kernel runs
     * interpreted meanwhile. The task fields of main's locals it uses ({@code taskLocals}) are read into
     * locals of the same name first (and the ones it assigns written back at the end), so the JIT keeps
     * them in registers as it does the original locals.
     */
    public void outlineLoops(MethodDeclaration m, Map<String, Type> taskLocals) {
        m.getBody().ifPresent(body -> {
            List<Statement> work = new ArrayList<>();
            loopsIn(body, work);
            while (!work.isEmpty()) {
                Statement loop = work.remove(0);
                if (!outlineLoop(loop, taskLocals)) {
                    List<Statement> inner = new ArrayList<>();
                    loopsIn(loopBody(loop), inner);
                    work.addAll(0, inner);
                }
            }
        });
    }

    /** The outermost loops under {@code n} that belong to its method's own code (not a lambda's or a class's). */
    private static void loopsIn(Node n, List<Statement> out) {
        for (Node child : n.getChildNodes()) {
            if (child instanceof LambdaExpr || child instanceof com.github.javaparser.ast.body.BodyDeclaration
                    || child instanceof LocalClassDeclarationStmt || child instanceof LocalRecordDeclarationStmt
                    || child instanceof ObjectCreationExpr && ((ObjectCreationExpr) child).getAnonymousClassBody().isPresent()) {
                continue;
            }
            if (isLoop(child)) {
                out.add((Statement) child);
            } else {
                loopsIn(child, out);
            }
        }
    }

    private static boolean isLoop(Node n) {
        return n instanceof ForStmt || n instanceof ForEachStmt || n instanceof WhileStmt || n instanceof DoStmt;
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

    /** Replaces {@code loop} (with its label, if any) by a call of a method holding it; false where it must stay. */
    private boolean outlineLoop(Statement loop, Map<String, Type> taskLocals) {
        Statement unit = loop.getParentNode().filter(LabeledStmt.class::isInstance).map(Statement.class::cast).orElse(loop);
        Node parent = unit.getParentNode().orElse(null);
        if (parent == null || unit.getParentNode().filter(x -> x instanceof LabeledStmt).isPresent()) {
            return false;
        }
        NodeList<Statement> list;
        BlockStmt wrapper = null;
        if (parent instanceof BlockStmt) {
            list = ((BlockStmt) parent).getStatements();
        } else if (parent instanceof SwitchEntry) {
            list = ((SwitchEntry) parent).getStatements();
        } else if (parent instanceof Statement) {
            wrapper = asBlock(unit); // the body of an if or a loop without braces
            list = wrapper.getStatements();
        } else {
            return false;
        }
        int index = indexOf(list, unit);
        Run run = run(list, index, index + 1, -1);
        if (run == null || run.returns() || run.jumps()) {
            if (wrapper != null) {
                wrapper.getStatements().clear();
                wrapper.replace(unit);
            }
            return false;
        }
        Set<String> declared = new HashSet<>();
        Set<String> captured = new HashSet<>();
        Set<String> qualified = new HashSet<>();
        Walk.preOrder(unit, n -> {
            if (n instanceof VariableDeclarator) {
                declared.add(((VariableDeclarator) n).getNameAsString());
            } else if (n instanceof Parameter) {
                declared.add(((Parameter) n).getNameAsString());
            } else if (n instanceof TypePatternExpr) {
                declared.add(((TypePatternExpr) n).getNameAsString());
            } else if (n instanceof com.github.javaparser.ast.expr.FieldAccessExpr) {
                qualified.add(((com.github.javaparser.ast.expr.FieldAccessExpr) n).getNameAsString());
            } else if (n instanceof NameExpr && !inThisMethod(n, unit)) {
                captured.add(((NameExpr) n).getNameAsString());
            }
        });
        Map<String, Type> cached = new LinkedHashMap<>();
        Set<String> written = new java.util.LinkedHashSet<>();
        // the methods the state machine was cut into read and assign main's locals in their task fields
        boolean partsCalled = !Walk.findAll(unit, MethodCallExpr.class, c -> c.getScope().isEmpty()
                && (c.getNameAsString().startsWith("bambooPart") || c.getNameAsString().startsWith("bambooExecute")
                || c.getNameAsString().startsWith("bambooLoop"))).isEmpty();
        for (NameExpr x : partsCalled ? List.<NameExpr>of() : Walk.findAll(unit, NameExpr.class)) {
            String name = x.getNameAsString();
            if (!taskLocals.containsKey(name) || run.parameters().containsKey(name) || declared.contains(name)
                    || captured.contains(name) || qualified.contains(name)) {
                continue;
            }
            cached.put(name, taskLocals.get(name));
            if (assigned(x)) {
                written.add(name);
            }
        }
        String name = "bambooLoop" + (++loops);
        MethodDeclaration m = method(name, false);
        NodeList<Expression> arguments = new NodeList<>();
        for (Map.Entry<String, Type> p : run.parameters().entrySet()) {
            m.addParameter(new Parameter(p.getValue().clone(), p.getKey()));
            arguments.add(new NameExpr(p.getKey()));
        }
        BlockStmt body = new BlockStmt();
        for (Map.Entry<String, Type> f : cached.entrySet()) {
            body.addStatement(new ExpressionStmt(new VariableDeclarationExpr(new VariableDeclarator(f.getValue().clone(),
                    f.getKey(), new com.github.javaparser.ast.expr.FieldAccessExpr(new com.github.javaparser.ast.expr.ThisExpr(),
                    f.getKey())))));
        }
        ExpressionStmt call = new ExpressionStmt(new MethodCallExpr(null, name, arguments));
        unit.getComment().ifPresent(c -> call.setComment(c.clone()));
        java.util.Optional<String> from = origin(unit); // the source map reads these comments
        if (unit.getComment().isEmpty()) {
            from.ifPresent(o -> unit.setLineComment(" from " + o));
        }
        if (!body.isEmpty()) {
            from.ifPresent(o -> body.getStatement(0).setLineComment(" from " + o));
        }
        unit.replace(call);
        if (written.isEmpty()) {
            body.addStatement(unit);
        } else {
            BlockStmt back = new BlockStmt();
            for (String w : written) {
                back.addStatement(new ExpressionStmt(new AssignExpr(new com.github.javaparser.ast.expr.FieldAccessExpr(
                        new com.github.javaparser.ast.expr.ThisExpr(), w), new NameExpr(w), AssignExpr.Operator.ASSIGN)));
            }
            body.addStatement(new TryStmt(new BlockStmt(NodeList.nodeList(unit)), new NodeList<>(), back));
        }
        m.setBody(body);
        m.setLineComment(" a loop without evaluation points, a method of its own so that HotSpot compiles it on its"
                + " own; main's locals it uses are locals here");
        methods.add(m);
        return true;
    }

    private static final java.util.regex.Pattern FROM = java.util.regex.Pattern.compile("\\bfrom\\s+(\\S+\\.java:\\d+)");

    /** The {@code X.java:LINE} of the nearest {@code from} comment before {@code s} in its method, if any. */
    private static java.util.Optional<String> origin(Node s) {
        for (Node x = s; x != null && !(x instanceof com.github.javaparser.ast.body.BodyDeclaration);
             x = x.getParentNode().orElse(null)) {
            List<Node> before = new ArrayList<>();
            Node parent = x.getParentNode().orElse(null);
            if (parent instanceof BlockStmt || parent instanceof SwitchEntry) {
                for (Statement t : parent instanceof BlockStmt ? ((BlockStmt) parent).getStatements()
                        : ((SwitchEntry) parent).getStatements()) {
                    if (t == x) {
                        break;
                    }
                    before.add(0, t);
                }
            }
            before.add(0, x);
            for (Node b : before) {
                java.util.Optional<String> o = b.getComment().map(c -> FROM.matcher(c.getContent()))
                        .filter(java.util.regex.Matcher::find).map(m -> m.group(1));
                if (o.isPresent()) {
                    return o;
                }
            }
        }
        return java.util.Optional.empty();
    }

    private static int indexOf(NodeList<Statement> list, Statement s) {
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) == s) {
                return i;
            }
        }
        return -1;
    }

    private static MethodDeclaration method(String name, boolean outcome) {
        MethodDeclaration m = new MethodDeclaration(new NodeList<>(Modifier.privateModifier()),
                outcome ? outcome() : new com.github.javaparser.ast.type.VoidType(), name);
        m.addThrownException(new ClassOrInterfaceType(null, "Exception"));
        return m;
    }

    private static ClassOrInterfaceType outcome() {
        return new ClassOrInterfaceType(null, "Outcome");
    }

    private static Statement parse(String code) {
        return bamboo.translator.parse.Templates.statement(code);
    }

    /** The locals visible at a statement (within its method), and the names a cut-out run may not use. */
    private static final class Scope {
        final Map<String, Type> locals = new LinkedHashMap<>();
        final Set<String> unpassable = new HashSet<>();

        /** The scope at {@code s}, or null where it cannot be told (inside a lambda). */
        static Scope at(Statement s) {
            Scope scope = new Scope();
            Node child = s;
            for (Node p = s.getParentNode().orElse(null); p != null; child = p, p = p.getParentNode().orElse(null)) {
                if (p instanceof LambdaExpr) {
                    return null;
                }
                if (p instanceof BlockStmt) {
                    for (Statement before : ((BlockStmt) p).getStatements()) {
                        if (before == child) {
                            break;
                        }
                        scope.declare(before);
                    }
                } else if (p instanceof SwitchEntry) {
                    SwitchStmt sw = p.getParentNode().filter(SwitchStmt.class::isInstance).map(SwitchStmt.class::cast).orElse(null);
                    if (sw != null && !bamboo.translator.parse.Printed.text(sw.getSelector()).equals("pc")) {
                        for (SwitchEntry e : sw.getEntries()) {
                            if (e == p) {
                                break;
                            }
                            e.getStatements().forEach(scope::declare);
                        }
                    }
                    for (Statement before : ((SwitchEntry) p).getStatements()) {
                        if (before == child) {
                            break;
                        }
                        scope.declare(before);
                    }
                } else if (p instanceof ForStmt) {
                    for (Expression e : ((ForStmt) p).getInitialization()) {
                        if (e instanceof VariableDeclarationExpr) {
                            scope.declare((VariableDeclarationExpr) e);
                        }
                    }
                } else if (p instanceof ForEachStmt) {
                    scope.declare(((ForEachStmt) p).getVariable());
                } else if (p instanceof CatchClause) {
                    scope.unpassable.add(((CatchClause) p).getParameter().getNameAsString()); // may be a union type
                } else if (p instanceof TryStmt) {
                    for (Expression r : ((TryStmt) p).getResources()) {
                        if (r instanceof VariableDeclarationExpr) {
                            scope.declare((VariableDeclarationExpr) r);
                        }
                    }
                } else if (p instanceof MethodDeclaration) {
                    for (Parameter param : ((MethodDeclaration) p).getParameters()) {
                        scope.locals.put(param.getNameAsString(), param.getType());
                    }
                    break;
                } else if (p instanceof com.github.javaparser.ast.body.BodyDeclaration) {
                    break;
                }
                Expression condition = p instanceof IfStmt ? ((IfStmt) p).getCondition()
                        : p instanceof WhileStmt ? ((WhileStmt) p).getCondition()
                        : p instanceof ForStmt ? ((ForStmt) p).getCompare().orElse(null) : null;
                if (condition != null) {
                    // pattern variables of enclosing conditions: their scope is subtle, so they stay where they are
                    Walk.findAll(condition, TypePatternExpr.class).forEach(x -> scope.unpassable.add(x.getNameAsString()));
                }
            }
            return scope;
        }

        private void declare(Statement s) {
            if (s instanceof ExpressionStmt && ((ExpressionStmt) s).getExpression() instanceof VariableDeclarationExpr) {
                declare((VariableDeclarationExpr) ((ExpressionStmt) s).getExpression());
            } else if (s instanceof LocalClassDeclarationStmt) {
                unpassable.add(((LocalClassDeclarationStmt) s).getClassDeclaration().getNameAsString());
            } else if (s instanceof LocalRecordDeclarationStmt) {
                unpassable.add(((LocalRecordDeclarationStmt) s).getRecordDeclaration().getNameAsString());
            }
        }

        private void declare(VariableDeclarationExpr d) {
            for (VariableDeclarator v : d.getVariables()) {
                if (v.getType().isVarType()) {
                    unpassable.add(v.getNameAsString());
                } else {
                    locals.put(v.getNameAsString(), v.getType());
                }
            }
        }
    }
}
