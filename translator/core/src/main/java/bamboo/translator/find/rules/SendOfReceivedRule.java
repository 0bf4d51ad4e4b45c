package bamboo.translator.find.rules;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.BlockKind;
import bamboo.translator.find.CallRules;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.MpiOp;
import bamboo.translator.find.Region;
import bamboo.translator.parse.Printed;
import bamboo.translator.parse.Walk;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;

import java.util.HashSet;
import java.util.Set;

/**
 * A send block before the compute block runs, translated, before the region's receives (that is the
 * overlap), so it must not send a buffer a receive block written before it receives into: untranslated
 * it would send the received data (after a blocking Recv) or race with the receive (after an Irecv),
 * translated the data from before the region. A send block written before the receive block sends the
 * old data both ways; send blocks after the compute block run after the receives and may send it.
 * Only a sure overlap is refused: the same array (or row) at the same offset expression (a halo sends
 * the interior of the array whose ghost cells it receives: not refused).
 */
public final class SendOfReceivedRule implements RegionRule {
    @Override
    public void check(String file, Region r, Diagnostics d) {
        Set<String> received = new HashSet<>(); // "root@offset" of the receive blocks so far
        for (Region.Part p : r.parts()) {
            if (p.kind() == BlockKind.COMPUTE) {
                return;
            }
            for (MethodCallExpr call : Walk.findAll(p.block(), MethodCallExpr.class)) {
                MpiCall mpi = MpiCall.of(call);
                if (mpi == null || call.getArguments().size() < 6) {
                    continue;
                }
                if (p.kind() == BlockKind.RECEIVE && (mpi.op() == MpiOp.RECV || mpi.op() == MpiOp.IRECV)) {
                    received.add(slice(call));
                } else if (p.kind() == BlockKind.SEND && mpi.op().isSend() && received.contains(slice(call))) {
                    d.error(file, call.getArgument(MpiCall.BUF), mpi.name() + " in a send block sends '"
                            + CallRules.rootName(call.getArgument(MpiCall.BUF)) + "', which a receive block before it "
                            + "receives into at the same offset: send blocks do not depend on receive blocks "
                            + "(translated, they run before the receives and would send the old data); send it after "
                            + "the compute block or in a later region");
                }
            }
        }
    }

    /**
     * The buffer and offset of a point-to-point call, e.g. {@code b@0}; a row of a 2-D array keeps its
     * index ({@code p[n - 2]@0}), so a halo that sends one row and receives into another is not taken for
     * a send of what it receives.
     */
    private static String slice(MethodCallExpr call) {
        Expression b = call.getArgument(MpiCall.BUF);
        while (b.isEnclosedExpr() || b.isCastExpr()) {
            b = b.isEnclosedExpr() ? b.asEnclosedExpr().getInner() : b.asCastExpr().getExpression();
        }
        String buffer = b.isArrayAccessExpr() ? Printed.text(b).replace(" ", "") : CallRules.rootName(b);
        return buffer + "@" + Printed.text(call.getArgument(MpiCall.OFFSET));
    }
}
