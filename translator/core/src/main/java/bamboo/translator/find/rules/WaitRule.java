package bamboo.translator.find.rules;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.DeferredRequests;
import bamboo.translator.find.MpiOp;
import bamboo.translator.find.ResultUse;

import java.util.Set;

/**
 * Wait / Waitall complete at once in translated code, except on an Irecv deferred outside receive blocks:
 * then the wait is an evaluation point and must stand where a task can suspend.
 */
public final class WaitRule implements CallRule {
    @Override
    public Set<MpiOp> ops() {
        return Set.of(MpiOp.WAIT, MpiOp.WAITALL);
    }

    @Override
    public void check(CallContext c, Diagnostics d) {
        if (c.inSendOrReceive() || !DeferredRequests.mayInvolve(c.call())) {
            return; // an ordinary call, whatever its result feeds
        }
        String name = c.name();
        if (c.barrier().isPresent()) {
            d.error(c.file(), c.call(), name + " inside " + c.barrier().get() + " waits for an Irecv outside a receive "
                    + "block, so it is an evaluation point, and a task cannot suspend there; move it out");
        } else if (ResultUse.statement(c.call()) == null) {
            d.error(c.file(), c.call(), name + " waits for an Irecv outside a receive block, so it is an evaluation "
                    + "point: call it as a statement or assign its result to a variable");
        }
    }
}
