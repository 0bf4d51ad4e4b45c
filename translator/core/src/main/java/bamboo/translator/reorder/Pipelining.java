package bamboo.translator.reorder;

import bamboo.translator.parse.Walk;
import bamboo.translator.analyse.Marks;
import bamboo.translator.collectives.CollectiveInliner;
import bamboo.translator.find.BlockKind;
import bamboo.translator.find.Program;
import bamboo.translator.find.Region;
import com.github.javaparser.ast.DataKey;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.SimpleName;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.LabeledStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.type.PrimitiveType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The reorder stage, first of the per-program stages ({@link bamboo.translator.Translator}): block
 * reordering across iterations: the send blocks of a region in a {@code for} loop are pipelined into the
 * previous iteration. At the end of iteration i, right after the region's compute block (and its later send
 * blocks), the task runs the send blocks of iteration i+1, guarded by "iteration i+1 exists" (the loop
 * condition with the loop variable's next value); the send blocks at their own place then run only when the
 * previous iteration did not send for them (the first iteration, or after a {@code continue} that skipped
 * the end of the region), which a per-region flag says. So a task's next messages are already travelling
 * while it finishes the loop tail (an {@code Allreduce} every few iterations, say) and its neighbours' next
 * iteration does not wait for that tail.
 *
 * <p>The rewrite happens on the rank body before the analysis, so the hoisting of locals into task fields
 * and the outlining treat the new code like any other. {@link Legality} decides, conservatively, whether the
 * move preserves the program's meaning; when it does not, the region keeps today's order (its send blocks
 * before its own evaluation point) and the generated code says why in a comment.
 */
public final class Pipelining {
    /** On a region's labelled statement: "pipelined ..." or "not pipelined: why", for the comments. */
    public static final DataKey<String> DECISION = new DataKey<>() {
    };
    /** On the labelled send block this stage adds: the guard it runs under, as written in the output. */
    public static final DataKey<String> NEXT_ITERATION = new DataKey<>() {
    };

    private final Program program;

    public Pipelining(Program program) {
        this.program = program;
    }

    /** Decides for every region and rewrites the ones that are pipelined. */
    public void run() {
        Effects.Names names = new Effects.Names(program.type(), program.main());
        List<Region> regions = new ArrayList<>(program.regions());
        for (Region r : regions) {
            if (CollectiveInliner.enclosingCollective(r.labelled()) != null) {
                continue; // library code: its loops step by doubling or by rank, and it is not the user's to read
            }
            Legality.Decision d = new Legality(names, program.main()).decide(r);
            if (d == null) {
                continue; // no send block before the compute block, or not in a loop: nothing to say
            }
            if (!d.legal()) {
                r.labelled().setData(DECISION, "not pipelined: " + d.reason());
            } else {
                rewrite(r, d);
            }
        }
    }

    private void rewrite(Region r, Legality.Decision d) {
        String flag = "bambooPiped" + capitalize(r.labelled().getLabel().asString()) + r.line();
        BlockStmt main = program.main().getBody().orElseThrow();
        main.getStatements().addFirst(new ExpressionStmt(new VariableDeclarationExpr(
                new VariableDeclarator(PrimitiveType.booleanType(), flag, new BooleanLiteralExpr(false)))));

        List<Region.Part> sends = d.sends();
        NodeList<Statement> next = new NodeList<>();
        for (Map.Entry<String, Expression> reset : d.resets().entrySet()) {
            Expression value = d.step().substituted(reset.getValue());
            next.add(lined(new ExpressionStmt(new AssignExpr(new NameExpr(reset.getKey()), value,
                    AssignExpr.Operator.ASSIGN)), sends.get(0).line()));
        }
        for (Region.Part p : sends) {
            lineAll(p.block());
            BlockStmt copy = p.block().clone();
            copyPositions(p.block(), copy);
            d.step().substitute(copy);
            next.add(copy);
        }
        next.add(lined(setFlag(flag, true), sends.get(0).line()));
        Expression guard = d.step().guard(d.loop());
        IfStmt guarded = new IfStmt(guard, new BlockStmt(next), null);
        LabeledStmt part = new LabeledStmt(new SimpleName(nextLabel()), new BlockStmt(NodeList.nodeList(
                lined(guarded, sends.get(0).line()))));
        part.setData(NEXT_ITERATION, guard.toString());
        lined(part, sends.get(0).line());
        positioned(part, sends.get(0).labelled());
        r.body().getStatements().add(part);
        r.parts().add(new Region.Part(BlockKind.SEND, part, (BlockStmt) part.getStatement(), sends.get(0).line()));

        // At their own place the send blocks run only when the previous iteration did not run them.
        for (int i = 0; i < sends.size(); i++) {
            BlockStmt block = sends.get(i).block();
            List<Statement> statements = new ArrayList<>(block.getStatements());
            block.setStatements(new NodeList<>()); // detach first: the old list would orphan them again
            BlockStmt old = new BlockStmt(new NodeList<>(statements));
            NodeList<Statement> now = new NodeList<>();
            now.add(lined(new IfStmt(new UnaryExpr(new NameExpr(flag), UnaryExpr.Operator.LOGICAL_COMPLEMENT),
                    old, null), sends.get(i).line()));
            if (i == sends.size() - 1) {
                now.add(lined(setFlag(flag, false), sends.get(i).line()));
            }
            block.setStatements(now);
            positioned(block, sends.get(i).labelled());
        }
        r.labelled().setData(DECISION, "pipelined: the next iteration's send blocks run at the end of this one");
    }

    /** A send label no statement of main uses yet (labels may not repeat when nested). */
    private String nextLabel() {
        BlockStmt main = program.main().getBody().orElseThrow();
        String label = "sendNext";
        for (int k = 2; hasLabel(main, label); k++) {
            label = "sendNext" + k;
        }
        return label;
    }

    private static boolean hasLabel(BlockStmt main, String label) {
        return !Walk.findAll(main, LabeledStmt.class, l -> l.getLabel().asString().equals(label)).isEmpty();
    }

    private static ExpressionStmt setFlag(String flag, boolean value) {
        return new ExpressionStmt(new AssignExpr(new NameExpr(flag), new BooleanLiteralExpr(value),
                AssignExpr.Operator.ASSIGN));
    }

    /** Positions of the original send blocks, kept on their nodes so that copies name the source line. */
    private static void lineAll(Node n) {
        for (Node c : Walk.findAll(n, Node.class)) {
            if (!c.containsData(Marks.LINE)) {
                c.getBegin().ifPresent(p -> c.setData(Marks.LINE, p.line));
            }
        }
    }

    /**
     * Gives a clone its original's positions, node by node (the clone has the same shape). The analysis
     * renames a local's uses by position (those after its declaration), so the copies must have them.
     */
    private static void copyPositions(Node original, Node copy) {
        List<Node> from = Walk.findAll(original, Node.class);
        List<Node> to = Walk.findAll(copy, Node.class);
        for (int i = 0; i < Math.min(from.size(), to.size()); i++) {
            Node f = from.get(i);
            if (f.getClass() == to.get(i).getClass()) {
                f.getRange().ifPresent(to.get(i)::setRange);
            }
        }
    }

    /** New nodes take the position of the send block they come from (after the loop variable's declaration). */
    private static void positioned(Node n, Node at) {
        at.getRange().ifPresent(range -> {
            for (Node c : Walk.findAll(n, Node.class)) {
                if (c.getRange().isEmpty()) {
                    c.setRange(range);
                }
            }
        });
    }

    private static <T extends Node> T lined(T n, int line) {
        for (Node c : Walk.findAll(n, Node.class)) {
            if (!c.containsData(Marks.LINE) && c.getBegin().isEmpty()) {
                c.setData(Marks.LINE, line);
            }
        }
        return n;
    }

    private static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
