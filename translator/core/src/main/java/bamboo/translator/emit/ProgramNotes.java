package bamboo.translator.emit;

import bamboo.translator.analyse.Marks;
import bamboo.translator.collectives.CollectiveInliner;
import bamboo.translator.diagnostics.Diagnostic;
import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.diagnostics.Origin;
import bamboo.translator.outline.FiringRules.ReadyMethod;
import bamboo.translator.find.BlockKind;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.Program;
import bamboo.translator.find.Region;
import bamboo.translator.outline.StateMachine;
import bamboo.translator.reorder.Pipelining;
import com.github.javaparser.Position;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.stmt.LabeledStmt;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What became of one program, as notes for {@code bamboo check --explain}: each olap region (when its
 * task continues, whether its send blocks were pipelined and why not), each blocking call outside regions
 * that became an evaluation point of its own (a wait nothing overlaps), and each collective inlined from
 * the library. Answers the user's first question about a translation: where does my program still wait?
 */
final class ProgramNotes {
    private final Program program;
    private final List<Diagnostic> notes = new ArrayList<>();

    private ProgramNotes(Program program) {
        this.program = program;
    }

    static List<Diagnostic> of(Program program, StateMachine machine, Map<Region, ReadyMethod> ready) {
        ProgramNotes n = new ProgramNotes(program);
        n.regions(ready);
        n.points(machine.points());
        return n.notes;
    }

    private void regions(Map<Region, ReadyMethod> ready) {
        for (Region r : program.regions()) {
            if (CollectiveInliner.enclosingCollective(r.labelled()) != null) {
                continue; // reported once, with its collective
            }
            StringBuilder m = new StringBuilder("olap region '").append(asWritten(r.labelled())).append("': ");
            ReadyMethod rule = ready.get(r);
            if (rule == null) {
                m.append("no receive in its receive blocks, so the task never waits at its entry");
            } else {
                int receives = receives(r);
                m.append("an evaluation point: the task continues when ")
                        .append(receives == 1 ? "the receive" : "the " + receives + " receives")
                        .append(" of its receive blocks can complete, else it yields (firing rule ")
                        .append(rule.name()).append("() of the task class)");
            }
            String decision = r.labelled().containsData(Pipelining.DECISION) ? r.labelled().getData(Pipelining.DECISION) : null;
            if (decision != null) {
                m.append("; ").append(decision);
            }
            add(r.labelled(), m.toString());
        }
    }

    private void points(List<StateMachine.Point> points) {
        // by identity (two copies of one collective are equal nodes), in the order they come
        Map<Node, Integer> collectives = new IdentityHashMap<>();
        List<Node> collectiveOrder = new ArrayList<>();
        Set<Node> regionPoints = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Region r : program.regions()) {
            regionPoints.add(r.labelled());
        }
        for (StateMachine.Point p : points) {
            Node inlined = CollectiveInliner.enclosingCollective(p.source());
            if (inlined != null) {
                if (collectives.merge(inlined, 1, Integer::sum) == 1) {
                    collectiveOrder.add(inlined);
                }
            } else if (!regionPoints.contains(p.source())) {
                String call = p.note().substring(0, p.note().indexOf(" at "));
                add(p.source(), "blocking " + call + " outside any olap region: an evaluation point of its own "
                        + "(the task yields here until it can complete; nothing of this task overlaps the wait)");
            }
        }
        for (Node c : collectiveOrder) {
            MethodCallExpr call = c.getData(CollectiveInliner.INLINED_FROM);
            int waits = collectives.get(c);
            add(c, call.getNameAsString() + ": inlined from the collectives library as point-to-point "
                    + "messages; " + waits + (waits == 1 ? " evaluation point" : " evaluation points")
                    + " where the task waits for its partners and other tasks run");
        }
    }

    /**
     * The region's label as the user wrote it: each inlining that brought it into main appended
     * {@code In<count>} to keep labels of nested copies apart, one per call of its origin's chain.
     */
    private static String asWritten(LabeledStmt l) {
        String label = l.getLabel().asString();
        if (!l.containsData(Origin.KEY)) {
            return label;
        }
        for (int i = 0; i < l.getData(Origin.KEY).via().size(); i++) {
            label = label.replaceFirst("In\\d+$", "");
        }
        return label;
    }

    private static boolean fromMethod(Node n) {
        for (Node x = n; x != null; x = x.getParentNode().orElse(null)) {
            if (x.containsData(Origin.KEY)) {
                return true;
            }
        }
        return false;
    }

    private static int receives(Region r) {
        int n = 0;
        for (Region.Part p : r.parts()) {
            if (p.kind() == BlockKind.RECEIVE) {
                for (MethodCallExpr c : p.block().findAll(MethodCallExpr.class)) {
                    MpiCall m = MpiCall.of(c);
                    if (m != null && m.op().isReceive()) {
                        n++;
                    }
                }
            }
        }
        return n;
    }

    /**
     * At the node's first character; code inlined from a method, where that method was written (with the
     * calls that reach it from main); a collective, at its call; other inlined code, which has no position,
     * at the line it stands for.
     */
    private void add(Node node, String message) {
        Node at = node.containsData(CollectiveInliner.INLINED_FROM) ? node.getData(CollectiveInliner.INLINED_FROM) : node;
        if (fromMethod(at)) {
            notes.add(Diagnostics.at(program.fileName(), at, Diagnostic.Kind.NOTE, message));
            return;
        }
        Position p = node.getBegin().orElse(node.containsData(CollectiveInliner.INLINED_AT)
                ? node.getData(CollectiveInliner.INLINED_AT) : null);
        int line = p != null ? p.line : Marks.line(node);
        int column = p != null ? p.column : 1;
        notes.add(new Diagnostic(program.fileName(), line, column, Diagnostic.Kind.NOTE, message));
    }
}
