package bamboo.translator.find.rules;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.MpiOp;
import bamboo.translator.find.ResultUse;

import java.util.Set;

/**
 * Sendrecv and Sendrecv_replace both send and wait for a receive: an evaluation point outside regions,
 * and two halves that belong in different blocks inside one.
 */
public final class SendrecvRule implements CallRule {
    @Override
    public Set<MpiOp> ops() {
        return Set.of(MpiOp.SENDRECV, MpiOp.SENDRECV_REPLACE);
    }

    @Override
    public void check(CallContext c, Diagnostics d) {
        String name = c.name();
        int args = c.call().getArguments().size();
        if (c.op() == MpiOp.SENDRECV_REPLACE && args != 8) {
            d.error(c.file(), c.call(), "Sendrecv_replace(...) with " + args + " arguments is not the mpiJava form "
                    + "(buf, offset, count, type, dest, sendtag, source, recvtag)");
            return;
        }
        if (c.inSendOrReceive()) {
            d.error(c.file(), c.call(), name + " inside a " + c.kind().label() + " block: split it into a Send in the "
                    + "send block and a Recv in the receive block");
        } else if (c.barrier().isPresent()) {
            d.error(c.file(), c.call(), name + " inside " + c.barrier().get() + ": the task cannot suspend there");
        } else if (ResultUse.statement(c.call()) == null) {
            d.error(c.file(), c.call(), "the Status of " + name + " must be assigned to a variable ('Status st = ..."
                    + name + "(...);'): it is an evaluation point, and a task suspends only between statements");
        }
    }
}
