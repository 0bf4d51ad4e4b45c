package bamboo.translator.find.rules;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.DeferredRequests;
import bamboo.translator.find.MpiOp;
import bamboo.translator.find.ResultUse;

import java.util.Set;

/**
 * Waitany, Waitsome and the Test family. Translated requests are complete at once, except Irecvs outside
 * receive blocks: with those, a wait is an evaluation point and a test a yield point (a polling loop
 * must let the sender run), which must stand as statements where a task can suspend.
 */
public final class RequestCallRule implements CallRule {
    @Override
    public Set<MpiOp> ops() {
        return Set.of(MpiOp.WAITANY, MpiOp.WAITSOME, MpiOp.TEST, MpiOp.TESTALL, MpiOp.TESTANY, MpiOp.TESTSOME);
    }

    @Override
    public void check(CallContext c, Diagnostics d) {
        if (!DeferredRequests.mayInvolve(c.call())) {
            return;
        }
        String name = c.name();
        if (c.inSendOrReceive()) {
            d.error(c.file(), c.call(), name + " in a " + c.kind().label() + " block of a program with Irecvs outside "
                    + "receive blocks is not translated: it may wait for one of them; call it in the compute block or "
                    + "after the region");
        } else if (c.barrier().isPresent()) {
            d.error(c.file(), c.call(), name + " inside " + c.barrier().get() + " may wait for an Irecv outside a "
                    + "receive block, and a task cannot suspend there; move it out");
        } else if (ResultUse.statement(c.call()) == null) {
            d.error(c.file(), c.call(), name + " may wait for an Irecv outside a receive block: call it as a statement "
                    + "or assign its result to a variable");
        }
    }
}
