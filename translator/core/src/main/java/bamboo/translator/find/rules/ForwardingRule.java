package bamboo.translator.find.rules;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.BlockKind;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.PersistentRequests;
import bamboo.translator.find.Region;
import bamboo.translator.parse.Walk;
import com.github.javaparser.ast.expr.MethodCallExpr;

import java.util.Set;

/**
 * A send in a receive block must forward: stand after a receive of that block. The translation runs a
 * receive block after its region's evaluation point, so a send before every receive of the block would
 * be held back until the messages arrive, which a peer may be waiting for (a deadlock the original did
 * not have). After a receive, the original already waited there.
 */
public final class ForwardingRule implements RegionRule {
    @Override
    public void check(String file, Region r, Diagnostics d) {
        for (Region.Part p : r.parts()) {
            if (p.kind() != BlockKind.RECEIVE) {
                continue;
            }
            boolean received = false;
            for (MethodCallExpr call : Walk.findAll(p.block(), MethodCallExpr.class)) {
                MpiCall mpi = MpiCall.of(call);
                if (mpi == null) {
                    continue;
                }
                Set<PersistentRequests.Kind> started = mpi.op().isStart() ? PersistentRequests.started(call) : Set.of();
                if (mpi.op().isReceive() || started.contains(PersistentRequests.Kind.RECEIVE)) {
                    received = true;
                } else if ((mpi.op().isSend() || started.contains(PersistentRequests.Kind.SEND)) && !received) {
                    d.error(file, call, mpi.name() + " in a receive block before any receive: a send there must "
                            + "forward received data; move it to a send block or after the receive it forwards");
                }
            }
        }
    }
}
