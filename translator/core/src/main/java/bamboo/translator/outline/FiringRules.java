package bamboo.translator.outline;

import bamboo.translator.analyse.ReceiveSlice;
import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.BlockKind;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.MpiOp;
import bamboo.translator.find.Program;
import bamboo.translator.find.Region;
import bamboo.translator.parse.Walk;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.stmt.BlockStmt;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The firing rule of every region that receives: a method of the task ({@code readyOlapLINE()}) that
 * dry-runs the region's receive blocks (the receive slice) and answers whether each receive's message
 * has arrived. The state machine tests it at the region's evaluation point.
 */
public final class FiringRules implements StateMachine.Rules {
    /** A region's firing rule as a method of the task; {@code counts}: it claims messages (several receives). */
    public record ReadyMethod(String name, BlockStmt body, Region region, boolean counts) {
    }

    private final Map<Region, ReadyMethod> byRegion = new IdentityHashMap<>();
    private final List<ReadyMethod> inOrder = new ArrayList<>();

    /** Builds the rules of {@code program}'s regions, with their MPI calls rewritten by {@code rewriter}. */
    public FiringRules(Program program, MpiRewriter rewriter, Diagnostics d) {
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
            byRegion.put(r, m);
            inOrder.add(m);
        }
    }

    @Override
    public Expression regionRule(Region region) {
        ReadyMethod m = byRegion.get(region);
        return m == null ? null : new MethodCallExpr(null, m.name());
    }

    /** The rule of each region that has one. */
    public Map<Region, ReadyMethod> byRegion() {
        return byRegion;
    }

    /** The rules in the order of the regions. */
    public List<ReadyMethod> inOrder() {
        return inOrder;
    }

    private static boolean hasReceive(BlockStmt b) {
        for (MethodCallExpr c : Walk.findAll(b, MethodCallExpr.class)) {
            MpiCall m = MpiCall.of(c);
            if (m != null && (m.op().isReceive() || m.op() == MpiOp.PROBE || m.op().isStart())) {
                return true;
            }
        }
        return false;
    }

    private static String capitalize(String s) {
        return s.isEmpty() ? s : s.substring(0, 1).toUpperCase(Locale.ROOT) + s.substring(1);
    }
}
