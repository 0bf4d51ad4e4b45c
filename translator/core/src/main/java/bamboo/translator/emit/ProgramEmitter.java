package bamboo.translator.emit;

import bamboo.translator.parse.Walk;
import bamboo.translator.GeneratedSource;
import bamboo.translator.analyse.BodyAnalysis;
import bamboo.translator.analyse.ReceiveSlice;
import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.diagnostics.Diagnostic;
import bamboo.translator.find.BlockKind;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.Program;
import bamboo.translator.find.Region;
import bamboo.translator.outline.MpiRewriter;
import bamboo.translator.outline.StateMachine;
import bamboo.translator.parse.JavaSources;
import bamboo.translator.reorder.BlockOrder;
import bamboo.translator.reorder.Pipelining;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.stmt.BlockStmt;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Stage 6: runs analysis, reordering and outlining for one program and prints its companion classes. */
public final class ProgramEmitter {
    private final JavaSources sources;
    private List<Diagnostic> notes = List.of();

    public ProgramEmitter(JavaSources sources) {
        this.sources = sources;
    }

    /** After {@link #emit}: what became of each region and evaluation point (for {@code check --explain}). */
    public List<Diagnostic> notes() {
        return notes;
    }

    public List<GeneratedSource> emit(Program program, Diagnostics d) {
        int before = d.size();
        new Pipelining(program).run(); // rewrites the rank body: the analysis sees the pipelined send blocks
        BodyAnalysis analysis = new BodyAnalysis(sources.facade(), program, d);
        analysis.run();
        new BlockOrder(program.fileName(), d).check(program);
        String argsField = program.main().getParameter(0).getNameAsString();
        MpiRewriter rewriter = new MpiRewriter(argsField, inspectsRequests(program));
        Map<Region, ReadyMethod> ready = new IdentityHashMap<>();
        List<ReadyMethod> inOrder = new ArrayList<>();
        ReceiveSlice slicer = new ReceiveSlice(program.fileName(), d);
        for (Region r : program.regions()) {
            if (r.parts().stream().noneMatch(p -> p.kind() == BlockKind.RECEIVE && hasReceive(p.block()))) {
                continue;
            }
            BlockStmt body = slicer.build(r);
            if (body == null) {
                continue;
            }
            boolean single = ReceiveSlice.single(r);
            rewriter.rewrite(body);
            if (single) {
                body.getStatement(0).remove(); // unclaim(): one receive needs no claims
                for (MethodCallExpr c : Walk.findAll(body, MethodCallExpr.class)) {
                    if (c.getNameAsString().equals("claim")) {
                        c.setName("arrived");
                    } else if (c.getNameAsString().equals("probeUnclaimed")) {
                        c.setName("probe");
                    }
                }
            }
            String name = "ready" + capitalize(r.labelled().getLabel().asString()) + r.line();
            ReadyMethod m = new ReadyMethod(name, body, r, !single);
            ready.put(r, m);
            inOrder.add(m);
        }
        if (d.size() > before) {
            return List.of();
        }
        boolean yields = usesHints(program);
        StateMachine machine = new StateMachine(program.sourceBaseName(), rewriter,
                r -> ready.containsKey(r) ? new MethodCallExpr(null, ready.get(r).name()) : null, yields);
        BlockStmt execute = machine.build(program.main().getBody().orElseThrow());
        notes = ProgramNotes.of(program, machine, ready);
        TaskClass task = new TaskClass(program, analysis.fields(), execute, machine, inOrder, yields);
        List<GeneratedSource> out = new ArrayList<>();
        out.add(new GeneratedSource(program.packageName(), TaskClass.name(program), program.fileName(), task.print()));
        out.add(new GeneratedSource(program.packageName(), EntryPoint.name(program), program.fileName(),
                new EntryPoint(program).print()));
        return out;
    }

    /** A region's firing rule as a method of the task. */
    public record ReadyMethod(String name, BlockStmt body, Region region, boolean counts) {
    }

    private static boolean hasReceive(BlockStmt b) {
        for (MethodCallExpr c : Walk.findAll(b, MethodCallExpr.class)) {
            MpiCall m = MpiCall.of(c);
            if (m != null && (m.op().isReceive() || m.op() == bamboo.translator.find.MpiOp.PROBE || m.op().isStart())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether main looks at requests beyond waiting for them (Waitany, Test..., a Wait's Status, Is_null,
     * and Start, which must find its persistent request inactive again): then its Wait / Waitall statements
     * must mark requests inactive instead of vanishing.
     */
    private static boolean inspectsRequests(Program p) {
        for (MethodCallExpr c : Walk.findAll(p.main(), MethodCallExpr.class)) {
            MpiCall m = MpiCall.of(c);
            if (m != null && (m.op().inspectsRequests() || m.op().isStart() || m.op() == bamboo.translator.find.MpiOp.IS_NULL
                    || m.op().isWait()
                    && !(c.getParentNode().orElse(null) instanceof com.github.javaparser.ast.stmt.ExpressionStmt))) {
                return true;
            }
        }
        return false;
    }

    private static boolean usesHints(Program p) {
        for (MethodCallExpr c : Walk.findAll(p.main(), MethodCallExpr.class)) {
            MpiCall m = MpiCall.of(c);
            if (m != null && m.op().isHint()) {
                return true;
            }
        }
        return false;
    }

    static String capitalize(String s) {
        return s.isEmpty() ? s : s.substring(0, 1).toUpperCase(Locale.ROOT) + s.substring(1);
    }

    static NodeList<Expression> none() {
        return new NodeList<>();
    }
}
